import { FORM_VALUES } from '#shared/forms';
import { importanceFromRank } from '#shared/importance';
import { tickerLimitFor } from '#shared/plans';
import type { Db } from '../../db/client';
import type { AppDeps } from '../../deps';
import { sessionBatcher, toUserDto, type UserDto } from '../auth/session.service';
import { pickQuoteFields, type QuoteFields } from '../quotes/quote-fields';
import type { QuoteRefresher } from '../quotes/quote-refresher';
import { buildDigests, RECENT_FILINGS_PER_ITEM, summariseItem, UNSEEN_WINDOW, type FilingDigest, type ItemFilingSummary } from './filing-digest';
import { FilingDigestCache } from './filing-digest-cache';
import { WatchlistBodyCache, type BodyEncoding, type CachedBody } from './watchlist-body-cache';
import type { WatchlistReadState } from './watchlist-read-state';
import * as repo from './watchlist.repo';

/** A watchlist item: every field of SPEC.md section 3, snake_case, plus cik and quote_updated_at. */
export interface WatchlistItemDto extends QuoteFields, Omit<ItemFilingSummary, 'overflow'> {
  id: number;
  ticker: string;
  cik: number | null;
  company_name: string | null;
  sector: string | null;
  industry: string | null;
  /** Followed catalogue forms, comma-separated ('8-K,4'). */
  forms: string;
  notes: string | null;
  quote_updated_at: string | null;
  /** Over the plan's limit after a downgrade: kept, but no alerts until there is room again. */
  paused: boolean;
}

/** GET /api/watchlist and watchlist.get (SPEC.md section 7): both readings of the limit are present. */
export interface WatchlistResponse {
  watchlist: WatchlistItemDto[];
  tickerLimit: number;
  contact: { ticker_limit: number };
  user: UserDto | null;
}

type SessionUser = Parameters<typeof toUserDto>[0];

export function emptyWatchlist(user: SessionUser | null): WatchlistResponse {
  const limit = tickerLimitFor(user);
  return { watchlist: [], tickerLimit: limit, contact: { ticker_limit: limit }, user: user ? toUserDto(user) : null };
}

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
  quotes?: QuoteRefresher | null;
}

/** A process's watchlist read state (for the composition root). */
export function createWatchlistReadState(db: Db): WatchlistReadState {
  return { digests: new FilingDigestCache(), bodies: new WatchlistBodyCache(), session: sessionBatcher(db, repo.fastFingerprint) };
}

/** The process's caches (REST and tRPC share them). */
export function watchlistReadDeps(deps: AppDeps): WatchlistReadDeps {
  return { digests: deps.watchlist.digests, bodies: deps.watchlist.bodies, quotes: deps.quotes };
}

interface BuiltWatchlist {
  response: WatchlistResponse;
  /** The fingerprints read with the rows (null: no items, nothing worth caching). */
  fingerprints: { fast: string; full: string } | null;
  quotes: CachedBody['quotes'];
}

/**
 * One user's watchlist in at most four round trips whatever its size: the items with company,
 * quote and filings version; on a cache miss the missing companies' digests (two queries run
 * together); and, rarely, exact unseen counts past the digest window.
 */
