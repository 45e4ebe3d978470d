/** 8-K (and 8-K/A) items and event date; 6-K report date and subject. */
import { CURRENT_8K_ITEMS_SINCE, FORM_8K_ITEMS, itemNumberForTitle, itemTitle, LEGACY_8K_ITEMS } from '../../../core/form8k-items';
import { anyDateToIso } from './dates';
import type { SubmissionHeader } from './sgml';
import type { CurrentReportDetail } from './types';

function sortItems(numbers: Iterable<string>): string[] {
  return [...new Set(numbers)].sort((a, b) => Number.parseFloat(a) - Number.parseFloat(b) || a.localeCompare(b));
}

/** Item headings in the document body ("ITEM 1.01 ENTRY INTO ..." or, before 2004, "Item 5."). */
function itemsFromBody(body: string, filedDate: string | null): string[] {
  const found = new Set<string>();
  for (const m of body.matchAll(/\bItem\s+(\d{1,2}\.\d{2})\b/gi)) {
    if (m[1] && FORM_8K_ITEMS[m[1]]) found.add(m[1]);
  }
  if (found.size === 0 && (!filedDate || filedDate < CURRENT_8K_ITEMS_SINCE)) {
    for (const m of body.matchAll(/(?:^|\n)\s*Item\s+(\d{1,2})\s*[.:]/gi)) {
      const mapped = m[1] ? LEGACY_8K_ITEMS[m[1]] : undefined;
      if (mapped) found.add(mapped);
    }
  }
  return sortItems(found);
}

const EVENT_DATE =
  /Date of (?:Report|report)[^)]*?(?:\(Date of earliest event reported\))?\s*[:\-]?\s*\(?([A-Z][a-z]+\.?\s+\d{1,2},?\s+\d{4}|\d{1,2}\/\d{1,2}\/\d{4})/i;

function eventDateFromBody(body: string): string | null {
  const m = EVENT_DATE.exec(body.slice(0, 20_000));
  if (m?.[1]) return anyDateToIso(m[1]);
  const near = /DATE OF REPORT[\s\S]{0,200}?([A-Z][a-z]+\s+\d{1,2},\s+\d{4})/i.exec(body.slice(0, 20_000));
  return near?.[1] ? anyDateToIso(near[1]) : null;
}

/** 6-K cover pages state the report month or day near the top ("February 13, 2023"). */
function firstDateIn(body: string): string | null {
  const m = /\b([A-Z][a-z]+ \d{1,2}, \d{4})\b/.exec(body.slice(0, 3_000));
  return m?.[1] ? anyDateToIso(m[1]) : null;
}

/** A 6-K's subject: the quoted press-release title or the first exhibit's description. */
function subjectFromBody(body: string): string | null {
  const quoted = /(?:press release|announcement|titled)[^“"]{0,120}[“"]\s*([^”"]{5,200}?)\s*[”"]/i.exec(body);
  if (quoted?.[1]) return quoted[1].replace(/\s+/g, ' ').trim();
  const exhibit = /99\.1\s+([^\n]{5,200})/.exec(body);
  return exhibit?.[1]?.trim() ?? null;
}

export function parseCurrentReport(formType: string, header: SubmissionHeader, bodyText: string): CurrentReportDetail {
  const isSixK = formType.startsWith('6-K');
  let numbers = sortItems(header.itemNumbers.filter((n) => /^\d{1,2}\.\d{2}$/.test(n)));
  const unknownItemTitles: string[] = [];
  if (numbers.length === 0 && header.itemTitles.length > 0) {
    const mapped: string[] = [];
    for (const title of header.itemTitles) {
      const num = itemNumberForTitle(title);
      if (num) mapped.push(num);
      else unknownItemTitles.push(title);
    }
    numbers = sortItems(mapped);
  }
  if (numbers.length === 0 && !isSixK) numbers = itemsFromBody(bodyText, header.filedDate);
  return {
    kind: 'current',
    items: numbers.map((number) => ({ number, title: itemTitle(number) })),
    unknownItemTitles,
    eventDate: header.periodOfReport ?? eventDateFromBody(bodyText) ?? (isSixK ? firstDateIn(bodyText) : null),
    subject: isSixK ? subjectFromBody(bodyText) : null,
  };
}
