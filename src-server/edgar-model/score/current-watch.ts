/**
 * "What to watch" for an 8-K read by content (issue #25): only follow-ups its own facts make
 * specific (the cure period's end, the successor, the deal's vote); nothing generic. Reads the
 * stored detail, so filings stored before the content was read fall back to the per-item list.
 */
import type { CurrentReportDetail, ItemContent } from '../parse/types';

function watchFor(c: ItemContent): string[] {
  const out: string[] = [];
  const o = c.officers;
  if (o?.departures.some((d) => ['ceo', 'cfo', 'president', 'chair', 'founder'].includes(d.role)) && !o.followUp)
    out.push(
      o.interim
        ? 'Who is named to the role permanently, and whether the search runs long.'
        : 'Who succeeds in the role, and whether the handover date holds.',
    );
  const l = c.listing;
  if (l && (l.kind === 'deficiency' || l.kind === 'composition'))
    out.push(
      `Whether the company regains compliance${l.cureDays ? ` within the ${l.cureDays}-day cure period` : ' within the cure period'}${l.exchange ? `, or ${l.exchange} moves to delist` : ', or the exchange moves to delist'}.`,
    );
  if (l?.kind === 'delisting') out.push('Where the shares will trade next (OTC), and whether the company appeals.');
  const d = c.deal;
  if (d?.kind === 'being_acquired' && !d.followUp)
    out.push('The shareholder vote and the regulatory approvals the deal needs before it closes.');
  if (c.vote?.sayOnPayRejected || c.vote?.failed)
    out.push('How the board responds to the failed vote in next year’s proxy statement.');
  if (c.results?.warning) out.push('The full quarterly report (10-Q or 10-K) and any change to guidance.');
  if (c.auditor?.flagged || c.auditor?.resigned)
    out.push('The former auditor’s letter (Exhibit 16.1) on any disagreements.');
  return out;
}

/** The 8-K's specific follow-ups, [] when nothing is specific, null when the detail was not read by content. */
export function currentWatch(details: unknown): string[] | null {
  const d = details as Partial<CurrentReportDetail> | null | undefined;
  if (d?.kind !== 'current' || !Array.isArray(d.content)) return null;
  return [...new Set(d.content.flatMap(watchFor))];
}
