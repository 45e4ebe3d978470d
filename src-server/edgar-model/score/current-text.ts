/**
 * An 8-K's words for people (issue #25): the headline names the event of the deciding item, "What
 * happened" quotes that item's own first sentences (marked as a quote, with its item number), and
 * the reasons are content facts, never item titles. Card, email, SMS and the assistant read these.
 */
import { withArticle } from '#shared/spoken-forms';
import type { ParsedFiling } from '../parse/types';
import { type ItemJudgement, judgementHit } from './current';
import { companyEvent } from '../company-name';
import { MONTH_NAME } from '../parse/dates';
import { withoutPageFurniture } from '../parse/text';
import { asFiled, sentence } from './format';
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

/** Words a subheading leaves in lower case ("Adoption of 2020 Stock Plan"). */
const SMALL = new Set(['of', 'and', 'or', 'the', 'to', 'for', 'in', 'on', 'a', 'an', 'with', 'by', 'at', 'as']);
/** How the paragraph under a subheading opens: a date, "As previously announced", "Effective ...". */
const OPENER = new RegExp(
  `^(?:On ${MONTH_NAME}\\b|As (?:previously|described|reported|announced)\\b|Effective (?:as of |on )?${MONTH_NAME}\\b)`,
);

/**
 * The quote without the subheading the filing set over its first paragraph, which the text reading runs into it:
 * "New Chief Executive Officer On March 19, 2018, Mark D. Benjamin was appointed" (Nuance 2018), "Term Loan
 * Agreement On May 12, 2017, Tyson Foods, Inc. ... entered into". Two to ten capitalised words (small ones aside),
 * no punctuation, then a paragraph's opening; anything else is left as filed.
 */
export function withoutSubheading(filed: string): string {
  // The item's paragraph letters first ("(b),(c) On August 26, 2024, Apple ...", "e) Compensatory Arrangements ...").
  const quote = filed.replace(/^\(?[a-f]\)(?:\s*,\s*\(?[a-f]\))*\s+(?=[A-Z])/, '');
  const tokens = quote.split(' ');
  for (let k = 2; k <= Math.min(10, tokens.length - 2); k++) {
    const head = tokens.slice(0, k);
    if (!head.every((w) => SMALL.has(w) || /^[A-Z0-9][^.,;:()"“”]*$/.test(w))) return quote;
    const rest = tokens.slice(k).join(' ');
    // A subheading about a person, whose paragraph opens on the same name ("Departure of Brett Kaufman as Chief
    // Financial Officer and Treasurer Brett Kaufman’s employment ...", AFC Gamma 2023, its first words read as the item
    // title's).
    const samePerson = k >= 4 && rest.startsWith(`${head[0]} ${head[1]}`) && !SMALL.has(head[1]!);
    // A title set in capitals over a paragraph that opens as a sentence ("SUPPLEMENT TO THE JOINT PROXY
    // STATEMENT/PROSPECTUS This Current Report on Form 8-K ...", Disney 2018).
    const capitals = k >= 3 && head.every((w) => !/[a-z]/.test(w)) && /^[A-Z][a-z]/.test(rest);
    if (!SMALL.has(head.at(-1)!) && (OPENER.test(rest) || samePerson || capitals)) return rest;
  }
  return quote;
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
