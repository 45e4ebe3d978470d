/**
 * "What to watch" for a 10-K, 10-Q or late-filing notice (issue #25): only follow-ups the report's
 * own facts make specific (going-concern doubt, the new risk factors by name, the extension a late
 * notice buys); an on-time report with none of these has nothing to watch. No I/O.
 */
import type { ReportDiff } from '#shared/report-diff';
import type { PeriodicDetail } from '../parse/types';

/** How many new risk factors are named before "and N more", and how long a heading may run. */
const NAMED = 3;
const HEADING_CHARS = 90;

/** A heading as one quoted line: spaces collapsed, closing punctuation dropped, cut at a word. */
function heading(h: string): string {
  const flat = h
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[.:;]+$/, '');
  if (flat.length <= HEADING_CHARS) return `“${flat}”`;
  return `“${flat.slice(0, flat.lastIndexOf(' ', HEADING_CHARS))}…”`;
}

function named(headings: string[]): string {
  const shown = headings.slice(0, NAMED).map(heading);
  const more = headings.length - shown.length;
  return more > 0 ? `${shown.join('; ')} and ${more} more` : shown.join('; ');
}

export function reportWatch(form: string, details: unknown, diff: ReportDiff | null | undefined): string[] {
  const d =
    (details as Partial<PeriodicDetail> | null | undefined)?.kind === 'periodic' ? (details as PeriodicDetail) : null;
  const annual = /10-K/.test(form);
  if (d?.isLateNotice)
    return [
      `The ${annual ? '10-K' : '10-Q'} itself: Rule 12b-25 allows ${annual ? 'fifteen' : 'five'} more calendar days after the due date. A report later than that, or one that comes with a restatement (8-K Item 4.02), is the news.`,
    ];
  const out: string[] = [];
  if (d?.goingConcern)
    out.push(
      'Whether the company raises the money it says it needs to keep operating (an 8-K or a prospectus), and whether the next 10-K’s audit report keeps its going-concern paragraph.',
    );
  const added = (diff?.riskFactorsAdded ?? []).map((r) => r.heading).filter((h) => h.trim().length > 0);
  if (added.length)
    out.push(
      `Whether the new risk factor${added.length === 1 ? '' : 's'} (${named(added)}) show${added.length === 1 ? 's' : ''} up in results or in an 8-K.`,
    );
  return out;
}
