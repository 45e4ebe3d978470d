import { getTableColumns, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { CHANNELS } from '../../db/channels';
import { quotes } from '../../db/schema';
import type { MarketQuote } from '../../integrations/market-data/market-data';

const { ticker: _key, ...valueColumns } = getTableColumns(quotes);
/** Every non-key column takes the incoming row's value on conflict. */
const takeIncoming = Object.fromEntries(
  Object.entries(valueColumns).map(([property, column]) => [property, sql.raw(`excluded."${column.name}"`)]),
);

/** Stores fetched quotes (one statement) and stamps `fetched_at` on the ones the provider lacked. */
export async function saveQuotes(
  db: Db,
  params: { source: string; quotes: MarketQuote[]; missing: string[] },
): Promise<void> {
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

/** Asks the quote refresher (the leader, in whichever process) for these tickers: one NOTIFY per 500. */
export async function notifyQuotesWanted(db: Db, params: { tickers: string[] }): Promise<void> {
  const chunks: string[] = [];
  for (let i = 0; i < params.tickers.length; i += 500) chunks.push(params.tickers.slice(i, i + 500).join(','));
  if (chunks.length === 0) return;
  await db.execute(
    sql`select pg_notify(${CHANNELS.quotesWanted.name}, x) from json_array_elements_text(${JSON.stringify(chunks)}::json) x`,
  );
}
