/**
 * What a 10-K or 10-Q states about the company's size (issue #25): the shares outstanding on its cover
 * (inline XBRL `dei:EntityCommonStockSharesOutstanding`, else the cover's "As of <date>, there were outstanding
 * N shares") and its total assets (`us-gaap:Assets` at the latest balance-sheet date). An 8-K's deal is sized
 * against them later (domains/filings/company-size.ts); here they are only read.
 */
import { anyDateToIso } from './dates';
import { htmlToText } from './text';
import type { StatedAssets, StatedShares } from './types';

interface XbrlContext {
  /** The instant, or the end of a duration. */
  date: string | null;
  /** The context has dimensions (a class of stock, a segment): not the company as a whole. */
  members: string[];
}

/** Every `<xbrli:context>` of an inline XBRL document by id (the prefix varies by filer agent). */
function contextsOf(doc: string): Map<string, XbrlContext> {
  const out = new Map<string, XbrlContext>();
  for (const m of doc.matchAll(/<(?:xbrli:)?context\b[^>]*\bid="([^"]+)"[^>]*>([\s\S]*?)<\/(?:xbrli:)?context>/gi)) {
    const body = m[2] ?? '';
    const date = /<(?:xbrli:)?(?:instant|endDate)>\s*([\d-]{10})/i.exec(body)?.[1] ?? null;
    const members = [...body.matchAll(/<xbrldi:(?:explicit|typed)Member\b[^>]*>([\s\S]*?)<\/xbrldi:/gi)].map((x) =>
      (x[1] ?? '').replace(/<[^>]+>/g, '').trim(),
    );
    out.set(m[1] ?? '', { date: anyDateToIso(date), members });
  }
  return out;
}

interface Fact {
  value: number;
  context: XbrlContext;
}

/** "1,234.5" as a number under the fact's format, scale and sign; null for a value that is not one. */
function factValue(attrs: string, inner: string): number | null {
  const text = inner.replace(/<[^>]+>/g, '').replace(/&#160;|&nbsp;|\s/gi, '');
  const format = /\bformat="([^"]+)"/.exec(attrs)?.[1] ?? '';
  if (/zero|dash/i.test(format) || /^[-—–]$/.test(text)) return 0;
  // ixt:num-comma-decimal (and the older numcommadecimal) write "1.234,5".
  const plain = /comma-?decimal/i.test(format) ? text.replace(/\./g, '').replace(',', '.') : text.replace(/,/g, '');
  if (!/^\d*\.?\d+$/.test(plain)) return null;
  const scale = Number(/\bscale="(-?\d+)"/.exec(attrs)?.[1] ?? 0);
  const sign = /\bsign="-"/.test(attrs) ? -1 : 1;
  return sign * Number(plain) * 10 ** scale;
}

/** Every numeric fact of one concept with a dated context. */
function factsOf(doc: string, concept: string, contexts: Map<string, XbrlContext>): Fact[] {
  const out: Fact[] = [];
  const open = new RegExp(`<ix:nonFraction\\b([^>]*\\bname="${concept}"[^>]*)>`, 'gi');
  for (const m of doc.matchAll(open)) {
    const attrs = m[1] ?? '';
    const start = (m.index ?? 0) + m[0].length;
    const end = doc.indexOf('</ix:nonFraction>', start);
    if (end < 0) continue;
    const context = contexts.get(/\bcontextRef="([^"]+)"/.exec(attrs)?.[1] ?? '');
    const value = factValue(attrs, doc.slice(start, end));
    if (context?.date && value != null) out.push({ value, context });
  }
  return out;
}

const latestDate = (facts: Fact[]) => facts.reduce((a, f) => ((f.context.date ?? '') > a ? f.context.date! : a), '');

/**
 * The dei cover fact at its latest date. A company with several classes tags one fact per class (Meta: Class A and
 * Class B, each with its StatementClassOfStockAxis member): they are summed, since the usual second class converts
 * one-for-one into the listed one and so has its price; a total without a class member, when tagged too, is taken as is.
 */
