/**
 * Quiet hours: real-time email/SMS alerts falling inside the user's quiet period are held until it
 * ends (every importance alike: the user chose the hours). Minutes are local to the user's zone;
 * start > end wraps midnight; start = end or either null means no quiet hours.
 */
import { zonedFormat } from './zoned-format';

export interface QuietHours {
  timeZone: string;
  startMinute: number | null;
  endMinute: number | null;
}

const DAY_MINUTES = 24 * 60;

const CLOCK: Intl.DateTimeFormatOptions = { hourCycle: 'h23', hour: '2-digit', minute: '2-digit' };

function localMinuteOfDay(now: Date, timeZone: string): number {
  const parts = zonedFormat(timeZone, CLOCK).formatToParts(now);
  const value = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return value('hour') * 60 + value('minute');
}

/** When the quiet period `now` falls in ends, or null when `now` is not quiet. */
export function quietUntil(now: Date, quiet: QuietHours): Date | null {
  const { startMinute: start, endMinute: end } = quiet;
  if (start == null || end == null || start === end) return null;
  const minute = localMinuteOfDay(now, quiet.timeZone);
  const inside = start < end ? minute >= start && minute < end : minute >= start || minute < end;
  if (!inside) return null;
  const minutesLeft = (end - minute + DAY_MINUTES) % DAY_MINUTES;
  const startOfMinute = now.getTime() - (now.getTime() % 60_000);
  // A DST change inside the period can shift the end by an hour; the next check re-evaluates.
  return new Date(startOfMinute + minutesLeft * 60_000);
}
