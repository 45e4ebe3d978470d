/**
 * Filing deadlines: a Form 4 is due before the end of the second business day after the trade
 * (Exchange Act Rule 16a-3(g)); 10-Q and 10-K are due 40/45 and 60/75/90 days after the period
 * by filer status (Forms 10-Q and 10-K, General Instructions), moved to the next business day
 * when the last day is a weekend or a federal holiday (Rule 0-3). An NT 10-K / NT 10-Q (Rule
 * 12b-25) extends them by 15 / 5 calendar days.
 */
import { addBusinessDays, addDays, businessDaysBetween, type IsoDate } from './calendar';

export const FORM4_BUSINESS_DAYS = 2;

export function form4DueDate(tradeDate: IsoDate): IsoDate {
  return addBusinessDays(tradeDate, FORM4_BUSINESS_DAYS);
}

/** Business days a Form 4 was filed after its due date (0 = on time), from its earliest trade. */
export function form4BusinessDaysLate(tradeDate: IsoDate, filedDate: IsoDate): number {
  return businessDaysBetween(form4DueDate(tradeDate), filedDate);
}

export function lateLabel(days: number): string | null {
  return days > 0 ? `filed ${days} business day${days === 1 ? '' : 's'} late` : null;
}

/** EDGAR's submissions `category` words, as far as deadlines care. */
export type FilerStatus = 'large_accelerated' | 'accelerated' | 'non_accelerated';

export function filerStatusOf(category: string | null | undefined): FilerStatus | null {
  const c = (category ?? '').toLowerCase();
  if (!c) return null;
  if (c.includes('large accelerated')) return 'large_accelerated';
  if (c.includes('non-accelerated')) return 'non_accelerated';
  if (c.includes('accelerated')) return 'accelerated';
  return 'non_accelerated';
}

const PERIODIC_DAYS: Record<'10-Q' | '10-K', Record<FilerStatus, number>> = {
  '10-Q': { large_accelerated: 40, accelerated: 40, non_accelerated: 45 },
  '10-K': { large_accelerated: 60, accelerated: 75, non_accelerated: 90 },
};

/** NT extensions in calendar days (Rule 12b-25(b)). */
export const NT_EXTENSION_DAYS: Record<'10-Q' | '10-K', number> = { '10-Q': 5, '10-K': 15 };

export function periodicDueDate(
  form: '10-Q' | '10-K',
  periodEnd: IsoDate,
  status: FilerStatus,
  { extended = false } = {},
): IsoDate {
  const days = PERIODIC_DAYS[form][status] + (extended ? NT_EXTENSION_DAYS[form] : 0);
  return addBusinessDays(addDays(periodEnd, days), 0);
}

/**
 * The period a company must report next after its last periodic report: the month end three
 * months on (a 52/53-week period ending in a month's first week counts as the month before, so
 * Apple's 2023-04-01 quarter is followed by June's), a 10-K when that month is the fiscal year's
 * last (`fiscalYearEndMonth`, EDGAR's `fiscalYearEnd` MMDD), else a 10-Q.
 */
export function nextPeriod(
  last: { periodEnd: IsoDate },
  fiscalYearEndMonth: number | null,
): { form: '10-Q' | '10-K'; periodEnd: IsoDate } {
  const y = Number(last.periodEnd.slice(0, 4));
  const m = Number(last.periodEnd.slice(5, 7));
  const day = Number(last.periodEnd.slice(8, 10));
  const target = (day <= 7 ? m - 1 : m) + 3;
  const ty = y + Math.floor((target - 1) / 12);
  const tm = ((((target - 1) % 12) + 12) % 12) + 1;
  const lastDay = new Date(Date.UTC(ty, tm, 0)).getUTCDate();
  const periodEnd = `${ty}-${String(tm).padStart(2, '0')}-${String(lastDay).padStart(2, '0')}`;
  return { form: fiscalYearEndMonth === tm ? '10-K' : '10-Q', periodEnd };
}
