/**
 * 8-K item headings in the document body and the text under each: the paragraphs between an
 * item's heading and the next heading (or the signatures). Scoring reads what an item says, not
 * only its number (issue #25, research/importance.md §1), and the card quotes its first sentences.
 */
import { CURRENT_8K_ITEMS_SINCE, FORM_8K_ITEMS, LEGACY_8K_ITEMS } from '#shared/form8k-items';

/** Words after "Item 2.03" that make it a reference ("Item 2.03 of this report"), not a heading. */
const REFERENCE_AFTER =
  /^\s*(?:\(?[a-z]\)\s*)?(?:of|above|below|is|are|was|were|to|in|and|or|herein|hereof|hereto|as|has|have|with|for|shall|will|which|that|this)\b/i;
/** A section that only says the item does not apply (old 8-Ks list every item). */
const NOT_APPLICABLE =
  /^[\s\-–—.:;,]*(?:not\s+applicable|none|n\/a|inapplicable|no\s+(?:events?\s+)?to\s+report)[\s.;]*$/i;

export interface Heading {
  number: string;
  at: number;
  end: number;
}

/** "Item 2.05", "ITEM 2.05.", "Item 2 .0 5" (letters split by markup), "Items 1.01 and 5.02". */
function currentHeadings(text: string): Heading[] {
  const headings: Heading[] = [];
  for (const m of text.matchAll(/(?:^|\n)[ \t>*•\-–—]*item(s?)\s*(\d{1,2})\s?\.\s?(\d)\s?(\d)(?=[^\d])/gi)) {
    const end = (m.index ?? 0) + m[0].length;
    if (!m[1] && REFERENCE_AFTER.test(text.slice(end, end + 40))) continue;
    const numbers = [`${m[2]}.${m[3]}${m[4]}`];
    if (m[1]) {
      const line = text.slice(end, text.indexOf('\n', end) === -1 ? end + 200 : text.indexOf('\n', end));
      for (const more of line.matchAll(/^(?:[^A-Za-z]|and|\([a-z]\))*?(\d{1,2}\.\d{2})/g)) numbers.push(more[1]!);
      for (const more of line.matchAll(/(?:,|\band)\s*(\d{1,2}\.\d{2})/g)) numbers.push(more[1]!);
    }
    for (const number of numbers) if (FORM_8K_ITEMS[number]) headings.push({ number, at: m.index ?? 0, end });
  }
  return headings;
}

/**
 * "Item 5." of the numbering before August 2004, mapped to today's item. Plain-text filers sometimes typed the
 * number against the word ("Item5.    Other Events.", Pericom 2002): still a heading when a stop follows.
 */
function legacyHeadings(text: string): Heading[] {
  const headings: Heading[] = [];
  for (const m of text.matchAll(
    /(?:^|\n)[ \t>*•]*item(?:\s+(\d{1,2})\s*(?:[.:\-–—]|\s{2,}|\s+(?=[A-Z]{3}))|(\d{1,2})\s*[.:\-–—])/gi,
  )) {
    const number = LEGACY_8K_ITEMS[(m[1] ?? m[2])!];
    const end = (m.index ?? 0) + m[0].length;
    if (!number || REFERENCE_AFTER.test(text.slice(end, end + 40))) continue;
    headings.push({ number, at: m.index ?? 0, end });
  }
  return headings;
}

/** Where an item's text stops when no heading follows: the signature block. */
const SIGNATURES = /\n[ \t>*•]*signatures?\b|\bpursuant to the requirements of the securities exchange act/i;

/** An item heading with the raw text under it (up to the next heading or the signatures). */
export interface ItemSection {
  number: string;
  raw: string;
}

/**
 * Every applicable item heading of the body with its section. A short section whose words after
 * the title say the item does not apply ("Not applicable") is left out.
 */