function deiShares(doc: string, contexts: Map<string, XbrlContext>): StatedShares | null {
  const facts = factsOf(doc, 'dei:EntityCommonStockSharesOutstanding', contexts).filter((f) => f.value > 0);
  if (facts.length === 0) return null;
  const asOf = latestDate(facts);
  const latest = facts.filter((f) => f.context.date === asOf);
  const whole = latest.find((f) => f.context.members.length === 0);
  if (whole) return { shares: whole.value, asOf, classes: 1, from: 'dei' };
  // One fact per class: the same class tagged twice (a cover table and its footnote) counts once.
  const byClass = new Map(latest.map((f) => [f.context.members.join('|'), f.value]));
  const shares = [...byClass.values()].reduce((a, b) => a + b, 0);
  return { shares, asOf, classes: byClass.size, from: 'dei' };
}

/** us-gaap:Assets of the company as a whole (no segment) at the latest balance-sheet date the report states. */
function statedAssets(doc: string, contexts: Map<string, XbrlContext>): StatedAssets | null {
  const facts = factsOf(doc, 'us-gaap:Assets', contexts).filter((f) => f.context.members.length === 0 && f.value > 0);
  if (facts.length === 0) return null;
  const asOf = latestDate(facts);
  const at = facts.find((f) => f.context.date === asOf);
  return at ? { usd: at.value, asOf } : null;
}

const DATE =
  /(?:January|February|March|April|May|June|July|August|September|October|November|December|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sept?|Oct|Nov|Dec)\.?\s+\d{1,2}\s*,\s*\d{4}/i;
/** A count of shares: "464,296,060 shares of Common Stock". Not one followed by "authorized" or a par value's "$". */
const SHARE_COUNT = /(?<![\d,.$])(\d{1,3}(?:,\d{3})+|\d{4,})\s+shares\b(?![^.;]{0,40}\bauthori[sz]ed)/gi;

/**
 * The cover's statement of shares outstanding, for reports without inline XBRL: the sentence that says "outstanding"
 * with a date and one count of shares per class ("As of February 1, 1994, the Registrant had outstanding 464,296,060
 * shares of Common Stock and 35,426,038 shares of Class B Stock": Ford's 1993 10-K; "126,354,086 shares of Common Stock
 * Issued and Outstanding as of May 2, 1997": Apple's 10-Q/A). Classes are summed as in deiShares.
 */
function coverShares(doc: string): StatedShares | null {
  // The cover is the report's first pages; past them "outstanding" is a balance sheet's or a note's.
  const cover = htmlToText(doc, 400_000).slice(0, 12_000).replace(/\s+/g, ' ');
  for (const sentence of cover.split(/(?<=[a-z0-9)]\.)\s+(?=[A-Z])/)) {
    if (!/\boutstanding\b/i.test(sentence) || /non-?affiliates|weighted/i.test(sentence)) continue;
    const counts = [...sentence.matchAll(SHARE_COUNT)].map((m) => Number((m[1] ?? '').replace(/,/g, '')));
    const date = DATE.exec(sentence)?.[0];
    const asOf = date ? anyDateToIso(date.replace(/\s*,\s*/, ', ')) : null;
    if (counts.length === 0 || !asOf) continue;
    return { shares: counts.reduce((a, b) => a + b, 0), asOf, classes: counts.length, from: 'cover' };
  }
  return null;
}

/** The size facts a periodic report states; each null when the report does not state it. */
export function companySizeFacts(doc: string): {
  sharesOutstanding: StatedShares | null;
  totalAssets: StatedAssets | null;
} {
  const contexts = doc.includes('<ix:') ? contextsOf(doc) : new Map<string, XbrlContext>();
  return {
    sharesOutstanding: (contexts.size > 0 ? deiShares(doc, contexts) : null) ?? coverShares(doc),
    totalAssets: contexts.size > 0 ? statedAssets(doc, contexts) : null,
  };
}
