import { catalogueFormOf } from '#shared/forms';
import { COPY } from '#shared/copy';
import type { InsiderData, WatchlistFiling, WatchlistItem } from './watchlist-types';

/** 52-week position: Near Low under 25% of the range, Near High over 75%. */
export function week52Badge(item: Pick<WatchlistItem, 'current_price' | 'week_52_low' | 'week_52_high'>) {
  const { current_price: price, week_52_low: low, week_52_high: high } = item;
  if (price == null || low == null || high == null || !(high > low)) return null;
  const position = (price - low) / (high - low);
  if (position < 0.25) return { kind: 'near-low' as const, label: 'Near Low', position };
  if (position > 0.75) return { kind: 'near-high' as const, label: 'Near High', position };
  return null;
}

/** Volume against average volume: 2x or more, 1.3x or more, under 0.7x. */
export function volumeBadge(item: Pick<WatchlistItem, 'volume' | 'avg_volume'>) {
  const { volume, avg_volume: average } = item;
  if (volume == null || average == null || !(average > 0)) return null;
  const ratio = volume / average;
  const label = `${ratio.toFixed(1)}x avg volume`;
  if (ratio >= 2) return { kind: 'surge' as const, label, ratio };
  if (ratio >= 1.3) return { kind: 'elevated' as const, label, ratio };
  if (ratio < 0.7) return { kind: 'quiet' as const, label, ratio };
  return null;
}

export const filingForm = (filing: WatchlistFiling): string => filing.form ?? filing.form_type ?? '';

/** '4' reads as 'Form 4'; named forms (8-K, 10-Q) read as themselves. */
export function formDisplayName(form: string): string {
  return /^\d+$/.test(form) ? `Form ${form}` : form;
}

function filedTime(filing: WatchlistFiling): number {
  const t = filing.filed_at ? Date.parse(filing.filed_at) : NaN;
  return Number.isFinite(t) ? t : 0;
}

export type LatestFilingView = { kind: 'filing'; filing: WatchlistFiling } | { kind: 'empty'; message: string };

/**
 * The card's latest-filing banner. With a brand primary form, a non-PRO user and 'show all
 * filings' off, only the primary form counts.
 */
export function latestFilingFor(
  item: Pick<WatchlistItem, 'recent_filings'>,
  options: { primaryForm: string | null; pro: boolean; showAll: boolean },
): LatestFilingView {
  const filings = [...(item.recent_filings ?? [])].sort((a, b) => filedTime(b) - filedTime(a));
  const restrict = options.primaryForm && !options.pro && !options.showAll ? options.primaryForm : null;
  if (restrict) {
    const match = filings.find((f) => (catalogueFormOf(filingForm(f)) ?? filingForm(f)) === restrict);
    return match
      ? { kind: 'filing', filing: match }
      : { kind: 'empty', message: COPY.noRecentForm(formDisplayName(restrict)) };
  }
  const latest = filings[0];
  return latest ? { kind: 'filing', filing: latest } : { kind: 'empty', message: COPY.noRecentActivity };
}

export function parseInsiderData(raw: WatchlistFiling['insider_data']): InsiderData | null {
  if (!raw) return null;
  if (typeof raw === 'object') return raw;
  try {
    const parsed: unknown = JSON.parse(raw);
    return parsed && typeof parsed === 'object' ? (parsed as InsiderData) : null;
  } catch {
    return null;
  }
}

/**
 * `executive_names` as a list of names: the server sends an array, older clients and stored
 * events may send one name as a plain string; blanks are dropped.
 */
export function executiveNames(raw: WatchlistFiling['executive_names']): string[] {
  const names = Array.isArray(raw) ? raw : raw ? [raw] : [];
  return names.map((name) => (typeof name === 'string' ? name.trim() : '')).filter(Boolean);
}

/** Who traded: the insider data's executive, else the filing's first named executive, else ''. */
export function insiderName(filing: WatchlistFiling, data: InsiderData | null): string {
  return data?.executiveName?.trim() || executiveNames(filing.executive_names)[0] || '';
}

export interface Form4Summary {
  text: string;
  href: string | null;
  incomplete: boolean;
}

/** '{executive} bought/sold {N} shares', linked to the insider page by CIK, else by name. */
export function form4Summary(filing: WatchlistFiling): Form4Summary | null {
  if (catalogueFormOf(filingForm(filing)) !== '4') return null;
  const data = parseInsiderData(filing.insider_data);
  const name = insiderName(filing, data);
  const shares =
    typeof data?.sharesTraded === 'number' && Number.isFinite(data.sharesTraded) ? data.sharesTraded : null;
  const disposition = typeof data?.isDisposition === 'boolean' ? data.isDisposition : null;
  const code = data?.transactionCode;
  // Exercises, grants, tax withholding and gifts are not purchases or sales, and notes are counted in
  // dollars, not shares: the server's one-liner says what happened ('exercised or converted 10,500
  // shares', 'bought $25.0M of convertible notes').
  const routine = code != null && code !== 'P' && code !== 'S' && Boolean(filing.one_liner);
  const inDollars = shares === null && data != null && code != null && Boolean(filing.one_liner);
  const incomplete =
    !data ||
    !name ||
    (shares === null && !inDollars) ||
    disposition === null ||
    data.incompleteData === true ||
    filing.data_incomplete === true;
  const verb = disposition === null ? 'traded' : disposition ? 'sold' : 'bought';
  const text =
    routine || inDollars
      ? filing.one_liner!
      : `${name || 'An insider'} ${verb} ${shares === null ? '' : `${Math.abs(shares).toLocaleString('en-US')} `}shares`;
  const cik = data?.insiderCik ?? filing.insider_cik;
  const href = cik
    ? `/insider/cik/${encodeURIComponent(String(cik))}`
    : name
      ? `/insider/${encodeURIComponent(name)}`
      : null;
  return { text, href, incomplete };
}

/** A filed instant as its day in New York, "Nov 8, 2022": recorded filings show their real date, not "3y ago". */
export function filedDayWords(filedAt: string | null | undefined): string {
  if (!filedAt) return '';
  const date = new Date(filedAt);
  if (!Number.isFinite(date.getTime())) return '';
  return date.toLocaleDateString('en-US', { dateStyle: 'medium', timeZone: 'America/New_York' });
}
