/**
 * 8-K (and 8-K/A) items and event date; 6-K report date and subject. Items come from the SEC
 * header (item numbers or "ITEM INFORMATION" titles) and from the document body's own item
 * headings; the filing's items are the union, and a disagreement is stated in `itemsNote`.
 */
import { FORM_8K_ITEMS, itemNumberForTitle, itemTitle } from '#shared/form8k-items';
import { itemContent, pressReleaseHeadline } from './current-content';
import { anyDateToIso } from './dates';
import { bodySections, type ItemSection, sectionProse } from './item-sections';
import { officerChanges } from './officer-change';
import type { SubmissionHeader } from './sgml';
import type { CurrentReportDetail, ItemContent } from './types';

export function sortItems(numbers: Iterable<string>): string[] {
  return [...new Set(numbers)].sort((a, b) => Number.parseFloat(a) - Number.parseFloat(b) || a.localeCompare(b));
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
  if (onlyBody.length)
    parts.push(`the document also reports Item ${onlyBody.join(', ')}, which the SEC header does not list`);
  if (onlyHeader.length)
    parts.push(`the SEC header lists Item ${onlyHeader.join(', ')}, which the document has no heading for`);
  return `Items from both: ${parts.join('; ')}.`;
}

const DATE_IN_TEXT = /([A-Z][a-z]+\.?\s+\d{1,2},?\s+\d{4}|\d{1,2}\/\d{1,2}\/\d{4})/g;

/**
 * The dates printed around the cover's "Date of Report (Date of earliest event reported)" caption:
 * after it ("...: March 3, 2020 (February 28, 2020)"), or above it ("July 14, 2010\n(Date of report)").
 */
function coverDates(body: string): string[] {
  const head = body.slice(0, 20_000);
  const caption = /Date\s+of\s+(?:Report|earliest\s+event)/i.exec(head);
  if (!caption) {
    // No caption at all: the date printed under "Securities Exchange Act of 1934" on the cover.
    const cover = /Securities\s+Exchange\s+Act\s+of\s+1934\s*\n\s*([A-Z][a-z]+\.?\s+\d{1,2},\s*\d{4})\s*\n/i.exec(
      body.slice(0, 5_000),
    );
    return cover?.[1] ? [anyDateToIso(cover[1])].filter((d): d is string => d != null) : [];
  }
  const at = caption.index;
  const after = head.slice(at, at + 260);
  const found = [...after.matchAll(DATE_IN_TEXT)].map((m) => anyDateToIso(m[1]!));
  if (found.length === 0) {
    const before = head.slice(Math.max(0, at - 120), at);
    found.push(...[...before.matchAll(DATE_IN_TEXT)].slice(-1).map((m) => anyDateToIso(m[1]!)));
  }
  return found.filter((d): d is string => d != null);
}

/**
 * The event date is the earliest one the filing states (issue #25): the SEC header's period of
 * report is the report date, and the cover may name an earlier event in parentheses. Dates more than
 * a year before the latest are not the event (a reference to an old agreement).
 */
function earliestEventDate(headerPeriod: string | null, body: string): string | null {
  const dates = [...(headerPeriod ? [headerPeriod] : []), ...coverDates(body)].sort();
  const latest = dates.at(-1);
  if (!latest) return null;
  const yearBefore = `${Number(latest.slice(0, 4)) - 1}${latest.slice(4)}`;
  return dates.find((d) => d >= yearBefore) ?? latest;
}

/** An item's section that holds prose: not a table-of-contents line ("Item 8.01 Other Events" before "Item 9.01"). */
const hasProse = (section: ItemSection) => sectionProse(section).length >= 60;

/**
 * Each item's own text, read: the first section of an item named twice that holds prose. A table of
 * contents names every item before the body does (Nuance's 2007-2008 8-Ks), and its entries hold only titles.
 */
function contentOf(
  sections: ItemSection[],
  headline: string | null,
  body: string,
  exhibit: string | null,
): ItemContent[] {
  const seen = new Set<string>();
  const out: ItemContent[] = [];
  for (const [i, section] of sections.entries()) {
    if (seen.has(section.number)) continue;
    // Headings stacked over one text ("Item 1.01 Entry into a Material Definitive Agreement;" straight above
    // "Item 2.03 Creation of a Direct Financial Obligation ..." and its paragraph, Astrotech 2010): an item with no
    // text anywhere shares the text of the heading that follows it.
    const next = sections[i + 1];
    const stacked =
      next && next.number !== section.number && hasProse(next)
        ? { number: section.number, raw: sectionProse(next) }
        : null;
    // Else the item's own short text, when it has one: a pointer under 60 characters ("See Item 1.01, which is
    // incorporated herein by reference.", Nuance 2007) is what the item says, where a table of contents entry is nothing.
    const shortText = sections
      .filter((s) => s.number === section.number && sectionProse(s).length > 0)
      .reduce<ItemSection | undefined>(
        (a, b) => (a && sectionProse(a).length >= sectionProse(b).length ? a : b),
        undefined,
      );
    const withProse = hasProse(section)
      ? section
      : (sections.find((s) => s.number === section.number && s !== section && hasProse(s)) ?? stacked ?? shortText);
    seen.add(section.number);
    out.push(itemContent(withProse ?? section, headline, body, exhibit));
  }
  return out;
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

export function parseCurrentReport(
  formType: string,
  header: SubmissionHeader,
  bodyText: string,
  exhibitText: string | null = null,
): CurrentReportDetail {
  const isSixK = formType.startsWith('6-K');
  const exhibitHeadline = pressReleaseHeadline(exhibitText);
  const sections = isSixK ? [] : bodySections(bodyText, header.filedDate);
  const content = contentOf(sections, exhibitHeadline, bodyText, exhibitText);
  const unknownItemTitles: string[] = [];
  const headerItems = isSixK ? [] : itemsFromHeader(header, unknownItemTitles);
  const bodyItems = sortItems(sections.map((s) => s.number));
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
    eventDate: earliestEventDate(header.periodOfReport, bodyText) ?? (isSixK ? firstDateIn(bodyText) : null),
    subject: isSixK ? subjectFromBody(bodyText) : null,
    ...(numbers.includes('5.02') ? { people: officerChanges(bodyText) } : {}),
    ...(isSixK ? {} : { exhibitHeadline, content }),
  };
}
