import { QueryClient } from '@tanstack/react-query';

/** SPEC.md section 9: general data stale after 60 s, kept 5 min, 1 retry, mutations not retried. */
export function makeQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 60_000, gcTime: 5 * 60_000, retry: 1 },
      mutations: { retry: false },
    },
  });
}

/** 1 s, 2 s, 4 s ... capped at 30 s. */
export function watchlistRetryDelay(attempt: number): number {
  return Math.min(1000 * 2 ** attempt, 30_000);
}

/**
 * SPEC.md section 9, watchlist data: stale after 30 s, kept 5 min, 3 retries with exponential
 * delay, no refetch on focus, mount or reconnect.
 */
export const WATCHLIST_QUERY_OPTIONS = {
  staleTime: 30_000,
  gcTime: 5 * 60_000,
  retry: 3,
  retryDelay: watchlistRetryDelay,
  refetchOnWindowFocus: false,
  refetchOnMount: false,
  refetchOnReconnect: false,
} as const;
