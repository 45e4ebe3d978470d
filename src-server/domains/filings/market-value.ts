/**
 * The company's market value on a filing's date, which sizes an 8-K's deal and a Form 4 sale against
 * the company (issue #25: "shares outstanding × the last stored close"). The stored quote is today's:
 * a backfilled or rescored filing from years ago sized against it reads a deal of a third of the
 * company as a tuck-in (Apple's 2000 market value was about 1/200 of its 2025 one). With no value
 * for the filing's date the deal stays unsized, which the rules weigh as such, rather than sized wrongly.
 */

const DAY_MS = 86_400_000;
/** A quote this close to the filing is its market value: a month moves a price, not a size class. */
export const QUOTE_AS_OF_DAYS = 31;
/** A stored close this long before the filing date still prices it (weekends, holidays, a gap in a file). */
const CLOSE_GAP_DAYS = 7;
/**
 * Today's share count carries back this far: buybacks and issues move it (Apple: about 17.6B
 * split-adjusted shares at the end of 2019, about 15B in 2025, 15% apart), within a size class's
 * width; further back it drifts by more than that.
 */
export const SHARES_CARRY_BACK_YEARS = 5;

export interface MarketValueInputs {
  /** The latest quote: market value and price, and when the exchange priced it. */
  marketCap: number;
  price: number | null;
  quotedAt: Date;
  /** The stored daily close on or before the filing date, and how its source adjusts old prices. */
  closeDay: string | null;
  close: number | null;
  adjustment: string | null;
}

export function marketValueAsOf(q: MarketValueInputs, filedAt: Date): number | null {
  const apart = Math.abs(q.quotedAt.getTime() - filedAt.getTime());
  if (apart <= QUOTE_AS_OF_DAYS * DAY_MS) return q.marketCap;
  if (apart > SHARES_CARRY_BACK_YEARS * 365.25 * DAY_MS) return null;
  // Today's share count (value / price) times the close of the filing's day on today's share basis:
  // only a split-adjusted close is on it ('none' keeps the pre-split price of each day).
  if (q.adjustment !== 'split' && q.adjustment !== 'split+dividend') return null;
  if (q.price == null || q.price <= 0 || q.close == null || q.closeDay == null) return null;
  const gap = filedAt.getTime() - Date.parse(`${q.closeDay}T00:00:00Z`);
  if (gap < -DAY_MS || gap > CLOSE_GAP_DAYS * DAY_MS) return null;
  return (q.marketCap / q.price) * q.close;
}
