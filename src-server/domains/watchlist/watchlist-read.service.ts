import { FORM_VALUES } from '#shared/forms';
import type { Db } from '../../db/client';
import type { AppDeps } from '../../deps';
import { sessionBatcher } from '../auth/session.service';
import type { QuoteRequests } from '../quotes/quote-requests';
import { buildDigests, RECENT_FILINGS_PER_ITEM, UNSEEN_WINDOW, type FilingDigest } from './filing-digest';
import { FilingDigestCache } from './filing-digest-cache';
import { WatchlistBodyCache, type BodyEncoding, type CachedBody } from './watchlist-body-cache';
import type { WatchlistReadState } from './watchlist-read-state';
import {
  applyExactUnseen,
  assembleWatchlist,
  emptyWatchlist,
  type BuiltWatchlist,
  type SessionUser,
  type WatchlistResponse,
} from './watchlist-build';
import * as repo from './watchlist.repo';

export { emptyWatchlist, type WatchlistItemDto, type WatchlistResponse } from './watchlist-build';

/** One pair of set-based queries for companies whose digest is not cached at their current version. */
async function loadDigests(db: Db, ciks: number[], wanted: Map<number, number>): Promise<Map<number, FilingDigest>> {
  const [recent, marks] = await Promise.all([
    repo.readRecentFilings(db, { ciks, forms: FORM_VALUES, perForm: RECENT_FILINGS_PER_ITEM }),
    repo.readFilingMarks(db, { ciks, limit: UNSEEN_WINDOW + 1 }),
  ]);
  return buildDigests({ versions: new Map(ciks.map((cik) => [cik, wanted.get(cik)!])), recent, marks });
}

/** What reading a watchlist uses besides the database (per-process caches, the quote refresher). */
export interface WatchlistReadDeps {
  digests: FilingDigestCache;
  bodies: WatchlistBodyCache;
  quotes?: QuoteRequests | null;
}

/** A process's watchlist read state (for the composition root). */
export function createWatchlistReadState(db: Db): WatchlistReadState {
  return {
    digests: new FilingDigestCache(),
    bodies: new WatchlistBodyCache(),
    session: sessionBatcher(db, repo.fastFingerprint),
  };
}

/** The process's caches (REST and tRPC share them). */
export function watchlistReadDeps(deps: AppDeps): WatchlistReadDeps {
  return { digests: deps.watchlist.digests, bodies: deps.watchlist.bodies, quotes: deps.quotes };
}

/**
 * One user's watchlist in at most four round trips whatever its size: the items with company,
 * quote and filings version; on a cache miss the missing companies' digests (two queries run
 * together); and, rarely, exact unseen counts past the digest window. The response itself is
 * assembled by the pure watchlist-build.ts.
 */
async function buildWatchlist(
  db: Db,
  params: { user: SessionUser; digests: FilingDigestCache },
): Promise<BuiltWatchlist> {
  const rows = await repo.readItems(db, { userId: params.user.id });
  const wanted = new Map<number, number>();
  for (const row of rows) if (row.cik != null) wanted.set(row.cik, row.filings_version ?? 0);
  const digests = await params.digests.resolve(wanted, (ciks) => loadDigests(db, ciks, wanted));
  const built = assembleWatchlist(params.user, rows, digests);
  if (built.overflowing.length > 0)
    applyExactUnseen(built.response.watchlist, await repo.countUnseen(db, { itemIds: built.overflowing }));
  return built;
}

/** Stale quotes are asked of the quote refresher and never waited for. */
function queueStaleQuotes(quotes: QuoteRequests | null | undefined, watched: CachedBody['quotes']): void {
  quotes?.requestIfStale(watched);
}

type Cached = { hit: CachedBody } | { built: BuiltWatchlist; json: Buffer; entry?: CachedBody };

/**
 * The cached response when it is still current, else a fresh build stored for next time. Current
 * means the same user part and fast fingerprint; when only the global stamps moved (some quote or
 * filing changed somewhere), one more query reads the sum of the user's own ticker stamps, and the
 * full fingerprint only if that moved too, before rebuilding (watchlist.repo, decision 335).
 * `fast` is the value read with the session (REST folds it into that round trip); without it one
 * cheap query reads it.
 */
