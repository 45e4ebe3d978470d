import type { SessionUserRow } from '../auth/session.repo';
import type { FilingDigestCache } from './filing-digest-cache';
import type { WatchlistBodyCache } from './watchlist-body-cache';

/** What a process holds for reading watchlists (REST and tRPC share it); built by the composition root. */
export interface WatchlistReadState {
  digests: FilingDigestCache;
  bodies: WatchlistBodyCache;
  /**
   * GET /api/watchlist's session lookup: batched across concurrent requests (sessionBatcher), and
   * each session comes back with its user's fast fingerprint, so an unchanged watchlist is served
   * after that one shared round trip.
   */
  session: (
    token: string | null | undefined,
  ) => Promise<{ sessionId: string; user: SessionUserRow; extra: string | null } | undefined>;
}
