import { describe, expect, it } from 'vitest';
import { WATCHLIST_QUERY_OPTIONS, makeQueryClient, watchlistRetryDelay } from './query-client';

describe('data freshness (SPEC.md section 9)', () => {
  it('general data: stale after 60 s, kept 5 min, 1 retry, mutations not retried', () => {
    const defaults = makeQueryClient().getDefaultOptions();
    expect(defaults.queries).toMatchObject({ staleTime: 60_000, gcTime: 300_000, retry: 1 });
    expect(defaults.mutations).toMatchObject({ retry: false });
  });
  it('watchlist: stale after 30 s, kept 5 min, 3 retries, no refetch on focus, mount or reconnect', () => {
    expect(WATCHLIST_QUERY_OPTIONS).toMatchObject({
      staleTime: 30_000,
      gcTime: 300_000,
      retry: 3,
      refetchOnWindowFocus: false,
      refetchOnMount: false,
      refetchOnReconnect: false,
    });
  });
  it('retry delay starts at 1 s, doubles, and stops at 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map(watchlistRetryDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });
});
