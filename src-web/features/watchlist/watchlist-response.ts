import { tickerLimitFor } from '#shared/plans';
import type { StoredUser } from '../../lib/session';
import type { WatchlistItem } from './watchlist-types';

export interface WatchlistResponseLike {
  watchlist?: WatchlistItem[] | null;
  results?: WatchlistItem[] | null;
  tickerLimit?: number | null;
  contact?: { ticker_limit?: number | null } | null;
  user?: StoredUser | null;
}

export interface WatchlistData {
  items: WatchlistItem[];
  tickerLimit: number;
  user: StoredUser | null;
}

/**
 * SPEC.md section 3: items under `watchlist` or `results`; the limit from `tickerLimit` or
 * `contact.ticker_limit`, which override the plan's 10 / 50.
 */
export function normaliseWatchlist(
  response: WatchlistResponseLike | null | undefined,
  fallbackUser: StoredUser | null,
): WatchlistData {
  const user = response?.user ?? fallbackUser;
  const items = response?.watchlist ?? response?.results ?? [];
  const explicit = response?.tickerLimit ?? response?.contact?.ticker_limit;
  return { items, user, tickerLimit: explicit ?? tickerLimitFor(user) };
}

export const EMPTY_WATCHLIST: WatchlistData = { items: [], tickerLimit: tickerLimitFor(null), user: null };

/** Above 90% of the limit a warning shows; at the limit the counter turns red. */
export function limitState(count: number, limit: number): 'ok' | 'warning' | 'full' {
  if (count >= limit) return 'full';
  if (count > 0.9 * limit) return 'warning';
  return 'ok';
}
