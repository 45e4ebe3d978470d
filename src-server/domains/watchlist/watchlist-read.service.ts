import { FORM_VALUES } from '../../core/forms';
import { importanceFromRank } from '../../core/importance';
import { tickerLimitFor } from '../../core/plans';
import type { Db } from '../../db/client';
import { toUserDto, type UserDto } from '../auth/session.service';
import { pickQuoteFields, type QuoteFields } from '../quotes/quote-fields';
import type { QuoteRefresher } from '../quotes/quote-refresher';
import { buildDigests, RECENT_FILINGS_PER_ITEM, summariseItem, UNSEEN_WINDOW, type FilingDigest, type ItemFilingSummary } from './filing-digest';
import type { FilingDigestCache } from './filing-digest-cache';
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

/**
 * One user's watchlist in at most four round trips whatever its size: the items with company,
 * quote and filings version; on a cache miss the missing companies' digests (two queries run
 * together); and, rarely, exact unseen counts past the digest window. Stale quotes are queued for
 * a background refresh and never waited for.
 */
export async function getWatchlist(
  db: Db,
  params: { user: SessionUser | null; digests: FilingDigestCache; quotes?: QuoteRefresher },
): Promise<WatchlistResponse> {
  const { user } = params;
  if (!user) return emptyWatchlist(null);
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

  const { quotes } = params;
  if (quotes) {
    const now = Date.now();
    quotes.request(rows.filter((r) => r.cik != null && quotes.isStale(r.quote_fetched_at?.getTime(), now)).map((r) => r.ticker));
  }
  return { ...emptyWatchlist(user), watchlist: items };
}
