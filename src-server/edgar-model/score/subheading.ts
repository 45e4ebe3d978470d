/**
 * The subheading a filing sets over an item's first paragraph, which reading the item as text runs into its opening
 * sentence: left out of the quote ("What happened"), and, when set in capitals, the card's headline (current.ts).
 */
import { MONTH_NAME } from '../parse/dates';

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
