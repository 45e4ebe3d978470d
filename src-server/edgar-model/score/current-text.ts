/**
 * An 8-K's words for people (issue #25): the headline names the event of the deciding item, "What
 * happened" quotes that item's own first sentences (marked as a quote, with its item number), and
 * the reasons are content facts, never item titles. Card, email, SMS and the assistant read these.
 */
import { withArticle } from '#shared/spoken-forms';
import type { ParsedFiling } from '../parse/types';
import { type ItemJudgement, judgementHit } from './current';
import { companyEvent } from '../company-name';
import { withoutPageFurniture } from '../parse/text';
import { asFiled, sentence } from './format';
import { withoutSubheading } from './subheading';
import type { Hit } from './types';

export interface CurrentText {
  hits: Hit[];
  extraRules: string[];
  oneLiner: string;
  summary: string;
}

/** "Item 5.02, as filed: “On March 3, 2024, Jane Doe notified the Board ...”" */
function quotedSummary(j: ItemJudgement): string | null {
  return j.quote ? `Item ${j.item}, as filed: ${asFiled(withoutPageFurniture(withoutSubheading(j.quote)))}` : null;
}

/** "The scheduled results release" says all "A results release" does: the shorter line adds nothing beside it. */
function saysMore(longer: string, shorter: string): boolean {
  const core = shorter.replace(/^(?:A|An|The)\s+/, '').toLowerCase();
  return longer.length > shorter.length && core.length >= 12 && longer.toLowerCase().endsWith(core);
}

export function currentReportText(f: ParsedFiling, company: string, judgements: ItemJudgement[]): CurrentText {
  const top = judgements[0]!;
  const eventDate = f.detail?.kind === 'current' ? f.detail.eventDate : null;
  // Exhibits only say something when nothing else does.
  const shown = judgements.filter((j) => j.item !== '9.01' || judgements.length === 1);
  const hits = shown.filter((j) => j.facts.length > 0).map(judgementHit);
  if (hits.length === 0)
    hits.push({ rule: '8k.item.other', importance: top.importance, reason: 'Only cross-references and exhibits' });
  const seen = new Set<string>();
  const unique = hits
    .filter((h) => !seen.has(h.reason) && seen.add(h.reason))
    .filter((h, _i, all) => !all.some((o) => o !== h && saysMore(o.reason, h.reason)));
  const withQuote = judgements.find((j) => j.quote && j.importance === top.importance) ?? top;
  const summary =
    quotedSummary(withQuote) ??
    sentence(
      `${company} filed ${withArticle(f.formType)}${eventDate ? ` for an event on ${eventDate}` : ''}: ${top.facts.join('; ')}`,
    );
  return {
    hits: unique,
    extraRules: [...new Set(judgements.map((j) => j.rule))],
    oneLiner: companyEvent(company, top.headline),
    summary,
  };
}
