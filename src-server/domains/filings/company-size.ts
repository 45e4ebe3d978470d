/**
 * The company's size on a filing's date, which sizes an 8-K's deal and a Form 4 sale (issue #25, decision 366), in
 * this order: the shares outstanding its latest report's cover states × the stored close of the filing's day; else the
 * quote path of decision 362 (market-value.ts); else, for a deal only, the total assets its latest report states.
 * With none of them the size is not known, and the rules weigh the deal as unsized rather than sized wrongly.
 */
import { addMonths } from '#shared/calendar';
import type { CompanySize } from '../../edgar-model/score/types';
import type { CloseNear, StatedFact } from './company-size.repo';
import { type MarketValueInputs, marketValueAsOf, QUOTE_AS_OF_DAYS } from './market-value';

const DAY_MS = 86_400_000;
/**
 * A stated count or total assets sizes filings up to this long after the date it is stated as of: a 10-K is followed by
 * three 10-Qs, so a fact older than a year and a quarter means the reports in between are not stored.
 */
export const STATED_FACT_MONTHS = 15;
/** The close may be this many days before the filing (weekends, holidays, a gap in a file), as in decision 362. */
const CLOSE_GAP_DAYS = 7;
/**
 * A day-over-day move this large, either way, in unadjusted closes between the count's date and the close may be a
 * split (3-for-2 moves the price by 1.5): the count would then be on another share basis than the close.
 */
const SPLIT_MOVE = 1.4;
/** A quote's share count (value / price) this far from the stated one says a split came between them. */
const COUNT_AGREES = 1.4;

export interface SizeInputs {
  /** The latest stated shares outstanding (summed over classes), within STATED_FACT_MONTHS. */
  shares: StatedFact | null;
  /** The stored close on or before the filing's day, with the largest daily move since the count's date. */
  close: CloseNear | null;
  quote: MarketValueInputs | null;
}

/**
 * Whether a count stated as of `asOf` is on the share basis of this close. An unadjusted close is on its own day's
 * basis: the same unless a split came between, which shows as a jump. A split-adjusted close is on the basis of the
 * day its source was fetched (about its last bar), so the count must be from within STATED_FACT_MONTHS of that day,
 * and must agree with the quote's count when there is a quote: a split in between is not visible in those closes.
 */
function sameBasis(count: StatedFact, close: CloseNear, quote: MarketValueInputs | null): boolean {
  if (close.adjustment === 'none') return close.largestMove == null || close.largestMove < SPLIT_MOVE;
  if (close.adjustment !== 'split' && close.adjustment !== 'split+dividend') return false;
  if (!close.lastDay || close.lastDay < count.asOf || close.lastDay > addMonths(count.asOf, STATED_FACT_MONTHS))
    return false;
  if (quote?.price == null || quote.price <= 0) return true;
  const ratio = quote.marketCap / quote.price / count.value;
  return ratio < COUNT_AGREES && ratio > 1 / COUNT_AGREES;
}

/** Shares outstanding from the latest report's cover × the close of the filing's day, when both are on one basis. */
function fromStatedCount(i: SizeInputs, filedAt: Date): CompanySize | null {
  const { shares, close } = i;
  if (!shares || !close || shares.value <= 0 || close.close <= 0) return null;
  const gap = filedAt.getTime() - Date.parse(`${close.day}T00:00:00Z`);
  if (gap < -DAY_MS || gap > CLOSE_GAP_DAYS * DAY_MS || !sameBasis(shares, close, i.quote)) return null;
  return {
    kind: 'market-value',
    usd: shares.value * close.close,
    from: { source: 'cover-shares', form: shares.form, asOf: shares.asOf, closeDay: close.day },
  };
}

/** Decision 362's market value: the quote near the filing, else today's share count × a split-adjusted close. */
function fromQuote(q: MarketValueInputs | null, filedAt: Date): CompanySize | null {
  const usd = q ? marketValueAsOf(q, filedAt) : null;
  if (q == null || usd == null) return null;
  const near = Math.abs(q.quotedAt.getTime() - filedAt.getTime()) <= QUOTE_AS_OF_DAYS * DAY_MS;
  return {
    kind: 'market-value',
    usd,
    from: near
      ? { source: 'quote', quotedDay: q.quotedAt.toISOString().slice(0, 10) }
      : { source: 'carried-count', closeDay: q.closeDay ?? '' },
  };
}

/** The company's market value on the filing's date (a Form 4 sale is weighed against this only). */
export function marketValueOn(i: SizeInputs, filedAt: Date): CompanySize | null {
  return fromStatedCount(i, filedAt) ?? fromQuote(i.quote, filedAt);
}

/** What sizes a deal no market value sizes: the total assets the latest report states. */
export function totalAssetsSize(a: StatedFact | null): CompanySize | null {
  if (!a || a.value <= 0) return null;
  return { kind: 'total-assets', usd: a.value, from: { source: 'balance-sheet', form: a.form, asOf: a.asOf } };
}
