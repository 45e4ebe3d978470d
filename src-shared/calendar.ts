/**
 * Calendar rules the deadline watch and the pre-market brief share: US federal holidays (SEC
 * business days: EDGAR is closed on them), NYSE market holidays (the brief's trading mornings),
 * and wall-clock times in a time zone that stay right across daylight-saving changes.
 * Dates are ISO calendar days ('2025-07-03'); pure, no Date parsing of local strings.
 */

import { EXTRA_CLOSED_DAYS } from './us-calendar';

export type IsoDate = string;

const pad = (n: number) => String(n).padStart(2, '0');
export const isoDate = (y: number, m: number, d: number): IsoDate => `${y}-${pad(m)}-${pad(d)}`;

const utcDay = (iso: IsoDate) => new Date(`${iso}T00:00:00Z`);
const toIso = (d: Date): IsoDate => d.toISOString().slice(0, 10);

/** Calendar days from `earlier` to `later` (negative when `later` comes first). */
export function daysBetween(later: IsoDate, earlier: IsoDate): number {
  return Math.round((utcDay(later).getTime() - utcDay(earlier).getTime()) / 86_400_000);
}

/** The day `months` calendar months after (or before, when negative) an ISO day. */
export function addMonths(iso: IsoDate, months: number): IsoDate {
  const d = utcDay(iso);
  d.setUTCMonth(d.getUTCMonth() + months);
  return toIso(d);
}

export function addDays(iso: IsoDate, days: number): IsoDate {
  const d = utcDay(iso);
  d.setUTCDate(d.getUTCDate() + days);
  return toIso(d);
}

/** 0 = Sunday ... 6 = Saturday. */
export const weekday = (iso: IsoDate) => utcDay(iso).getUTCDay();
export const isWeekend = (iso: IsoDate) => weekday(iso) === 0 || weekday(iso) === 6;

/** The n-th (1-based) given weekday of a month; n = -1 for the last one. */
function nthWeekday(year: number, month: number, day: number, n: number): IsoDate {
  if (n > 0) {
    const first = weekday(isoDate(year, month, 1));
    return isoDate(year, month, 1 + ((day - first + 7) % 7) + (n - 1) * 7);
  }
  const lastDate = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const last = weekday(isoDate(year, month, lastDate));
  return isoDate(year, month, lastDate - ((last - day + 7) % 7));
}

/** A fixed-date holiday on a weekend is observed on the Friday before or the Monday after. */
function observed(iso: IsoDate): IsoDate {
  const wd = weekday(iso);
  return wd === 6 ? addDays(iso, -1) : wd === 0 ? addDays(iso, 1) : iso;
}

/** Easter Sunday (anonymous Gregorian algorithm), for Good Friday. */
function easter(year: number): IsoDate {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return isoDate(year, month, day);
}

/** 5 U.S.C. 6103 holidays as observed (Juneteenth from 2021). New Year's on a Saturday is observed Dec 31 before. */
export function federalHolidays(year: number): Map<IsoDate, string> {
  const list: [IsoDate, string][] = [
    [observed(isoDate(year, 1, 1)), "New Year's Day"],
    [nthWeekday(year, 1, 1, 3), 'Martin Luther King Jr. Day'],
    [nthWeekday(year, 2, 1, 3), "Washington's Birthday"],
    [nthWeekday(year, 5, 1, -1), 'Memorial Day'],
    ...(year >= 2021 ? [[observed(isoDate(year, 6, 19)), 'Juneteenth'] as [IsoDate, string]] : []),
    [observed(isoDate(year, 7, 4)), 'Independence Day'],
    [nthWeekday(year, 9, 1, 1), 'Labor Day'],
    [nthWeekday(year, 10, 1, 2), 'Columbus Day'],
    [observed(isoDate(year, 11, 11)), 'Veterans Day'],
    [nthWeekday(year, 11, 4, 4), 'Thanksgiving Day'],
    [observed(isoDate(year, 12, 25)), 'Christmas Day'],
  ];
  return new Map(list);
}

/** NYSE full-day closures (no Columbus or Veterans Day; Good Friday; New Year's on a Saturday is not made up). */
export function marketHolidays(year: number): Map<IsoDate, string> {
  const newYear = isoDate(year, 1, 1);
  const list: [IsoDate, string][] = [
    ...(weekday(newYear) === 6 ? [] : [[observed(newYear), "New Year's Day"] as [IsoDate, string]]),
    [nthWeekday(year, 1, 1, 3), 'Martin Luther King Jr. Day'],
    [nthWeekday(year, 2, 1, 3), "Washington's Birthday"],
    [addDays(easter(year), -2), 'Good Friday'],
    [nthWeekday(year, 5, 1, -1), 'Memorial Day'],
    ...(year >= 2022 ? [[observed(isoDate(year, 6, 19)), 'Juneteenth'] as [IsoDate, string]] : []),
    [observed(isoDate(year, 7, 4)), 'Independence Day'],
    [nthWeekday(year, 9, 1, 1), 'Labor Day'],
    [nthWeekday(year, 11, 4, 4), 'Thanksgiving Day'],
    [observed(isoDate(year, 12, 25)), 'Christmas Day'],
  ];
  return new Map(list);
}

