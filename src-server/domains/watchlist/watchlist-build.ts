/**
 * The watchlist response assembled from what the read path loaded: pure (no I/O), so the read
 * service (watchlist-read.service.ts) owns the round trips, the cache (watchlist-body-cache.ts)
 * owns reuse, and the REST edge (watchlist.rest.ts) owns HTTP encodings.
 */
import { importanceFromRank } from '#shared/importance';
import { tickerLimitFor } from '#shared/plans';
import { toUserDto, type UserDto } from '../auth/session.service';
import { pickQuoteFields, type QuoteFields } from '../quotes/quote-fields';
import { summariseItem, type FilingDigest, type ItemFilingSummary } from './filing-digest';
import type { CachedBody } from './watchlist-body-cache';
import type * as repo from './watchlist.repo';

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

export type SessionUser = Parameters<typeof toUserDto>[0];

export function emptyWatchlist(user: SessionUser | null): WatchlistResponse {
  const limit = tickerLimitFor(user);
  return { watchlist: [], tickerLimit: limit, contact: { ticker_limit: limit }, user: user ? toUserDto(user) : null };
}

type ItemRow = Awaited<ReturnType<typeof repo.readItems>>[number];

export interface BuiltWatchlist {
  response: WatchlistResponse;
  /** The fingerprints read with the rows (null: no items, nothing worth caching). */
  fingerprints: { fast: string; tickers: string; full: string } | null;
  quotes: CachedBody['quotes'];
  /** Items whose unseen filings run past the digest window: counted exactly by one more query. */
  overflowing: number[];
}

/** The response from the item rows and their companies' digests. */
export function assembleWatchlist(
  user: SessionUser,
  rows: ItemRow[],
  digests: Map<number, FilingDigest>,
): BuiltWatchlist {
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
  return {
    response: { ...emptyWatchlist(user), watchlist: items },
    fingerprints: rows[0]
      ? { fast: rows[0].fast_fingerprint, tickers: rows[0].tickers_fingerprint, full: rows[0].full_fingerprint }
      : null,
    quotes: rows
      .filter((r) => r.cik != null)
      .map((r) => ({ ticker: r.ticker, fetchedMs: r.quote_fetched_at?.getTime() ?? null })),
    overflowing,
  };
}

/** Exact unseen counts (and the highest importance among them) for items past the digest window. */
export function applyExactUnseen(
  items: WatchlistItemDto[],
  exact: { id: number; unseen: number; max_rank: number | null }[],
): void {
  const byId = new Map(exact.map((r) => [r.id, r]));
  for (const item of items) {
    const counted = byId.get(item.id);
    if (!counted) continue;
    item.unseen_filings_count = counted.unseen;
    item.highest_importance = importanceFromRank(counted.max_rank ?? 0);
  }
}
