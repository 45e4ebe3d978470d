import { useAuth } from '../../lib/session';
import { WATCHLIST_QUERY_OPTIONS } from '../../lib/query-client';
import { trpc } from '../../lib/trpc';
import { EMPTY_WATCHLIST, normaliseWatchlist, type WatchlistData } from './watchlist-response';
import type { WatchlistItem } from './watchlist-types';

/** The caller's watchlist with the spec's freshness rules; empty while a logout is under way. */
export function useWatchlist(): WatchlistData & { isLoading: boolean; isError: boolean; refetch: () => void } {
  const auth = useAuth();
  const query = trpc.watchlist.get.useQuery(undefined, { ...WATCHLIST_QUERY_OPTIONS, enabled: !auth.loggingOut });
  const data = auth.loggingOut ? EMPTY_WATCHLIST : normaliseWatchlist(query.data, auth.user);
  return {
    ...data,
    isLoading: query.isLoading && !auth.loggingOut,
    isError: query.isError,
    refetch: () => void query.refetch(),
  };
}

/**
 * Adding (and updating) refetches the watchlist. A session the server creates for a first-time
 * visitor arrives in the X-Session header, which the tRPC link stores (lib/trpc.ts).
 */
export function useSubscribe() {
  const utils = trpc.useUtils();
  return trpc.watchlist.subscribe.useMutation({
    onSuccess: () => utils.watchlist.get.invalidate(),
  });
}

/** Removing takes the ticker off at once, puts it back on error, then refetches. */
export function useUnsubscribe() {
  const utils = trpc.useUtils();
  return trpc.watchlist.unsubscribe.useMutation({
    onMutate: async ({ ticker }) => {
      await utils.watchlist.get.cancel();
      const previous = utils.watchlist.get.getData();
      utils.watchlist.get.setData(undefined, (current) =>
        current
          ? { ...current, watchlist: current.watchlist.filter((item: WatchlistItem) => item.ticker !== ticker) }
          : current,
      );
      return { previous };
    },
    onError: (_error, _input, context) => {
      if (context?.previous) utils.watchlist.get.setData(undefined, context.previous);
    },
    onSettled: () => utils.watchlist.get.invalidate(),
  });
}
