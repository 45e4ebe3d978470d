import { describe, expect, it } from 'vitest';
import {
  EMPTY_FILTERS,
  NO_FORMS,
  applyFilters,
  distinctValues,
  formFilterOptions,
  hasActiveFilters,
  isFormSelected,
  toggleFormFilter,
} from './watchlist-filters';
import type { WatchlistItem } from './watchlist-types';

const items: WatchlistItem[] = [
  {
    id: 1,
    ticker: 'AAPL',
    company_name: 'Apple Inc.',
    forms: '8-K,4',
    industry: 'Electronic Computers',
    sector: 'Technology',
    highest_importance: 'HIGH',
  },
  {
    id: 2,
    ticker: 'TSLA',
    company_name: 'Tesla, Inc.',
    forms: '4',
    industry: 'Motor Vehicles',
    sector: 'Consumer',
    highest_importance: 'CRITICAL',
  },
  {
    id: 3,
    ticker: 'JPM',
    company_name: 'JPMorgan Chase & Co',
    forms: '10-K, DEF 14A,13D',
    industry: null,
    highest_importance: null,
  },
];

describe('form-type filter semantics (SPEC.md section 4)', () => {
  const options = formFilterOptions(items);
  it('lists the followed forms in the spec order: 4, 8, 8-K, 10-Q, 10-K, then alphabetical', () => {
    expect(options).toEqual(['4', '8-K', '10-K', '13D', 'DEF 14A']);
  });
  it('an empty list means all selected', () => {
    expect(isFormSelected([], '13D')).toBe(true);
    expect(applyFilters(items, { ...EMPTY_FILTERS, formTypes: [] })).toHaveLength(3);
  });
  it('toggling from all deselects only that one', () => {
    expect(toggleFormFilter([], '4', options)).toEqual(['8-K', '10-K', '13D', 'DEF 14A']);
  });
  it("'__NONE__' means none, and toggling from none selects just that one", () => {
    expect(applyFilters(items, { ...EMPTY_FILTERS, formTypes: [NO_FORMS] })).toEqual([]);
    expect(isFormSelected([NO_FORMS], '4')).toBe(false);
    expect(toggleFormFilter([NO_FORMS], '13D', options)).toEqual(['13D']);
  });
  it('deselecting the last form gives none; selecting every form gives all', () => {
    expect(toggleFormFilter(['13D'], '13D', options)).toEqual([NO_FORMS]);
    expect(toggleFormFilter(['4', '8-K', '10-K', '13D'], 'DEF 14A', options)).toEqual([]);
  });
  it('matches items following any selected form', () => {
    expect(applyFilters(items, { ...EMPTY_FILTERS, formTypes: ['4'] }).map((i) => i.ticker)).toEqual(['AAPL', 'TSLA']);
    expect(applyFilters(items, { ...EMPTY_FILTERS, formTypes: ['DEF 14A'] }).map((i) => i.ticker)).toEqual(['JPM']);
  });
});

describe('search, alert level and industry filters', () => {
  it('searches ticker or company name, case-insensitively', () => {
    expect(applyFilters(items, { ...EMPTY_FILTERS, search: 'tesla' }).map((i) => i.ticker)).toEqual(['TSLA']);
    expect(applyFilters(items, { ...EMPTY_FILTERS, search: 'jp' }).map((i) => i.ticker)).toEqual(['JPM']);
  });
  it('filters by alert level and industry', () => {
    expect(applyFilters(items, { ...EMPTY_FILTERS, alertLevel: 'CRITICAL' }).map((i) => i.ticker)).toEqual(['TSLA']);
    expect(applyFilters(items, { ...EMPTY_FILTERS, industry: 'Motor Vehicles' }).map((i) => i.ticker)).toEqual([
      'TSLA',
    ]);
  });
  it('industry options exist only for items that have one', () => {
    expect(distinctValues(items, 'industry')).toEqual(['Electronic Computers', 'Motor Vehicles']);
    expect(distinctValues([items[2]!], 'industry')).toEqual([]);
  });
  it('knows when filters are active', () => {
    expect(hasActiveFilters(EMPTY_FILTERS)).toBe(false);
    expect(hasActiveFilters({ ...EMPTY_FILTERS, search: ' ' })).toBe(false);
    expect(hasActiveFilters({ ...EMPTY_FILTERS, formTypes: [NO_FORMS] })).toBe(true);
    expect(hasActiveFilters({ ...EMPTY_FILTERS, alertLevel: 'LOW' })).toBe(true);
  });
});
