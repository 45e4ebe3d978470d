/** SQL of the price history: daily bars per ticker and where they came from. */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { priceHistorySources } from '../../db/schema';
import type { DailyBar } from './price-file';

export type PriceSourceRow = typeof priceHistorySources.$inferSelect;

export async function readSource(db: Db, { ticker }: { ticker: string }): Promise<PriceSourceRow | null> {
  const [row] = await db.select().from(priceHistorySources).where(eq(priceHistorySources.ticker, ticker)).limit(1);
  return row ?? null;
}

export async function listSources(db: Db): Promise<PriceSourceRow[]> {
  return db.select().from(priceHistorySources);
}

const column = <K extends keyof DailyBar>(bars: DailyBar[], key: K) => sql.param(bars.map((b) => b[key]));

function insertBars(db: Db, ticker: string, bars: DailyBar[]) {
  return db.execute(sql`
    insert into price_bars (ticker, day, open, high, low, close, volume)
    select ${ticker}, d::date, o, h, l, c, v
    from unnest(${column(bars, 'day')}::text[], ${column(bars, 'open')}::float8[], ${column(bars, 'high')}::float8[],
      ${column(bars, 'low')}::float8[], ${column(bars, 'close')}::float8[], ${column(bars, 'volume')}::int8[]) as x(d, o, h, l, c, v)
    on conflict (ticker, day) do update set open = excluded.open, high = excluded.high, low = excluded.low,
      close = excluded.close, volume = excluded.volume`);
}

async function recordSource(
  db: Db,
  params: { ticker: string; source: string; adjustment: string; sha256: string | null },
) {
  const values = {
    ...params,
    firstDay: sql`(select min(day) from price_bars where ticker = ${params.ticker})`,
    lastDay: sql`(select max(day) from price_bars where ticker = ${params.ticker})`,
    bars: sql`(select count(*)::int from price_bars where ticker = ${params.ticker})`,
    loadedAt: sql`now()`,
  };
  await db
    .insert(priceHistorySources)
    .values(values)
    .onConflictDoUpdate({ target: priceHistorySources.ticker, set: values });
}

/** One source's full history replaces whatever the ticker had (sources are never mixed). */
export async function replaceHistory(
  db: Db,
  params: { ticker: string; source: string; adjustment: string; sha256: string | null; bars: DailyBar[] },
): Promise<void> {
  await db.transaction(async (tx) => {
    // Two processes loading the same ticker at start take turns instead of interleaving.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`price_history:${params.ticker}`}))`);
    await tx.execute(sql`delete from price_bars where ticker = ${params.ticker}`);
    if (params.bars.length > 0) await insertBars(tx, params.ticker, params.bars);
    await recordSource(tx, params);
  });
}

/** New days from the ticker's current source (same adjustment), e.g. the provider's latest bars. */
export async function appendBars(
  db: Db,
  params: { ticker: string; source: string; adjustment: string; bars: DailyBar[] },
): Promise<void> {
  if (params.bars.length === 0) return;
  await db.transaction(async (tx) => {
    await insertBars(tx, params.ticker, params.bars);
    await recordSource(tx, { ...params, sha256: null });
  });
}

export interface ClosePoint extends Record<string, unknown> {
  day: string;
  close: number;
}

/** Closes from `from` (inclusive) to the last bar, oldest first. */
export async function closesSince(
  db: Db,
  { ticker, from }: { ticker: string; from: string | null },
): Promise<ClosePoint[]> {
  return db.execute<ClosePoint>(sql`
    select day::text as day, close from price_bars
    where ticker = ${ticker} and day >= coalesce(${from}::date, '-infinity'::date)
    order by day`);
}

/** The newest stored bar of each ticker (one index probe per ticker on the primary key). */
export async function lastCloses(
  db: Db,
  { tickers }: { tickers: string[] },
): Promise<(ClosePoint & { ticker: string })[]> {
  if (tickers.length === 0) return [];
  return db.execute<ClosePoint & { ticker: string }>(sql`
    select t.ticker, b.day::text as day, b.close
    from unnest(${sql.param(tickers)}::text[]) as t(ticker)
    cross join lateral (select day, close from price_bars where ticker = t.ticker order by day desc limit 1) b`);
}

/** Fresh planner statistics after a bulk load, so reads of the newest bars walk the primary key. */
export async function analyzeBars(db: Db): Promise<void> {
  await db.execute(sql`analyze price_bars`);
}

/** Tickers on anyone's watchlist: the ones whose history the quote provider keeps current. */
export async function watchedTickers(db: Db): Promise<string[]> {
  const rows = await db.execute<{ ticker: string }>(sql`select distinct ticker from watchlist_items order by ticker`);
  return rows.map((r) => r.ticker);
}