async function readCached(
  db: Db,
  params: WatchlistReadDeps & { user: SessionUser; fast?: string | null; encoding: BodyEncoding; keepObject?: boolean },
): Promise<Cached> {
  const { user, bodies } = params;
  const userKey = JSON.stringify(emptyWatchlist(user));
  const fast = params.fast ?? (await repo.readFastFingerprint(db, { userId: user.id }));
  let hit = bodies.get(user.id, userKey);
  if (hit && hit.fast !== fast) {
    const unchangedItems = repo.itemsPartOf(hit.fast) === repo.itemsPartOf(fast);
    const now = unchangedItems ? await repo.readFingerprints(db, { userId: user.id, known: hit }) : undefined;
    // The ticker sum vouches only while the items part is unchanged in this later snapshot too.
    const sameTickers = now?.tickers === hit.tickers && repo.itemsPartOf(now.fast) === repo.itemsPartOf(hit.fast);
    if (now && (sameTickers || now.full === hit.full)) bodies.revalidate(hit, now);
    else hit = undefined;
  }
  if (hit) {
    queueStaleQuotes(params.quotes, hit.quotes);
    return { hit };
  }
  const built = await buildWatchlist(db, params);
  queueStaleQuotes(params.quotes, built.quotes);
  const json = Buffer.from(JSON.stringify(built.response));
  // Stored under the fingerprints read with the rows, never the (possibly older) one above.
  if (built.fingerprints == null) {
    bodies.delete(user.id);
    return { built, json };
  }
  const entry = await bodies.store(
    user.id,
    { ...built.fingerprints, userKey, quotes: built.quotes },
    json,
    params.encoding,
    params.keepObject ? built.response : undefined,
  );
  return { built, json, entry };
}

/** The watchlist response body, serialised and compressed as asked (identity for tiny bodies). */
async function readWatchlistBody(
  db: Db,
  params: WatchlistReadDeps & { user: SessionUser | null; fast?: string | null; encoding: BodyEncoding },
): Promise<{ body: Buffer; encoding: BodyEncoding }> {
  if (!params.user) return { body: Buffer.from(JSON.stringify(emptyWatchlist(null))), encoding: 'identity' };
  const cached = await readCached(db, { ...params, user: params.user });
  if ('hit' in cached)
    return { body: await params.bodies.body(params.user.id, cached.hit, params.encoding), encoding: params.encoding };
  if (!cached.entry || params.encoding === 'identity') return { body: cached.json, encoding: 'identity' };
  return { body: await params.bodies.body(params.user.id, cached.entry, params.encoding), encoding: params.encoding };
}

/**
 * GET /api/watchlist for a request's session token: no (or a dead) session reads as an empty
 * watchlist with the free limit, never a 401. The batched session lookup also reads the
 * watchlist's fast fingerprint, so an unchanged watchlist costs no further query.
 */
export async function readWatchlistForToken(
  deps: AppDeps,
  params: { token: string | null | undefined; encoding: BodyEncoding },
): Promise<{ body: Buffer; encoding: BodyEncoding }> {
  const session = await deps.watchlist.session(params.token);
  return readWatchlistBody(deps.db, {
    ...watchlistReadDeps(deps),
    user: session?.user ?? null,
    fast: session?.extra,
    encoding: params.encoding,
  });
}

/** GET /api/watchlist for a caller already resolved (a personal API token): the same cached bodies. */
export async function readWatchlistForUser(
  deps: AppDeps,
  params: { user: SessionUser | null; encoding: BodyEncoding },
): Promise<{ body: Buffer; encoding: BodyEncoding }> {
  return readWatchlistBody(deps.db, { ...watchlistReadDeps(deps), user: params.user, encoding: params.encoding });
}

/** watchlist.get (tRPC): the same cache and validation, as an object for tRPC to serialise. */
export async function getWatchlist(
  db: Db,
  params: WatchlistReadDeps & { user: SessionUser | null },
): Promise<WatchlistResponse> {
  if (!params.user) return emptyWatchlist(null);
  const cached = await readCached(db, { ...params, user: params.user, encoding: 'identity', keepObject: true });
  if ('built' in cached) return cached.built.response;
  return params.bodies.response<WatchlistResponse>(params.user.id, cached.hit);
}
