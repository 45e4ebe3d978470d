/**
 * A Schedule 13D/G filer's name as its own cover writes it. EDGAR conforms a person's name to "LAST FIRST" in
 * capitals ("NEUBAUER JOSEPH", "FELDHACKER SCOTT") and a firm's to capitals without punctuation ("WESMAR PARTNERS
 * L P", "GAMCO INVESTORS, INC. ET AL"); row 1 of the cover writes the same holder in the filer's words and order
 * ("Joseph Neubauer", "Wesmar Partners Limited Partnership"). Issue #25: clean reporting-person names.
 */
import { isEntityName, titleCaseName } from '#shared/insider';
import { companyDisplayName, coverCompanyName, LEGAL_WORDS, withoutStateTag } from '../company-name';
import type { BeneficialPerson } from './types';

/** Words that name a legal form or a group, not the holder: they may differ between EDGAR's form and the cover. */
const NOT_NAME_WORDS = new Set([...LEGAL_WORDS, 'llp', 'partnership', 'et', 'al', 'and', 'na', 'ca', 'md', 'de', 'ny']);

/**
 * The words that tell one holder from another: no legal form, no initial (EDGAR keeps "SMITH JOHN A", the cover may
 * not), unless `initials` keeps them (the order of "T. ROWE PRICE" against EDGAR's "PRICE T ROWE").
 */
function nameWords(name: string, initials = false): string[] {
  return name
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => (initials ? w.length > 0 : w.length > 1) && !NOT_NAME_WORDS.has(w));
}

/**
 * The cover's reporting person whose words hold every word of EDGAR's name, in any order ("NEUBAUER JOSEPH" is
 * "Joseph Neubauer"; "Sprott Eric" is "Eric S. Sprott"); of several, the one with the fewest other words, then one
 * the filer wrote in mixed case. Null when no row does (a group filed under a member not on the cover).
 */
function coverRow(conformed: string, persons: readonly BeneficialPerson[]): BeneficialPerson | null {
  const wanted = nameWords(conformed);
  if (wanted.length === 0) return null;
  let best: { person: BeneficialPerson; rank: number } | null = null;
  for (const person of persons) {
    const words = nameWords(person.name);
    if (!/^[A-Z0-9&]/.test(person.name) || !wanted.every((w) => words.includes(w))) continue;
    const extra = words.length - wanted.length;
    // One word ("SPROTT") is a family of names: only the cover's same single name is the holder, not "Sprott Inc.".
    if (wanted.length === 1 && extra > 0) continue;
    const rank = extra * 2 + (/[a-z]/.test(person.name) ? 0 : 1);
    if (!best || rank < best.rank) best = { person, rank };
  }
  return best?.person ?? null;
}

/**
 * A person's name as the filing writes it in reading order: EDGAR's "FITZGERALD THOMAS G" is "Thomas G. Fitzgerald"
 * where the text writes that (a cover listing the family, a power of attorney's signature). Only the surname moves
 * to the end, and the found words are separated by spaces and initials' periods, in mixed case: "Fitzgerald, Thomas"
 * is EDGAR's order again, and a firm's conformed name (legal words, or more than four words) is never a person's.
 */
export function writtenPersonName(conformed: string, text: string): string | null {
  const words = conformed
    .trim()
    .split(/\s+/)
    .map((w) => w.replace(/[.,]+$/, ''));
  if (words.length < 2 || words.length > 4 || words.some((w) => !/^[A-Za-z][A-Za-z'-]*$/.test(w))) return null;
  if (words.some((w) => NOT_NAME_WORDS.has(w.toLowerCase()))) return null;
  const suffix = /^(?:jr|sr|ii|iii|iv)$/i.test(words.at(-1) ?? '') ? words.pop() : undefined;
  if (words.length < 2) return null;
  const name = [...words.slice(1), words[0]!].map((w) => (w.length === 1 ? `${w}\\.?` : w)).join('[ \\t]+');
  const body = suffix ? `${name},?[ \\t]+${suffix}\\.?` : name;
  for (const [found] of text.matchAll(new RegExp(`(?<![A-Za-z0-9&])${body}(?![A-Za-z0-9&])`, 'gi')))
    if (/^[A-Z]/.test(found) && /[a-z]/.test(found) && !/(?:^|\s)[a-z]/.test(found)) return found.replace(/\s+/g, ' ');
  return null;
}

/**
 * The holder's name to print, or null to keep EDGAR's. A person ("IN" on the cover, or a row that does not open with
 * EDGAR's first word, the surname) is named in the cover's order, title-cased when the cover shouts ("DON F. GASTON"
 * -> "Don F. Gaston"), without a degree ("JoMei Chang, Ph.D."). A firm is named as the filing's text writes EDGAR's
 * words ("MORGAN STANLEY" -> "Morgan Stanley", coverCompanyName), else as its cover row writes it in mixed case
 * ("WESMAR PARTNERS L P" -> "Wesmar Partners Limited Partnership").
 */
export function holderDisplayName(
  conformed: string,
  persons: readonly BeneficialPerson[],
  text: () => string | null,
): string | null {
  const row = coverRow(conformed, persons);
  // No degree after a person, no short name defined after a firm ('Massachusetts Financial Services Company ("MFS")').
  const written = row?.name
    .replace(/,?\s+(?:Ph\.\s?D|M\.\s?D)\.?$/, '')
    .replace(/\s*\(["“][^"”()]{1,24}["”]\)$/, '')
    .replace(/[\s,;]+$/, '');
  const firstWord = (name: string) => name.toLowerCase().split(/[^a-z0-9]+/)[0];
  const person =
    row?.type?.split(', ').includes('IN') || (row && !row.type && firstWord(row.name) !== firstWord(conformed));
  if (written && person) return /[a-z]/.test(written) ? written : titleCaseName(written);
  const source = text();
  return (
    (source ? (writtenPersonName(conformed, source) ?? coverCompanyName(conformed, source)) : null) ??
    (written && /[a-z]/.test(written) ? written : null) ??
    coverFirmName(written, conformed, source) ??
    readableHolderName(conformed, source)
  );
}

/**
 * A firm whose cover row writes it only in capitals, in its own order and punctuation where EDGAR inverted or stripped
 * them ("T. ROWE PRICE ASSOCIATES, INC." for EDGAR's "PRICE T ROWE ASSOCIATES INC /MD/"): the row's words made
 * readable ("T. Rowe Price Associates, Inc."), not EDGAR's. Only when the row has EDGAR's words and no others, in
 * another order: a row in EDGAR's order adds nothing EDGAR's name made readable lacks.
 */
function coverFirmName(written: string | undefined, conformed: string, source: string | null): string | null {
  if (!written || /[a-z]/.test(written) || !isEntityName(written)) return null;
  const [row, edgar] = [nameWords(written, true), nameWords(conformed, true)];
  if (row.length !== edgar.length || row.every((w, i) => w === edgar[i])) return null;
  return companyDisplayName(written, () => source);
}

/**
 * The last resort for a holder the filing never writes in its own words or order: a firm's capitals made readable
 * ("BARCLAYS GLOBAL INVESTORS NA" -> "Barclays Global Investors NA"), cased as the text writes a word where it does. A name that
 * may be a person's keeps EDGAR's words and order, without the state tag: its order cannot be told from its shape.
 */
function readableHolderName(conformed: string, source: string | null): string | null {
  if (/[a-z]/.test(conformed)) return null;
  const name = withoutStateTag(conformed);
  return isEntityName(name) ? companyDisplayName(conformed, () => source) : name;
}
