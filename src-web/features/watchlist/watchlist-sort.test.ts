import { describe, expect, it } from 'vitest';
import { DEFAULT_SORT, SORT_OPTIONS, headerSort, sortItems, type SortField } from './watchlist-sort';
import type { WatchlistItem } from './watchlist-types';

const items: WatchlistItem[] = [
  {
    id: 1,
    ticker: 'MSFT',
    company_name: 'Microsoft',
    industry: 'Software',
    current_price: 420,
    market_cap: 3.1e12,
    change_percent: -1.2,
    unseen_filings_count: 0,
    highest_importance: 'LOW',
    last_filing_date: '2025-06-01T10:00:00Z',
  },
  {
    id: 2,
    ticker: 'AAPL',
    company_name: 'Apple',
    industry: 'Hardware',
    current_price: 190,
    market_cap: 2.9e12,
    change_percent: 2.5,
    unseen_filings_count: 3,
    highest_importance: 'CRITICAL',
    last_filing_date: '2025-06-20T10:00:00Z',
  },
  {
    id: 3,
    ticker: 'ZZZ',
    company_name: null,
    industry: null,
    current_price: null,
    market_cap: null,
    change_percent: null,
    unseen_filings_count: null,
    highest_importance: null,
    last_filing_date: null,
  },
  {
    id: 4,
    ticker: 'BAC',
    company_name: 'Bank of America',
    industry: 'Banks',
    current_price: 40,
    market_cap: 3e11,
    change_percent: 0.4,
    unseen_filings_count: 1,
    highest_importance: 'HIGH',
    last_filing_date: '2025-06-10T10:00:00Z',
  },
];

const order = (field: SortField, direction: 'asc' | 'desc') =>
  sortItems(items, { field, direction }).map((i) => i.ticker);

describe('the nine sorts (SPEC.md section 2)', () => {
  it('offers exactly the spec options with Latest Filing first and default', () => {
    expect(SORT_OPTIONS.map((o) => o.label)).toEqual([
      'Latest Filing',
      'Alert Level',
      'Unread',
      'Ticker',
      'Company',
      'Industry',
      'Price',
      'Market Cap',
      'Change %',
    ]);
    expect(DEFAULT_SORT).toEqual({ field: 'latest_filing', direction: 'desc' });
  });
  it.each<[SortField, string[]]>([
    ['latest_filing', ['AAPL', 'BAC', 'MSFT', 'ZZZ']],
    ['alert_level', ['AAPL', 'BAC', 'MSFT', 'ZZZ']],
    ['unread', ['AAPL', 'BAC', 'MSFT', 'ZZZ']],
    ['ticker', ['ZZZ', 'MSFT', 'BAC', 'AAPL']],
    ['company', ['MSFT', 'BAC', 'AAPL', 'ZZZ']],
    ['industry', ['MSFT', 'AAPL', 'BAC', 'ZZZ']],
    ['price', ['MSFT', 'AAPL', 'BAC', 'ZZZ']],
    ['market_cap', ['MSFT', 'AAPL', 'BAC', 'ZZZ']],
    ['change_percent', ['AAPL', 'BAC', 'MSFT', 'ZZZ']],
  ])('%s descending (missing values last)', (field, expected) => expect(order(field, 'desc')).toEqual(expected));
  it('ascending reverses the order but keeps missing values last', () => {
    expect(order('price', 'asc')).toEqual(['BAC', 'AAPL', 'MSFT', 'ZZZ']);
    expect(order('ticker', 'asc')).toEqual(['AAPL', 'BAC', 'MSFT', 'ZZZ']);
    expect(order('unread', 'asc')).toEqual(['MSFT', 'ZZZ', 'BAC', 'AAPL']);
  });
  it('a header click switches the field and flips the direction', () => {
    expect(headerSort({ field: 'latest_filing', direction: 'desc' }, 'ticker')).toEqual({
      field: 'ticker',
      direction: 'asc',
    });
    expect(headerSort({ field: 'ticker', direction: 'asc' }, 'ticker')).toEqual({ field: 'ticker', direction: 'desc' });
  });
});