export function bodySections(body: string, filedDate: string | null): ItemSection[] {
  const text = body.slice(0, 1_000_000);
  let headings = currentHeadings(text);
  if (headings.length === 0 && (!filedDate || filedDate < CURRENT_8K_ITEMS_SINCE)) headings = legacyHeadings(text);
  const out: ItemSection[] = [];
  headings.forEach((h, i) => {
    const nextAt = headings.slice(i + 1).find((n) => n.at > h.at)?.at;
    const short = text
      .slice(h.end, nextAt ?? Math.min(text.length, h.end + 2_000))
      .replace(/\s+/g, ' ')
      .trim();
    if (short.length < 240 && NOT_APPLICABLE.test(short.replace(/^[^.:]{0,180}?[.:]\s*(?=\S)/, ''))) return;
    let raw = text.slice(h.end, nextAt ?? Math.min(text.length, h.end + 20_000));
    const sig = raw.search(SIGNATURES);
    if (sig > 0) raw = raw.slice(0, sig);
    out.push({ number: h.number, raw: raw.slice(0, 20_000) });
  });
  return out;
}

/** The words of an item's title, which open its section and say nothing about this filing. */
function titleWords(number: string): Set<string> {
  // Besides today's title, the words of the older titles ("Acquisition or Disposition of Assets", "Resignations of Registrant's Directors").
  const words = `${FORM_8K_ITEMS[number] ?? ''} and pro forma information disposition acquisition changes principal officers resignations registrant's registrant`;
  return new Set(
    words
      .toLowerCase()
      .replace(/’/g, "'")
      .split(/[^a-z']+/)
      .filter((w) => w.length > 1 && !['on', 'the', 'a', 'an', 'to', 'in'].includes(w)),
  );
}

/** The section as one line of prose, its title words dropped from the front. */
// The typographic apostrophe of HTML filings ("Registrant’s") is the title's straight one.
const bareWord = (token: string) =>
  token
    .toLowerCase()
    .replace(/’/g, "'")
    .replace(/^[^a-z']+|[^a-z']+$/g, '');
/** Small words of a title ("Submission of Matters to a Vote"): dropped only between title words. */
const LINKING = new Set(['to', 'a', 'an', 'the', 'in', 'on', 'into', 'under']);

export function sectionProse(section: ItemSection): string {
  const flat = section.raw.replace(/\s+/g, ' ').trim();
  const words = titleWords(section.number);
  const tokens = flat.split(' ');
  // "Off-Balance" is two title words; "(b):" marks the paragraph of the item the text answers.
  // A title word in the other number ("Amendment to Articles", "CHANGE OF CONTROL", "Modifications to Rights") is one too.
  const inTitle = (p: string) => words.has(p) || words.has(`${p}s`) || (p.endsWith('s') && words.has(p.slice(0, -1)));
  const titleWord = (bare: string) => bare !== '' && bare.split(/[-–]/).every((p) => p === '' || inTitle(p));
  const isTitle = (k: number) => titleWord(bareWord(tokens[k] ?? ''));
  let i = 0;
  while (i < tokens.length) {
    const token = tokens[i]!;
    const bare = bareWord(token);
    // A sentence after the title ("... of a Registrant. The information set forth ...") is the text.
    // No item title holds "The": after the title, it opens the text even with no full stop between.
    if (i >= 2 && ((/[.:]$/.test(tokens[i - 1]!) && LINKING.has(bare) && /^[A-Z][a-z]/.test(token)) || token === 'The'))
      break;
    // A heading in capitals ("ENTRY INTO A MATERIAL DEFINITIVE AGREEMENT") ends at the first word in lower case.
    const capitalsHeading =
      i > 0 && /^[A-Z][A-Z’'.,;:&-]*$/.test(token) && /^[A-Z]/.test(tokens[i - 1]!) && /[A-Z]{2}/.test(tokens[i - 1]!);
    if (
      bare === '' ||
      titleWord(bare) ||
      /^\([a-f]\)[:.]?$/.test(token) ||
      (LINKING.has(bare) && (isTitle(i + 1) || (LINKING.has(bareWord(tokens[i + 1] ?? '')) && isTitle(i + 2)))) ||
      (capitalsHeading && tokens[i + 1] !== undefined && /^[A-Z]{2,}/.test(tokens[i + 1]!))
    )
      i++;
    else break;
  }
  return (i >= 2 ? tokens.slice(i) : tokens)
    .join(' ')
    .replace(/^[\s.:;,\-–—)]+/, '')
    .replace(/^\([a-z]\)\s+(?=[A-Z])/, '');
}

/**
 * A full stop that ends a sentence (not "Inc.", "Mr.", "No." or an initial): sentences that are
 * quoted and read whole. The diff's splitter (diff/text-measures.ts) cuts differently on purpose.
 */
const SENTENCE_END =
  /(?<!\b(?:Inc|Co|Corp|Ltd|Mr|Ms|Mrs|Dr|Messrs|No|Nos|St|Jr|Sr|U\.S|[A-Z]))[.!?]["”]?\s+(?=[A-Z(“"])/g;

export function sentences(prose: string): string[] {
  const out: string[] = [];
  let from = 0;
  for (const m of prose.matchAll(SENTENCE_END)) {
    const end = (m.index ?? 0) + m[0].trimEnd().length;
    out.push(prose.slice(from, end).trim());
    from = (m.index ?? 0) + m[0].length;
  }
  if (from < prose.length) out.push(prose.slice(from).trim());
  return out.filter((s) => s.length > 0);
}

/**
 * The legend an item furnishes its text under, the law's words and not the filing's news: a sentence about "the
 * information" (not one that opens on a date) that is not "deemed filed" or not incorporated by reference.
 */
const LEGEND =
  /^(?:The|This|Such|Furthermore|In accordance|Pursuant|All of)\b[\s\S]*?\b(?:shall not be deemed|not (?:be )?(?:deemed (?:to be )?)?incorporated by reference)\b/i;
/** "The following information is furnished pursuant to Item 2.02:" before the item's first sentence. */
const FURNISHED_LEAD =
  /^The (?:following )?information(?: in this (?:Item|section)[^:.]{0,40})? (?:is|shall be) (?:being )?furnished (?:pursuant to|under) Item \d\.\d\d[^:.]{0,80}:\s*/i;

/**
 * The item's prose without the furnished-not-filed legend ("The information in this Current Report ... shall not be
 * deemed "filed" for the purposes of Section 18", eBay, Southern Company) and its lead-in (Worthington): the card's
 * quote then opens on what happened.
 */
export function withoutLegend(prose: string): string {
  return sentences(prose.replace(FURNISHED_LEAD, ''))
    .filter((s) => !LEGEND.test(s))
    .join(' ');
}

/**
 * A sentence that only sends the reader to another report ("See MANAGEMENT'S DISCUSSION AND ANALYSIS ... in Item 7 ... of
 * each company's Annual Report on Form 10-K ... for information regarding Georgia Power's current retail rate plan",
 * Southern 2013): what happened, if the item says it, is in the sentences after it.
 */
export const CROSS_REFERENCE = /^See(?: also)?\s+(?!Exhibit\b)/;

/** The item's prose from its first sentence that is not a cross-reference, when one follows them; else as it is. */
export function pastCrossReferences(prose: string): string {
  const all = sentences(prose);
  const first = all.findIndex((s) => !CROSS_REFERENCE.test(s));
  return first > 0 ? all.slice(first).join(' ') : prose;
}

/** The first sentences of an item, up to about `max` characters (at least one whole sentence). */
export function openingQuote(prose: string, max = 320): string | null {
  const all = sentences(prose).filter((s) => !/^\(?[a-d]\)?$/.test(s));
  if (all.length === 0) return null;
  let quote = all[0]!;
  for (const s of all.slice(1)) {
    if (quote.length + s.length + 1 > max) break;
    quote = `${quote} ${s}`;
  }
  return quote.length > 600 ? cutLong(quote.slice(0, 597)) : quote;
}

/**
 * An opening sentence too long to quote whole ends at its last clause boundary (a parenthesis, a semicolon, a comma
 * that is not a date's: "January 19, 2028"), so the quote stops on a whole phrase, not on "(with respect to Mr.";
 * without one in its second half, at a word.
 */
function cutLong(head: string): string {
  const boundaries = [
    head.lastIndexOf(' ('),
    head.lastIndexOf('; '),
    ...[...head.matchAll(/, (?!\d)/g)].map((m) => m.index ?? -1),
  ];
  const at = Math.max(...boundaries);
  const cut = at >= head.length / 2 ? head.slice(0, at) : head.replace(/\s+\S*$/, '');
  // Nor on a title or an initial ("Mr.", "Mark R."), which reads as a sentence's end.
  return `${cut.replace(/(?:\s+[A-Z][a-z]{0,2}\.)+$/, '').replace(/[\s,;:]+$/, '')}…`;
}
