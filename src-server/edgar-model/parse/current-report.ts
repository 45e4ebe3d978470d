/**
 * 8-K (and 8-K/A) items and event date; 6-K report date and subject. Items come from the SEC
 * header (item numbers or "ITEM INFORMATION" titles) and from the document body's own item
 * headings; the filing's items are the union, and a disagreement is stated in `itemsNote`.
 */
import { CURRENT_8K_ITEMS_SINCE, FORM_8K_ITEMS, itemNumberForTitle, itemTitle, LEGACY_8K_ITEMS } from '#shared/form8k-items';
import { anyDateToIso } from './dates';
import { officerChanges } from './officer-change';
import type { SubmissionHeader } from './sgml';
import type { CurrentReportDetail } from './types';

export function sortItems(numbers: Iterable<string>): string[] {
  return [...new Set(numbers)].sort((a, b) => Number.parseFloat(a) - Number.parseFloat(b) || a.localeCompare(b));
}

/** Words after "Item 2.03" that make it a reference ("Item 2.03 of this report"), not a heading. */
const REFERENCE_AFTER = /^\s*(?:\(?[a-z]\)\s*)?(?:of|above|below|is|are|was|were|to|in|and|or|herein|hereof|hereto|as|has|have|with|for|shall|will|which|that|this)\b/i;
/** A section that only says the item does not apply (old 8-Ks list every item). */
const NOT_APPLICABLE = /^[\s\-–—.:;,]*(?:not\s+applicable|none|n\/a|inapplicable|no\s+(?:events?\s+)?to\s+report)[\s.;]*$/i;

interface Heading {
  number: string;
  at: number;
  end: number;
}

/**
 * Item headings in the document body: at the start of a line, "Item 2.05", "ITEM 2.05.",
 * "Item 2.05 -", "Item 2.05:" (and, in 8-Ks filed before August 2004, "Item 5." of the old
 * numbering, mapped to today's item). Inline references and "Not applicable" sections are skipped.
 */
export function itemsFromBody(body: string, filedDate: string | null): string[] {
  const text = body.slice(0, 1_000_000);
  const headings: Heading[] = [];
  // "Item 2.05", "ITEM 2.05.", "Item 2 .0 5" (letters split by markup), "Items 1.01 and 5.02".
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
  const legacy = headings.length === 0 && (!filedDate || filedDate < CURRENT_8K_ITEMS_SINCE);
  if (legacy) {
    for (const m of text.matchAll(/(?:^|\n)[ \t>*•]*item\s+(\d{1,2})\s*(?:[.:\-–—]|\s{2,}|\s+(?=[A-Z]{3}))/gi)) {
      const number = LEGACY_8K_ITEMS[m[1]!];
      const end = (m.index ?? 0) + m[0].length;
      if (!number || REFERENCE_AFTER.test(text.slice(end, end + 40))) continue;
      headings.push({ number, at: m.index ?? 0, end });
    }
  }
  const found: string[] = [];
  headings.forEach((h, i) => {
    const next = headings[i + 1]?.at ?? Math.min(text.length, h.end + 2_000);
    // A short section whose words after the title say the item does not apply.
    const section = text.slice(h.end, next).replace(/\s+/g, ' ').trim();
    if (section.length < 240 && NOT_APPLICABLE.test(section.replace(/^[^.:]{0,180}?[.:]\s*(?=\S)/, ''))) return;
    found.push(h.number);
  });
  return sortItems(found);
}

/** Items the header names: numbers ("ITEMS: 2.02") and titles ("ITEM INFORMATION: ..."). */
function itemsFromHeader(header: SubmissionHeader, unknown: string[]): string[] {
  const numbers = header.itemNumbers.filter((n) => /^\d{1,2}\.\d{2}$/.test(n) && FORM_8K_ITEMS[n]);
  for (const title of header.itemTitles) {
    const num = itemNumberForTitle(title, header.filedDate);
    if (num) numbers.push(num);
    else unknown.push(title);
  }
  return sortItems(numbers);
}

function describeDisagreement(headerItems: string[], bodyItems: string[]): string | null {
  if (headerItems.length === 0 || bodyItems.length === 0) return null;
  const onlyHeader = headerItems.filter((n) => !bodyItems.includes(n));
  const onlyBody = bodyItems.filter((n) => !headerItems.includes(n));
  if (onlyHeader.length === 0 && onlyBody.length === 0) return null;
  const parts: string[] = [];
  if (onlyBody.length) parts.push(`the document also reports Item ${onlyBody.join(', ')}, which the SEC header does not list`);
  if (onlyHeader.length) parts.push(`the SEC header lists Item ${onlyHeader.join(', ')}, which the document has no heading for`);
  return `Items from both: ${parts.join('; ')}.`;
}

