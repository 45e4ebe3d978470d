import { isDateOnlyFiling } from '#shared/calendar';
/** Intl.DateTimeFormat per zone and options, built once (each costs about a millisecond). */
const cache = new Map<string, Intl.DateTimeFormat>();

export const FALLBACK_TIME_ZONE = 'America/New_York';

export function zonedFormat(timeZone: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${timeZone}|${JSON.stringify(options)}`;
  let format = cache.get(key);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat('en-US', { ...options, timeZone });
    } catch {
      // A zone this runtime does not know: the product's default zone.
      format = new Intl.DateTimeFormat('en-US', { ...options, timeZone: FALLBACK_TIME_ZONE });
    }
    cache.set(key, format);
  }
  return format;
}

const FILED_AT: Intl.DateTimeFormatOptions = {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
};
const FILED_DAY: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'short', day: 'numeric' };

/** A filing's time as alerts print it: "Jan 8, 2025, 7:00 PM EST"; a date-only filing its date ("Aug 4, 2023"). */
export function filedAtText(date: Date, timeZone: string, { acceptedAt }: { acceptedAt?: Date | null } = {}): string {
  return isDateOnlyFiling(date, acceptedAt)
    ? zonedFormat(FALLBACK_TIME_ZONE, FILED_DAY).format(date)
    : zonedFormat(timeZone, FILED_AT).format(date);
}
