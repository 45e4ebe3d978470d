import { describe, expect, it } from 'vitest';
import { DEFAULT_PREFERENCES, listPrefsFrom, preferencesPatch } from './preferences';

describe('persisted list preferences', () => {
  it('defaults to cards, latest filing descending, no filters', () => {
    expect(listPrefsFrom(DEFAULT_PREFERENCES, '')).toEqual({
      view: 'cards',
      sort: { field: 'latest_filing', direction: 'desc' },
      filters: { search: '', alertLevel: 'All', formTypes: [], industry: '', sector: '' },
    });
  });
  it('round-trips view, sort and filters', () => {
    const list = {
      view: 'table' as const,
      sort: { field: 'market_cap' as const, direction: 'asc' as const },
      filters: { search: 'ap', alertLevel: 'HIGH' as const, formTypes: ['__NONE__'], industry: 'Banks', sector: '' },
    };
    const patch = preferencesPatch(list);
    expect(patch).toEqual({
      viewMode: 'table',
      sortField: 'market_cap',
      sortDirection: 'asc',
      filters: { alertLevel: 'HIGH', formTypes: ['__NONE__'], industry: 'Banks', sector: null },
    });
    expect(listPrefsFrom({ ...DEFAULT_PREFERENCES, ...patch }, 'ap')).toEqual(list);
  });
});
