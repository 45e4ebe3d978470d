/** Date shapes found in EDGAR documents, normalised to ISO (dates YYYY-MM-DD, instants UTC). */
import { nyOffsetMs } from '#shared/us-calendar';

const MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];

/** A month's name as a filing writes it ("March"), for patterns. */
export const MONTH_NAME = `(?:${MONTHS.map((m) => m.charAt(0).toUpperCase() + m.slice(1)).join('|')})`;

function validDate(y: number, m: number, d: number): string | null {
  if (y < 1900 || y > 2200 || m < 1 || m > 12 || d < 1 || d > 31) return null;
  return `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/** '20221108' -> '2022-11-08' */
export function yyyymmddToIso(value: string): string | null {
  const m = /^(\d{4})(\d{2})(\d{2})/.exec(value.trim());
  return m ? validDate(Number(m[1]), Number(m[2]), Number(m[3])) : null;
}

/** '2022-11-08', '11/26/2025', '09-30-2023', 'October 5, 2005', 'January 6, 2025' -> ISO date. */
export function anyDateToIso(value: string | null | undefined): string | null {
  if (!value) return null;
  const v = value.trim();
  // Fast path: the ISO dates of EDGAR's XML.
  if (v.length >= 10 && v.charCodeAt(4) === 45 && v.charCodeAt(7) === 45) {
    const y = Number(v.slice(0, 4));
    const mo = Number(v.slice(5, 7));
    const d = Number(v.slice(8, 10));
    if (Number.isInteger(y) && Number.isInteger(mo) && Number.isInteger(d)) return validDate(y, mo, d);
  }
  let m = /^(\d{4})-(\d{2})-(\d{2})/.exec(v);
  if (m) return validDate(Number(m[1]), Number(m[2]), Number(m[3]));
  m = /^(\d{1,2})[/-](\d{1,2})[/-](\d{4})$/.exec(v);
  if (m) return validDate(Number(m[3]), Number(m[1]), Number(m[2]));
  m = /^([A-Za-z]+)\.?\s+(\d{1,2}),?\s+(\d{4})/.exec(v);
  if (m) {
    const month = MONTHS.findIndex((name) => name.startsWith((m?.[1] ?? '').toLowerCase().slice(0, 3)));
    if (month !== -1) return validDate(Number(m[3]), month + 1, Number(m[2]));
  }
  return yyyymmddToIso(v);
}

const offsetCache = new Map<number, number>();

/** Offset of New York from UTC at an instant, in ms (negative: EST -5h, EDT -4h); cached per hour. */
function newYorkOffset(utcMs: number): number {
  const hour = Math.floor(utcMs / 3_600_000);
  const cached = offsetCache.get(hour);
  if (cached !== undefined) return cached;
  const offset = nyOffsetMs(hour * 3_600_000);
  if (offsetCache.size > 10_000) offsetCache.clear();
  offsetCache.set(hour, offset);
  return offset;
}

/** EDGAR acceptance stamps are Eastern wall-clock time: '20221108201810' -> '2022-11-09T01:18:10.000Z'. */
export function easternToIso(value: string): string | null {
  const m = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(value.trim());
  if (!m) return null;
  const wall = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]), Number(m[6]));
  let utc = wall - newYorkOffset(wall);
  utc = wall - newYorkOffset(utc);
  return Number.isFinite(utc) ? new Date(utc).toISOString() : null;
}

/** Midnight New York time of an ISO date, as an instant (filed dates without an acceptance time). */
export function easternMidnightIso(isoDate: string): string {
  return easternToIso(`${isoDate.replace(/-/g, '')}000000`) ?? `${isoDate}T05:00:00.000Z`;
}
