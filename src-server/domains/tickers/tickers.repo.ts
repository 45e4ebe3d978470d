import { and, asc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { companies, quotes, tickerCatalogueState, tickers, watchlistItems } from '../../db/schema';
import type { CatalogueEntry } from './catalogue-file';

export type CatalogueState = typeof tickerCatalogueState.$inferSelect;

export async function readCatalogueState(db: Db): Promise<CatalogueState | undefined> {
  const [row] = await db.select().from(tickerCatalogueState).limit(1);
  return row;
}

/** Serialises catalogue loads across processes (start-up of several instances, a refresh script). */
export async function lockCatalogue(db: Db): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext('ticker_catalogue'))`);
}

/**
 * Upserts a whole catalogue in three set-based statements (arrays unnested server-side, so 10,000
 * rows are one round trip each) and marks tickers the file no longer lists inactive.
 * A company whose EDGAR profile was stored keeps that profile's name.
 */
export async function upsertCatalogueRows(
  db: Db,
  params: { entries: CatalogueEntry[] },
): Promise<{ changed: number; deactivated: number }> {
  const { entries } = params;
  const firstPerCik = new Map<number, string>();
  for (const e of entries) if (!firstPerCik.has(e.cik)) firstPerCik.set(e.cik, e.name);
  await db.execute(sql`
    insert into companies (cik, name)
    select * from unnest(${sql.param([...firstPerCik.keys()])}::int[], ${sql.param([...firstPerCik.values()])}::text[])
    on conflict (cik) do update set name = excluded.name, updated_at = now()
    where companies.profile_fetched_at is null and companies.name is distinct from excluded.name`);
  const changed = await db.execute(sql`
    insert into tickers (ticker, cik, name, rank, active)
    select t, c, n, r, true
    from unnest(${sql.param(entries.map((e) => e.ticker))}::text[], ${sql.param(entries.map((e) => e.cik))}::int[],
                ${sql.param(entries.map((e) => e.name))}::text[], ${sql.param(entries.map((e) => e.rank))}::int[]) as x(t, c, n, r)
    on conflict (ticker) do update
      set cik = excluded.cik, name = excluded.name, rank = excluded.rank, active = true, updated_at = now()
    where (tickers.cik, tickers.name, tickers.rank, tickers.active) is distinct from (excluded.cik, excluded.name, excluded.rank, true)`);
  const deactivated = await db.execute(sql`
    update tickers set active = false, updated_at = now()
    where active and ticker <> all(${sql.param(entries.map((e) => e.ticker))}::text[])`);
  return { changed: changed.count, deactivated: deactivated.count };
}

export async function writeCatalogueState(
  db: Db,
  params: { source: string; asOf: Date; sha256: string; entries: number },
): Promise<void> {
  await db
    .insert(tickerCatalogueState)
    .values({ id: 1, ...params })
    .onConflictDoUpdate({ target: tickerCatalogueState.id, set: { ...params, loadedAt: sql`now()` } });
}

export async function listActiveTickers(db: Db): Promise<CatalogueEntry[]> {
  const rows = await db
    .select({ ticker: tickers.ticker, cik: tickers.cik, name: tickers.name, rank: tickers.rank })
    .from(tickers)
    .where(eq(tickers.active, true))
    .orderBy(sql`${tickers.rank} asc nulls last`, asc(tickers.ticker));
  return rows.map((r, i) => ({ ...r, rank: r.rank ?? i }));
}

/** The names companies write on their own covers (companies.display_name, set from a stored 8-K, 10-K or 10-Q), by CIK. */
export async function writtenCompanyNames(db: Db, { ciks }: { ciks: number[] }): Promise<Map<number, string>> {
  if (ciks.length === 0) return new Map();
  const rows = await db
    .select({ cik: companies.cik, name: companies.displayName })
    .from(companies)
    .where(and(inArray(companies.cik, ciks), isNotNull(companies.displayName)));
  return new Map(rows.map((r) => [r.cik, r.name as string]));
}

export interface CompanyProfileRow {
  cik: number;
  name: string;
  sic: string | null;
  sicDescription: string | null;
  sector: string | null;
  industry: string | null;
  exchange: string | null;
  filerCategory?: string | null;
  fiscalYearEnd?: string | null;
}

export async function upsertCompany(db: Db, params: CompanyProfileRow): Promise<void> {
  const { cik, ...rest } = params;
  await db
    .insert(companies)
    .values({ ...params, profileFetchedAt: sql`now()` })
    .onConflictDoUpdate({
      target: companies.cik,
      set: { ...rest, profileFetchedAt: sql`now()`, updatedAt: sql`now()` },
    });
}

/** One catalogue ticker with its company profile and cached quote columns. */
export async function findTickerProfile(db: Db, params: { ticker: string }) {
  const [row] = await db
    .select({
      ticker: tickers.ticker,
      listed: tickers.active,
      cik: companies.cik,
      // The name the company writes on its own cover when a stored filing gave it, as the ticker page titles it.
      name: sql<string>`coalesce(${companies.displayName}, ${companies.name})`,
      sector: companies.sector,
      industry: companies.industry,
      sic: companies.sic,
      exchange: companies.exchange,
      current_price: quotes.price,
      change_percent: quotes.changePercent,
      market_cap: quotes.marketCap,
      pe_ratio: quotes.peRatio,
      eps: quotes.eps,
      dividend_yield: quotes.dividendYield,
      volume: quotes.volume,
      avg_volume: quotes.avgVolume,
      week_52_low: quotes.week52Low,
      week_52_high: quotes.week52High,
      quote_fetched_at: quotes.fetchedAt,
    })
    .from(tickers)
    .innerJoin(companies, eq(companies.cik, tickers.cik))
    .leftJoin(quotes, eq(quotes.ticker, tickers.ticker))
    .where(eq(tickers.ticker, params.ticker))
    .limit(1);
  return row;
}

/** Companies someone watches whose EDGAR profile (SIC, exchange) has not been stored yet. */
export async function watchedCompaniesWithoutProfile(
  db: Db,
  params: { limit: number },
): Promise<{ cik: number; ticker: string }[]> {
  return db
    .selectDistinctOn([tickers.cik], { cik: tickers.cik, ticker: tickers.ticker })
    .from(watchlistItems)
    .innerJoin(tickers, eq(tickers.ticker, watchlistItems.ticker))
    .leftJoin(companies, eq(companies.cik, tickers.cik))
    .where(isNull(companies.profileFetchedAt))
    .orderBy(asc(tickers.cik))
    .limit(params.limit);
}
