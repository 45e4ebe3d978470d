/**
 * New York wall-clock time and U.S. federal business days (EDGAR is closed on weekends and
 * federal holidays). Pure: the EDGAR poll schedule, the simulator and deadline rules share it.
 */

/** A calendar date as 'YYYY-MM-DD'. */
export type IsoDate = string;

export interface NyParts {
  date: IsoDate;
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  /** 0 = Sunday ... 6 = Saturday. */
  weekday: number;
  /** Seconds since New York midnight. */
  secondsOfDay: number;
}

const NY = 'America/New_York';
const partsFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: NY,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

const pad = (n: number) => String(n).padStart(2, '0');

export function nyParts(ms: number): NyParts {
  const p = Object.fromEntries(partsFormat.formatToParts(new Date(ms)).map((x) => [x.type, x.value]));
  const year = Number(p.year);
  const month = Number(p.month);
  const day = Number(p.day);
  const hour = Number(p.hour);
  const minute = Number(p.minute);
  const second = Number(p.second);
  return {
    date: `${year}-${pad(month)}-${pad(day)}`,
    year,
    month,
    day,
    hour,
    minute,
    second,
    weekday: new Date(Date.UTC(year, month - 1, day)).getUTCDay(),
    secondsOfDay: hour * 3600 + minute * 60 + second,
  };
}

/** Offset of New York from UTC at an instant, in ms (EST -5 h, EDT -4 h). */
export function nyOffsetMs(ms: number): number {
  const p = nyParts(ms);
  const whole = ms - (ms % 1000);
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - whole;
}

export function nyDate(ms: number): IsoDate {
  return nyParts(ms).date;
}

/** The instant a New York wall-clock time names ('2026-03-09', 6 * 3600 for 06:00), DST included. */
export function nyInstant(date: IsoDate, secondsOfDay: number): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const asUtc = Date.UTC(y, m - 1, d) + secondsOfDay * 1000;
  // New York is 4 or 5 hours behind UTC; try both offsets and keep the one that reads back.
  for (const hours of [5, 4]) {
    const guess = asUtc + hours * 3_600_000;
    const back = nyParts(guess);
    if (back.date === date && back.secondsOfDay === secondsOfDay % 86_400) return guess;
  }
  // A wall time skipped by the spring-forward hour: the instant one hour later on the clock.
  return asUtc + 4 * 3_600_000;
}

function addDays(date: IsoDate, days: number): IsoDate {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

const weekdayOf = (date: IsoDate) => new Date(`${date}T00:00:00Z`).getUTCDay();

/** The n-th (1-based; -1 = last) given weekday of a month, as a date. */
function nthWeekday(year: number, month: number, weekday: number, n: number): IsoDate {
  if (n > 0) {
    const first = new Date(Date.UTC(year, month - 1, 1)).getUTCDay();
    return new Date(Date.UTC(year, month - 1, 1 + ((weekday - first + 7) % 7) + (n - 1) * 7))
      .toISOString()
      .slice(0, 10);
  }
  const lastDay = new Date(Date.UTC(year, month, 0));
  const back = (lastDay.getUTCDay() - weekday + 7) % 7;
  return new Date(Date.UTC(year, month - 1, lastDay.getUTCDate() - back)).toISOString().slice(0, 10);
}

/** A fixed-date holiday on a weekend is observed on the Friday before or the Monday after. */
function observed(date: IsoDate): IsoDate {
  const wd = weekdayOf(date);
  return wd === 6 ? addDays(date, -1) : wd === 0 ? addDays(date, 1) : date;
}

/** Days EDGAR closed outside the holiday rules (national days of mourning). */
export const EXTRA_CLOSED_DAYS: readonly IsoDate[] = ['2018-12-05', '2025-01-09'];

const holidayCache = new Map<number, Set<IsoDate>>();

/** Observed U.S. federal holidays (5 U.S.C. 6103) falling in `year`, Juneteenth from 2021. */
export function federalHolidays(year: number): Set<IsoDate> {
  let out = holidayCache.get(year);
  if (out) return out;
  const fixed = (month: number, day: number) => observed(`${year}-${pad(month)}-${pad(day)}`);
  const list = [
    fixed(1, 1),
    nthWeekday(year, 1, 1, 3), // Martin Luther King Jr. Day
    nthWeekday(year, 2, 1, 3), // Washington's Birthday
    nthWeekday(year, 5, 1, -1), // Memorial Day
    ...(year >= 2021 ? [fixed(6, 19)] : []),
    fixed(7, 4),
    nthWeekday(year, 9, 1, 1), // Labor Day
    nthWeekday(year, 10, 1, 2), // Columbus Day
    fixed(11, 11),
    nthWeekday(year, 11, 4, 4), // Thanksgiving
    fixed(12, 25),
    // Next year's New Year's Day on a Saturday is observed on this year's December 31.
    observed(`${year + 1}-01-01`),
  ];
  out = new Set(list.filter((d) => d.startsWith(`${year}-`)));
  holidayCache.set(year, out);
  return out;
}

export function isBusinessDay(date: IsoDate): boolean {
  const wd = weekdayOf(date);
  if (wd === 0 || wd === 6) return false;
  return !federalHolidays(Number(date.slice(0, 4))).has(date) && !EXTRA_CLOSED_DAYS.includes(date);
}

export function previousBusinessDay(date: IsoDate): IsoDate {
  let d = addDays(date, -1);
  while (!isBusinessDay(d)) d = addDays(d, -1);
  return d;
}

export function nextBusinessDay(date: IsoDate): IsoDate {
  let d = addDays(date, 1);
  while (!isBusinessDay(d)) d = addDays(d, 1);
  return d;
}

/** `date` itself when it is a business day, else the next one. */
export function businessDayOnOrAfter(date: IsoDate): IsoDate {
  return isBusinessDay(date) ? date : nextBusinessDay(date);
}

export { addDays };
