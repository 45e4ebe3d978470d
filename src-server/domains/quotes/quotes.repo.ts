import { getTableColumns, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { quotes } from '../../db/schema';
import type { MarketQuote } from '../../integrations/market-data/market-data';

const { ticker: _key, ...valueColumns } = getTableColumns(quotes);
/** Every non-key column takes the incoming row's value on conflict. */
const takeIncoming = Object.fromEntries(
  Object.entries(valueColumns).map(([property, column]) => [property, sql.raw(`excluded."${column.name}"`)]),
);

/** Stores fetched quotes (one statement) and stamps `fetched_at` on the ones the provider lacked. */
export async function saveQuotes(db: Db, params: { source: string; quotes: MarketQuote[]; missing: string[] }): Promise<void> {
  if (params.quotes.length > 0) {
    await db
      .insert(quotes)
      .values(params.quotes.map((q) => ({ ...q, source: params.source, fetchedAt: sql`now()` })))
      .onConflictDoUpdate({ target: quotes.ticker, set: takeIncoming });
  }
  if (params.missing.length > 0) {
    // Known to the catalogue, unknown to the provider: remember the attempt, keep any older values.
    await db
      .insert(quotes)
      .values(params.missing.map((ticker) => ({ ticker, source: params.source })))
      .onConflictDoUpdate({ target: quotes.ticker, set: { fetchedAt: sql`now()` } });
  }
}
