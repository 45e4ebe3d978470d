/** Time phrases into a [from, to) window of instants, relative to `now`, in New York days (no I/O). */

export interface Window {
  from: Date | null;
  to: Date | null;
  /** The words matched ("this week", "Q3 2025"), for the coverage line. */
  phrase: string | null;
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const DAY_MS = 86_400_000;

/** Midnight in New York of the given calendar day, as an instant (EDT/EST decided by the date). */
export function nyMidnight(year: number, month0: number, day: number): Date {
  const utcGuess = Date.UTC(year, month0, day, 5);
  const offsetHours = nyOffsetHours(new Date(utcGuess));
  return new Date(Date.UTC(year, month0, day, offsetHours));
}

function nyOffsetHours(at: Date): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: 'America/New_York',
    hour: 'numeric',
    hourCycle: 'h23',
    timeZoneName: 'short',
  }).formatToParts(at);
  return parts.find((p) => p.type === 'timeZoneName')?.value === 'EDT' ? 4 : 5;
}

/** The New York calendar day of an instant. */
export function nyDay(at: Date): { year: number; month0: number; day: number; weekday: number } {
  const text = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/New_York',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    weekday: 'short',
  }).formatToParts(at);
  const get = (type: string) => text.find((p) => p.type === type)?.value ?? '';
  const weekday = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(get('weekday'));
  return { year: Number(get('year')), month0: Number(get('month')) - 1, day: Number(get('day')), weekday };
}

function startOfDay(at: Date, plusDays = 0): Date {
  const d = nyDay(at);
  const utc = new Date(Date.UTC(d.year, d.month0, d.day + plusDays));
  return nyMidnight(utc.getUTCFullYear(), utc.getUTCMonth(), utc.getUTCDate());
}

function monthIndex(word: string): number {
  return MONTHS.indexOf(word.slice(0, 3).toLowerCase());
}

/** A year for a month/day without one: the latest such day not after `now`. */
function impliedYear(now: Date, month0: number, day: number): number {
  const today = nyDay(now);
  return month0 > today.month0 || (month0 === today.month0 && day > today.day) ? today.year - 1 : today.year;
}

const MONTH_WORDS = 'jan\\w*|feb\\w*|mar\\w*|apr\\w*|may|jun\\w*|jul\\w*|aug\\w*|sep\\w*|oct\\w*|nov\\w*|dec\\w*';
const ISO_DAY = /\b(\d{4})-(\d{2})-(\d{2})\b/;
const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];
const UNIT_DAYS = { day: 1, week: 7, month: 30, year: 365 } as const;

/** Days back to this week's Monday (Monday starts the week). */
const sinceMonday = (now: Date) => (nyDay(now).weekday + 6) % 7;

/**
 * The phrases, most specific first: the first pattern that matches decides, unless its reader
 * declines (a month word that is not a month), and then the next phrase is tried.
 */
const PHRASES: { patterns: RegExp[]; read: (m: RegExpExecArray, now: Date) => Window | null }[] = [
  { patterns: [/\btoday\b/], read: (_m, now) => ({ from: startOfDay(now), to: null, phrase: 'today' }) },
  {
    patterns: [/\byesterday\b/],
    read: (_m, now) => ({ from: startOfDay(now, -1), to: startOfDay(now), phrase: 'yesterday' }),
  },
  {
    patterns: [/\bthis week\b/],
    read: (_m, now) => ({ from: startOfDay(now, -sinceMonday(now)), to: null, phrase: 'this week' }),
  },
  {
    patterns: [/\blast week\b/],
    read: (_m, now) => {
      const back = sinceMonday(now);
      return { from: startOfDay(now, -back - 7), to: startOfDay(now, -back), phrase: 'last week' };
    },
  },
  {
    patterns: [/\bsince (monday|tuesday|wednesday|thursday|friday|saturday|sunday)\b/],
    read: (m, now) => {
      const back = (nyDay(now).weekday - WEEKDAYS.indexOf(m[1]!) + 7) % 7;
      return { from: startOfDay(now, -back), to: null, phrase: m[0] };
    },
  },
  {
    patterns: [
      /\b(?:last|past|previous)\s+(\d{1,4})\s+(day|week|month|year)s?\b/,
      /\bin\s+(\d{1,4})\s+(day|week|month|year)s?\b/,
    ],
    read: (m, now) => {
      const days = Number(m[1]) * UNIT_DAYS[m[2] as keyof typeof UNIT_DAYS];
      return { from: startOfDay(now, -days), to: null, phrase: m[0] };
    },
  },
  {
    patterns: [/\bthis (month|year|quarter)\b/],
    read: (m, now) => {
      const d = nyDay(now);
      const month0 = m[1] === 'month' ? d.month0 : m[1] === 'year' ? 0 : d.month0 - (d.month0 % 3);
      return { from: nyMidnight(d.year, month0, 1), to: null, phrase: m[0] };
    },
  },
  {
    patterns: [/\bq([1-4])\s*(?:of\s*)?(\d{4})\b/, /\b(\d{4})\s*q([1-4])\b/],
    read: (m) => {
      const [quarter, year] = m[0].startsWith('q') ? [Number(m[1]), Number(m[2])] : [Number(m[2]), Number(m[1])];
      return { from: nyMidnight(year, (quarter - 1) * 3, 1), to: nyMidnight(year, quarter * 3, 1), phrase: m[0] };
    },
  },
  {
    patterns: [new RegExp(`\\bsince ${ISO_DAY.source}`)],
    read: (m) => ({ from: nyMidnight(Number(m[1]), Number(m[2]) - 1, Number(m[3])), to: null, phrase: m[0] }),
  },
  {
    patterns: [new RegExp(`\\bsince (${MONTH_WORDS})\\.?\\s+(\\d{1,2})(?:st|nd|rd|th)?(?:,?\\s+(\\d{4}))?\\b`)],
    read: (m, now) => {
      const month0 = monthIndex(m[1]!);
      const day = Number(m[2]);
      const year = m[3] ? Number(m[3]) : impliedYear(now, month0, day);
      return { from: nyMidnight(year, month0, day), to: null, phrase: m[0] };
    },
  },
  {
    patterns: [ISO_DAY],
    read: (m) => {
      const from = nyMidnight(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
      return { from, to: new Date(from.getTime() + DAY_MS), phrase: m[0] };
    },
  },
  {
    patterns: [new RegExp(`\\b(${MONTH_WORDS})\\.?\\s+(\\d{4})\\b`)],
    read: (m) => {
      const month0 = monthIndex(m[1]!);
      if (month0 < 0) return null;
      const year = Number(m[2]);
      return { from: nyMidnight(year, month0, 1), to: nyMidnight(year, month0 + 1, 1), phrase: m[0] };
    },
  },
  {
    patterns: [/\b(?:in|during|of)\s+((?:19|20)\d{2})\b/, /\b((?:19|20)\d{2})\b(?!-)/],
    read: (m) => {
      const year = Number(m[1]);
      return { from: nyMidnight(year, 0, 1), to: nyMidnight(year + 1, 0, 1), phrase: m[0].trim() };
    },
  },
];

/** Reads the first time phrase of the question; no phrase, an open window. */
export function parseWindow(question: string, now: Date): Window {
  const q = question.toLowerCase();
  for (const { patterns, read } of PHRASES) {
    const m = patterns.map((pattern) => pattern.exec(q)).find((match) => match != null);
    const window = m ? read(m, now) : null;
    if (window) return window;
  }
  return { from: null, to: null, phrase: null };
}
