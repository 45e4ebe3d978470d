/**
 * When EDGAR publishes, in New York time: filings are accepted 06:00-22:00 ET on business days;
 * the latest-filings feed is polled about once a second from 06:00 to 22:05 and once a minute
 * otherwise. Non-exempt filings accepted after 17:30 are held and released at 06:00 the next
 * business day, inserted at their original acceptance time, so 06:00-06:12 gets a deep sweep.
 */
import { HOLD_CUTOFF_S } from '#shared/edgar-hold';
import { isBusinessDay, nyInstant, nyParts, previousBusinessDay } from '#shared/us-calendar';

const H = 3600;

export const EDGAR_OPEN_S = 6 * H;
/** Five minutes past EDGAR's 22:00 close: the last acceptances are still being listed. */
export const EDGAR_POLL_CLOSE_S = 22 * H + 5 * 60;
/** After 17:30 ET non-exempt filings are held for the next business day (shared with the web). */
export { HOLD_CUTOFF_S };
/** The held filings come out between about 06:01 and 06:10; the sweep runs a little longer. */
export const DEEP_SWEEP_END_S = 6 * H + 12 * 60;
export const MARKET_OPEN_S = 9 * H + 30 * 60;
export const MARKET_CLOSE_S = 16 * H;

/** EDGAR is accepting or still listing filings: poll fast. */
export function isEdgarActive(ms: number): boolean {
  const p = nyParts(ms);
  return isBusinessDay(p.date) && p.secondsOfDay >= EDGAR_OPEN_S && p.secondsOfDay < EDGAR_POLL_CLOSE_S;
}

/** Until the next fast-poll period begins (06:00 on the next business day), capped at `cap`. */
export function msUntilActive(ms: number, cap: number): number {
  if (isEdgarActive(ms)) return 0;
  const p = nyParts(ms);
  let date = p.date;
  if (!isBusinessDay(date) || p.secondsOfDay >= EDGAR_OPEN_S) {
    do date = new Date(Date.parse(`${date}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    while (!isBusinessDay(date));
  }
  return Math.min(cap, Math.max(0, nyInstant(date, EDGAR_OPEN_S) - ms));
}

/**
 * During the morning release window, how deep to page: down to the previous business day's
 * 17:30 ET (the held filings sit among that evening's entries). Null outside the window.
 */
export function deepSweepFloor(ms: number): number | null {
  const p = nyParts(ms);
  if (!isBusinessDay(p.date) || p.secondsOfDay < EDGAR_OPEN_S || p.secondsOfDay >= DEEP_SWEEP_END_S) return null;
  return nyInstant(previousBusinessDay(p.date), HOLD_CUTOFF_S);
}

/** Regular trading hours, 09:30-16:00 ET on business days (how /latency and the bench group). */
export function isMarketHours(ms: number): boolean {
  const p = nyParts(ms);
  return isBusinessDay(p.date) && p.secondsOfDay >= MARKET_OPEN_S && p.secondsOfDay < MARKET_CLOSE_S;
}

/** Forms SEC disseminates at once even after 17:30 (Section 16 reports, 144, 13D/G). */
export function isExemptFromHold(formType: string): boolean {
  const f = formType.toUpperCase().replace(/\/A$/, '');
  return /^[345]$/.test(f) || f === '144' || /^(SC |SCHEDULE )13[DG]/.test(f);
}
