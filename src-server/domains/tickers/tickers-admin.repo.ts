/** SQL of the admin ticker catalogue: watchers per ticker, hand-set mappings. */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

export interface CatalogueAdminRow extends Record<string, unknown> {
  ticker: string;
  cik: number;
  name: string;
  active: boolean;
  watchers: number;
  override_note: string | null;
  override_at: string | null;
}

export type CatalogueSort = 'watchers' | 'ticker';
export interface CatalogueCursor {
  watchers: number;
  ticker: string;
}

/** Tickers with their watcher counts, filtered on the server and paged by (watchers, ticker). */
export async function listCatalogue(
  db: Db,
  { q, sort, after, limit }: { q: string | null; sort: CatalogueSort; after: CatalogueCursor | null; limit: number },
): Promise<CatalogueAdminRow[]> {
  const match = q
    ? sql`(t.ticker like ${`${q.toUpperCase()}%`} or t.name ilike ${`%${q}%`} or t.cik::text = ${q.replace(/^0+/, '')})`
    : sql`true`;
  const keyset = !after
    ? sql`true`
    : sort === 'watchers'
      ? sql`(coalesce(w.n, 0) < ${after.watchers} or (coalesce(w.n, 0) = ${after.watchers} and t.ticker > ${after.ticker}))`
      : sql`t.ticker > ${after.ticker}`;
  const order = sort === 'watchers' ? sql`coalesce(w.n, 0) desc, t.ticker` : sql`t.ticker`;
  return db.execute<CatalogueAdminRow>(sql`
    with w as (select ticker, count(*)::int as n from watchlist_items group by ticker)
    select t.ticker, t.cik, t.name, t.active, coalesce(w.n, 0)::int as watchers,
      o.note as override_note, to_json(o.updated_at)#>>'{}' as override_at
    from tickers t left join w on w.ticker = t.ticker left join ticker_overrides o on o.ticker = t.ticker
    where ${match} and ${keyset}
    order by ${order}
    limit ${limit}`);
}

export interface TickerMapping extends Record<string, unknown> {
  ticker: string;
  cik: number;
  name: string;
  active: boolean;
}

export async function mappingOf(db: Db, { ticker }: { ticker: string }): Promise<TickerMapping | null> {
  const [row] = await db.execute<TickerMapping>(
    sql`select ticker, cik, name, active from tickers where ticker = ${ticker}`,
  );
  return row ?? null;
}

/** Writes a hand-set mapping into the catalogue and keeps it so later refreshes apply it again. */
export async function saveOverride(
  db: Db,
  p: { ticker: string; cik: number; name: string; note: string; adminId: string },
): Promise<void> {
  await db.execute(sql`
    insert into ticker_overrides (ticker, cik, name, note, updated_by) values (${p.ticker}, ${p.cik}, ${p.name}, ${p.note}, ${p.adminId})
    on conflict (ticker) do update set cik = excluded.cik, name = excluded.name, note = excluded.note,
      updated_by = excluded.updated_by, updated_at = now()`);
  await db.execute(sql`insert into companies (cik, name) values (${p.cik}, ${p.name}) on conflict (cik) do nothing`);
  await db.execute(sql`
    insert into tickers (ticker, cik, name, active) values (${p.ticker}, ${p.cik}, ${p.name}, true)
    on conflict (ticker) do update set cik = excluded.cik, name = excluded.name, active = true, updated_at = now()`);
}

/** Hand-set mappings win over SEC's file: applied after every catalogue load. */
export async function applyOverrides(db: Db): Promise<number> {
  await db.execute(
    sql`insert into companies (cik, name) select cik, name from ticker_overrides on conflict (cik) do nothing`,
  );
  const result = await db.execute(sql`
    insert into tickers (ticker, cik, name, active) select ticker, cik, name, true from ticker_overrides
    on conflict (ticker) do update set cik = excluded.cik, name = excluded.name, active = true, updated_at = now()
    where (tickers.cik, tickers.name, tickers.active) is distinct from (excluded.cik, excluded.name, true)`);
  return result.count;
}

/** Moves the catalogue's loaded_at so every process's search index rebuilds (ticker-catalogue.ts). */
export async function touchCatalogue(db: Db): Promise<void> {
  await db.execute(sql`update ticker_catalogue_state set loaded_at = clock_timestamp()`);
}
