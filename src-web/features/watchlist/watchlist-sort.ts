import { DEFAULT_PREFERENCES, type SORT_DIRECTIONS, SORT_FIELDS } from '#shared/preferences';
import { importanceRank } from './watchlist-filters';
import type { WatchlistItem } from './watchlist-types';

export type SortField = (typeof SORT_FIELDS)[number];
export type SortDirection = (typeof SORT_DIRECTIONS)[number];

const SORT_LABELS: Record<SortField, string> = {
  latest_filing: 'Latest Filing',
  alert_level: 'Alert Level',
  unread: 'Unread',
  ticker: 'Ticker',
  company: 'Company',
  industry: 'Industry',
  price: 'Price',
  market_cap: 'Market Cap',
  change_percent: 'Change %',
};

/** The nine sort options of SPEC.md section 2, Latest Filing first. */
export const SORT_OPTIONS = SORT_FIELDS.map((value) => ({ value, label: SORT_LABELS[value] }));
export interface SortState {
  field: SortField;
  direction: SortDirection;
}

export const DEFAULT_SORT: SortState = {
  field: DEFAULT_PREFERENCES.sortField,
  direction: DEFAULT_PREFERENCES.sortDirection,
};

export function isSortField(value: unknown): value is SortField {
  return (SORT_FIELDS as readonly unknown[]).includes(value);
}

type SortKey = number | string | null;

function sortKey(item: WatchlistItem, field: SortField): SortKey {
  switch (field) {
    case 'latest_filing': {
      const time = item.last_filing_date ? Date.parse(item.last_filing_date) : NaN;
      return Number.isFinite(time) ? time : null;
    }
    case 'alert_level':
      return importanceRank(item.highest_importance) || null;
    case 'unread':
      return item.unseen_filings_count ?? 0;
    case 'ticker':
      return item.ticker;
    case 'company':
      return item.company_name || null;
    case 'industry':
      return item.industry || null;
    case 'price':
      return item.current_price ?? null;
    case 'market_cap':
      return item.market_cap ?? null;
    case 'change_percent':
      return item.change_percent ?? null;
  }
}

/** Sorts by the chosen field and direction; missing values always last, ties by ticker A-Z. */
export function sortItems(items: readonly WatchlistItem[], sort: SortState): WatchlistItem[] {
  const sign = sort.direction === 'asc' ? 1 : -1;
  return [...items].sort((a, b) => {
    const ka = sortKey(a, sort.field);
    const kb = sortKey(b, sort.field);
    if (ka === null || kb === null) {
      if (ka !== kb) return ka === null ? 1 : -1;
    } else if (ka !== kb) {
      const cmp = typeof ka === 'string' && typeof kb === 'string' ? ka.localeCompare(kb) : Number(ka) - Number(kb);
      if (cmp !== 0) return sign * cmp;
    }
    return a.ticker.localeCompare(b.ticker);
  });
}

export const flipDirection = (d: SortDirection): SortDirection => (d === 'asc' ? 'desc' : 'asc');

/** A table header click switches to that field and flips the direction (SPEC.md section 2). */
export function headerSort(current: SortState, field: SortField): SortState {
  return { field, direction: flipDirection(current.direction) };
}
