/**
 * The pre-market brief's window: filings accepted after a regular session's 16:00 ET close (or on
 * a day with no session) and before the next session's 09:30 ET open belong to that next trading
 * morning's brief. Times are New York wall-clock times, so the window follows DST by itself.
 * Early-close days (13:00) are treated as full days: a filing after 13:00 on one goes out in real time.
 */
import { addDays, isTradingDay, NEW_YORK, zonedParts, zonedTime, type IsoDate } from './calendar';

export const MARKET_OPEN_MINUTE = 9 * 60 + 30;
export const MARKET_CLOSE_MINUTE = 16 * 60;
export const DEFAULT_BRIEF_MINUTE = 8 * 60;

/** The next trading day after `iso`. */
export function nextTradingDay(iso: IsoDate): IsoDate {
  let day = addDays(iso, 1);
  while (!isTradingDay(day)) day = addDays(day, 1);
  return day;
}

/** The trading morning whose brief covers a filing accepted at `acceptedAt`, or null during a session. */
export function briefMorning(acceptedAt: Date): IsoDate | null {
  const { date, minute } = zonedParts(acceptedAt, NEW_YORK);
  if (isTradingDay(date)) {
    if (minute < MARKET_OPEN_MINUTE) return date;
    if (minute < MARKET_CLOSE_MINUTE) return null;
  }
  return nextTradingDay(date);
}

/** When a morning's brief goes out: `minute` (ET wall clock, before the open) on that day. */
export function briefSendAt(morning: IsoDate, minute: number): Date {
  return zonedTime(morning, minute, NEW_YORK);
}

/** The instant a morning's window closes (09:30 ET that day). */
export const windowClosesAt = (morning: IsoDate) => zonedTime(morning, MARKET_OPEN_MINUTE, NEW_YORK);