const yearOf = (iso: IsoDate) => Number(iso.slice(0, 4));

/** The federal holiday on `iso`, if any (checks next year's list for an observed Dec 31). */
export function federalHoliday(iso: IsoDate): string | null {
  return federalHolidays(yearOf(iso)).get(iso) ?? federalHolidays(yearOf(iso) + 1).get(iso) ?? null;
}

/** An SEC business day: a weekday that is neither a federal holiday nor a day EDGAR closed for a national day of mourning. */
export const isBusinessDay = (iso: IsoDate) =>
  !isWeekend(iso) && federalHoliday(iso) == null && !EXTRA_CLOSED_DAYS.includes(iso);

/** A day the stock market trades a session. */
export const isTradingDay = (iso: IsoDate) => !isWeekend(iso) && !marketHolidays(yearOf(iso)).has(iso);

/** The n-th business day after `iso` (n >= 0; 0 rolls a non-business day forward). */
export function addBusinessDays(iso: IsoDate, n: number, isOpen: (d: IsoDate) => boolean = isBusinessDay): IsoDate {
  let day = iso;
  if (n === 0) {
    while (!isOpen(day)) day = addDays(day, 1);
    return day;
  }
  for (let left = n; left > 0; ) {
    day = addDays(day, 1);
    if (isOpen(day)) left -= 1;
  }
  return day;
}

/** Business days after `from` up to and including `to` (0 when `to` is not after `from`). */
export function businessDaysBetween(
  from: IsoDate,
  to: IsoDate,
  isOpen: (d: IsoDate) => boolean = isBusinessDay,
): number {
  let count = 0;
  for (let day = addDays(from, 1); day <= to; day = addDays(day, 1)) if (isOpen(day)) count += 1;
  return count;
}

export interface ZonedParts {
  date: IsoDate;
  /** Minutes since local midnight. */
  minute: number;
}

const partsFormats = new Map<string, Intl.DateTimeFormat>();

/** The calendar day and clock minute of an instant in `timeZone`. */
export function zonedParts(at: Date, timeZone: string): ZonedParts {
  let format = partsFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    });
    partsFormats.set(timeZone, format);
  }
  const p = Object.fromEntries(format.formatToParts(at).map((x) => [x.type, x.value]));
  return { date: `${p.year}-${p.month}-${p.day}`, minute: Number(p.hour) * 60 + Number(p.minute) };
}

/** A calendar day 'YYYY-MM-DD' as 'Mar 5, 2025', read at noon UTC so no time zone moves it. */
export function formatDay(day: IsoDate): string {
  return new Date(`${day}T12:00:00Z`).toLocaleDateString('en-US', { dateStyle: 'medium', timeZone: 'UTC' });
}

/**
 * A filing known only by its date (no acceptance time: recorded or backfilled) is stored at midnight New York time and
 * has no time of day: alerts and cards print its date as filed, never a clock time or, west of New York, the day before.
 */
export function isDateOnlyFiling(filedAt: Date, acceptedAt: unknown): boolean {
  return !acceptedAt && zonedParts(filedAt, NEW_YORK).minute === 0 && filedAt.getUTCSeconds() === 0;
}

/**
 * The instant a local wall-clock time happens in `timeZone` ('2025-03-10', 480 -> 08:00 there).
 * Two passes of offset correction land on the right side of a DST change; a time skipped by a
 * spring-forward gap resolves to the instant an hour later on the clock.
 */
export function zonedTime(date: IsoDate, minute: number, timeZone: string): Date {
  const wanted = Date.UTC(yearOf(date), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10)), 0, minute);
  let guess = wanted;
  for (let i = 0; i < 2; i += 1) {
    const p = zonedParts(new Date(guess), timeZone);
    const seen = Date.UTC(yearOf(p.date), Number(p.date.slice(5, 7)) - 1, Number(p.date.slice(8, 10)), 0, p.minute);
    guess += wanted - seen;
  }
  // A wall-clock time the spring-forward gap skips lands before the gap: move past it, as
  // PostgreSQL's `timestamp at time zone` does (02:30 -> 03:30 daylight time).
  const landed = zonedParts(new Date(guess), timeZone);
  if (landed.date !== date || landed.minute !== minute) guess += 60 * 60_000;
  return new Date(guess);
}

export const NEW_YORK = 'America/New_York';