const EVENT_DATE =
  /Date\s+of\s+(?:Report|report)[^)]*?(?:\(Date of earliest event reported\))?\s*[:\-]?\s*\(?([A-Z][a-z]+\.?\s+\d{1,2},?\s+\d{4}|\d{1,2}\/\d{1,2}\/\d{4})/i;

function eventDateFromBody(body: string): string | null {
  const m = EVENT_DATE.exec(body.slice(0, 20_000));
  if (m?.[1]) return anyDateToIso(m[1]);
  const near = /DATE\s+OF\s+REPORT[\s\S]{0,200}?([A-Z][a-z]+\s+\d{1,2},\s+\d{4})/i.exec(body.slice(0, 20_000));
  if (near?.[1]) return anyDateToIso(near[1]);
  // Cover pages that put the date above its caption: "July 14, 2010\n(Date of report...)".
  const above = /([A-Z][a-z]+\.?\s+\d{1,2},\s*\d{4})\s*\n?\s*\(?Date of (?:Report|earliest event)/i.exec(body.slice(0, 20_000));
  if (above?.[1]) return anyDateToIso(above[1]);
  // No caption at all: the date printed under "Securities Exchange Act of 1934" on the cover.
  const cover = /Securities\s+Exchange\s+Act\s+of\s+1934\s*\n\s*([A-Z][a-z]+\.?\s+\d{1,2},\s*\d{4})\s*\n/i.exec(body.slice(0, 5_000));
  return cover?.[1] ? anyDateToIso(cover[1]) : null;
}

/** 6-K cover pages state the report month or day near the top ("February 13, 2023"). */
function firstDateIn(body: string): string | null {
  const m = /\b([A-Z][a-z]+ \d{1,2}, \d{4})\b/.exec(body.slice(0, 3_000));
  return m?.[1] ? anyDateToIso(m[1]) : null;
}

/**
 * A 6-K's subject: the quoted press-release title, else the report's own headline line after the cover
 * ("Waldencast plc Announces Q2 2026 Trading Update"), else the exhibit index's description of 99.1.
 * "99.1" must start its line: "(including Exhibit 99.1 hereto) shall not be deemed filed" is prose.
 */
function subjectFromBody(body: string): string | null {
  const quoted = /(?:press release|announcement|titled)[^“"]{0,120}[“"]\s*([^”"]{5,200}?)\s*[”"]/i.exec(body);
  if (quoted?.[1]) return quoted[1].replace(/\s+/g, ' ').trim();
  const coverEnd = body.search(/Form\s+40-F/i);
  const afterCover = coverEnd < 0 ? '' : body.slice(coverEnd, coverEnd + 3_000);
  const headline = /\n\s*([A-Z][^\n]{3,150}?\s(?:Announces|Reports)\s[^\n]{3,150}?)\s*\n/.exec(afterCover);
  if (headline?.[1] && !/[.;:]$/.test(headline[1])) return headline[1].replace(/\s+/g, ' ').trim();
  const exhibit = /(?:^|\n)\s*99\.1\s+([^\n]{5,200})/.exec(body);
  return exhibit?.[1]?.trim() ?? null;
}

export function parseCurrentReport(formType: string, header: SubmissionHeader, bodyText: string): CurrentReportDetail {
  const isSixK = formType.startsWith('6-K');
  const unknownItemTitles: string[] = [];
  const headerItems = isSixK ? [] : itemsFromHeader(header, unknownItemTitles);
  const bodyItems = isSixK ? [] : itemsFromBody(bodyText, header.filedDate);
  const numbers = sortItems([...headerItems, ...bodyItems]);
  return {
    kind: 'current',
    items: numbers.map((number) => ({
      number,
      title: itemTitle(number),
      from: headerItems.includes(number) ? (bodyItems.includes(number) ? 'both' : 'header') : 'body',
    })),
    headerItems,
    bodyItems,
    itemsNote: describeDisagreement(headerItems, bodyItems),
    unknownItemTitles,
    eventDate: header.periodOfReport ?? eventDateFromBody(bodyText) ?? (isSixK ? firstDateIn(bodyText) : null),
    subject: isSixK ? subjectFromBody(bodyText) : null,
    ...(numbers.includes('5.02') ? { people: officerChanges(bodyText) } : {}),
  };
}