async function buildWatchlist(db: Db, params: { user: SessionUser; digests: FilingDigestCache }): Promise<BuiltWatchlist> {
  const { user } = params;
  const rows = await repo.readItems(db, { userId: user.id });
  const wanted = new Map<number, number>();
  for (const row of rows) if (row.cik != null) wanted.set(row.cik, row.filings_version ?? 0);
  const digests = await params.digests.resolve(wanted, (ciks) => loadDigests(db, ciks, wanted));

  const overflowing: number[] = [];
  const items = rows.map((row): WatchlistItemDto => {
    const { overflow, ...filings } = summariseItem(row.cik == null ? undefined : digests.get(row.cik), {
      forms: row.forms,
      seenUs: row.seen_us,
    });
    if (overflow) overflowing.push(row.id);
    return {
      id: row.id,
      ticker: row.ticker,
      cik: row.cik,
      company_name: row.company_name,
      sector: row.sector,
      industry: row.industry,
      forms: row.forms.join(','),
      notes: row.notes,
      paused: row.paused,
      ...pickQuoteFields(row),
      quote_updated_at: row.quote_fetched_at?.toISOString() ?? null,
      ...filings,
    };
  });

  if (overflowing.length > 0) {
    const exact = new Map((await repo.countUnseen(db, { itemIds: overflowing })).map((r) => [r.id, r]));
    for (const item of items) {
      const counted = exact.get(item.id);
      if (!counted) continue;
      item.unseen_filings_count = counted.unseen;
      item.highest_importance = importanceFromRank(counted.max_rank ?? 0);
    }
  }
  return {
    response: { ...emptyWatchlist(user), watchlist: items },
    fingerprints: rows[0] ? { fast: rows[0].fast_fingerprint, full: rows[0].full_fingerprint } : null,
    quotes: rows.filter((r) => r.cik != null).map((r) => ({ ticker: r.ticker, fetchedMs: r.quote_fetched_at?.getTime() ?? null })),
  };
}

/** Stale quotes are queued for a background refresh and never waited for. */
function queueStaleQuotes(quotes: QuoteRefresher | null | undefined, watched: CachedBody['quotes']): void {
  if (!quotes) return;
  const now = Date.now();
  quotes.request(watched.filter((q) => quotes.isStale(q.fetchedMs, now)).map((q) => q.ticker));
}

type Cached = { hit: CachedBody } | { built: BuiltWatchlist; json: Buffer; entry?: CachedBody };

/**
 * The cached response when it is still current, else a fresh build stored for next time. Current
 * means the same user part and fast fingerprint; when only the change stamps moved (some quote or
 * filing changed somewhere), one more query compares the full fingerprint before rebuilding.
 * `fast` is the value read with the session (REST folds it into that round trip); without it one
 * cheap query reads it.
 */
async function readCached(
  db: Db,
  params: WatchlistReadDeps & { user: SessionUser; fast?: string | null; encoding: BodyEncoding },
): Promise<Cached> {
  const { user, bodies } = params;
  const userKey = JSON.stringify(emptyWatchlist(user));
  const fast = params.fast ?? (await repo.readFastFingerprint(db, { userId: user.id }));
  let hit = bodies.get(user.id, userKey);
  if (hit && hit.fast !== fast) {
    const unchangedItems = repo.itemsPartOf(hit.fast) === repo.itemsPartOf(fast);
    const now = unchangedItems ? await repo.readFingerprints(db, { userId: user.id }) : undefined;
    if (now && now.full === hit.full) bodies.revalidate(hit, now.fast);
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
  const entry = await bodies.store(user.id, { ...built.fingerprints, userKey, quotes: built.quotes }, json, params.encoding);
  return { built, json, entry };
}

/** The watchlist response body, serialised and compressed as asked (identity for tiny bodies). */
async function readWatchlistBody(
  db: Db,
  params: WatchlistReadDeps & { user: SessionUser | null; fast?: string | null; encoding: BodyEncoding },
): Promise<{ body: Buffer; encoding: BodyEncoding }> {
  if (!params.user) return { body: Buffer.from(JSON.stringify(emptyWatchlist(null))), encoding: 'identity' };
  const cached = await readCached(db, { ...params, user: params.user });
  if ('hit' in cached) return { body: await params.bodies.body(params.user.id, cached.hit, params.encoding), encoding: params.encoding };
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
  return readWatchlistBody(deps.db, { ...watchlistReadDeps(deps), user: session?.user ?? null, fast: session?.extra, encoding: params.encoding });
}

/** watchlist.get (tRPC): the same cache and validation, as an object for tRPC to serialise. */
export async function getWatchlist(db: Db, params: WatchlistReadDeps & { user: SessionUser | null }): Promise<WatchlistResponse> {
  if (!params.user) return emptyWatchlist(null);
  const cached = await readCached(db, { ...params, user: params.user, encoding: 'identity' });
  if ('built' in cached) return cached.built.response;
  return JSON.parse((await params.bodies.body(params.user.id, cached.hit, 'identity')).toString('utf8')) as WatchlistResponse;
}
