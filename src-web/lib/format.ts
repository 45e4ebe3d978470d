/** Display formats of SPEC.md section 9 (market cap, relative time) and the quote fields. */
import { isDateOnlyFiling } from '#shared/calendar';
export { formatDay } from '#shared/calendar';

// Shared with the server, whose "Why" lines state a company's market value (decision 366).
export { formatMarketCap } from '#shared/amounts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const WEEK = 7 * DAY;

/**
 * Minutes under 60, hours under 24, days under 7, weeks under 4, then months in words under a
 * year, then the date itself ("41mo ago" read as a code; issue 28).
 */
export function formatRelativeTime(when: string | Date | null | undefined, now: number = Date.now()): string {
  if (!when) return '';
  const time = typeof when === 'string' ? Date.parse(when) : when.getTime();
  if (!Number.isFinite(time)) return '';
  const elapsed = Math.max(0, now - time);
  const minutes = Math.floor(elapsed / MINUTE);
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes}m ago`;
  const hours = Math.floor(elapsed / HOUR);
  if (hours < 24) return `${hours}h ago`;
  const days = Math.floor(elapsed / DAY);
  if (days < 7) return `${days}d ago`;
  const weeks = Math.floor(elapsed / WEEK);
  if (weeks < 4) return `${weeks}w ago`;
  const months = Math.max(1, Math.floor(days / 30));
  if (months < 12) return `${months} month${months === 1 ? '' : 's'} ago`;
  return new Date(time).toLocaleDateString('en-US', { dateStyle: 'medium' });
}

/**
 * How long after SEC acceptance a receipt step came: exact while it is live-like (under two days),
 * then in days or years, so a backfilled 1999 filing does not read "+6365 h 54 min" (issue 28).
 */
export function formatLag(seconds: number, exact: (s: number) => string): string {
  if (!Number.isFinite(seconds)) return '';
  if (seconds < 2 * 86_400) return `+${exact(seconds)}`;
  const days = Math.floor(seconds / 86_400);
  if (days < 365) return `${days} days later`;
  const years = Math.floor(days / 365);
  return `${years === 1 ? 'a year' : `${years} years`} later`;
}

export function formatExactTime(when: string | Date | null | undefined): string {
  if (!when) return '';
  const date = typeof when === 'string' ? new Date(when) : when;
  if (!Number.isFinite(date.getTime())) return '';
  return date.toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
}

/** When a filing was filed; a date-only filing (isDateOnlyFiling) its date as filed ("Aug 4, 2023"). */
export function formatFiledTime(filedAt: string, acceptedAt: string | null | undefined): string {
  const date = new Date(filedAt);
  if (!Number.isFinite(date.getTime())) return '';
  if (isDateOnlyFiling(date, acceptedAt))
    return date.toLocaleDateString('en-US', { dateStyle: 'medium', timeZone: 'America/New_York' });
  return formatExactTime(date);
}

export function formatPrice(value: number | null | undefined): string {
  if (value == null || !Number.isFinite(value)) return '—';
  return `$${value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

export function formatPercent(value: number | null | undefined, options: { signed?: boolean } = {}): string {
  if (value == null || !Number.isFinite(value)) return '—';
  const sign = options.signed && value > 0 ? '+' : '';
  return `${sign}${value.toFixed(2)}%`;
}

export function formatNumber(value: number | null | undefined, digits = 2): string {
  if (value == null || !Number.isFinite(value)) return '—';
  return value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

/** Share counts and volumes: 1.2M, 850K. */
export function formatCompact(value: number | null | undefined): string {
  if (value == null || !Number.isFinite(value)) return '—';
  return new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 }).format(value);
}

/** "1 trade", "1,200 trades": a count with its noun (pass `many` when adding an s is wrong). */
export const plural = (n: number, one: string, many = `${one}s`) =>
  `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
