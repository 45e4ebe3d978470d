/**
 * Which earlier report a new one is compared with: a 10-K with the company's previous 10-K, a
 * 10-Q with the 10-Q for the same quarter a year earlier (not the quarter just before, which
 * differs by season). "A year earlier" is the period end 365 days back within a window: 52/53-week
 * fiscal years move the date by a few days (Apple's third quarter ended 2024-06-29 and 2025-06-28).
 */
import { daysBetween } from '#shared/calendar';
import { reportKind, type ReportKind } from '../sections';

export interface ReportListing {
  accessionNo: string;
  formType: string;
  /** Period of report (YYYY-MM-DD); without it a listing cannot be placed. */
  reportDate: string | null;
  filedDate?: string | null;
  primaryDocument?: string | null;
}

/** Period end this far from exactly a year earlier still counts (a 53-week year, a changed fiscal year end by a week). */
const WINDOW_DAYS = 45;

/** The comparable of a report of `kind` with period end `period`, or null. Amendments are never picked. */
export function pickComparable(
  kind: ReportKind,
  period: string,
  listings: readonly ReportListing[],
  exclude?: string,
): ReportListing | null {
  let best: { listing: ReportListing; off: number } | null = null;
  for (const l of listings) {
    if (l.accessionNo === exclude || !l.reportDate || /\/A$/i.test(l.formType)) continue;
    if (reportKind(l.formType) !== kind) continue;
    const off = Math.abs(daysBetween(period, l.reportDate) - 365);
    if (off > WINDOW_DAYS) continue;
    if (!best || off < best.off) best = { listing: l, off };
  }
  return best?.listing ?? null;
}
