import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users, watchlistItems } from '../../db/schema';
import type { DigestFilingRow, DigestMarkRow } from './filing-digest';

/** One watchlist item with its company, cached quote and the company's filings version. */
export interface ItemRow extends Record<string, unknown> {
  id: number;
  ticker: string;
  forms: string[];
  notes: string | null;
  seen_ms: number | null;
  cik: number | null;
  company_name: string | null;
  sector: string | null;
  industry: string | null;
  filings_version: number;
  price: number | null;
  change_percent: number | null;
  market_cap: number | null;
  pe_ratio: number | null;
  eps: number | null;
  dividend_yield: number | null;
  volume: number | null;
  avg_volume: number | null;
  week_52_low: number | null;
  week_52_high: number | null;
  quote_ms: number | null;
}

const epochMs = (column: string) => sql.raw(`(extract(epoch from ${column}) * 1000)::float8`);

/**
 * A user's items in one statement. Each join is a LATERAL primary-key lookup, so the cost grows
 * with the watchlist, never with the size of the catalogue or the filings table.
 */
export async function readItems(db: Db, params: { userId: string }): Promise<ItemRow[]> {
  return db.execute<ItemRow>(sql`
    select w.id::float8 as id, w.ticker, w.forms, w.notes, ${epochMs('w.seen_at')} as seen_ms,
      t.cik, t.company_name, t.sector, t.industry, coalesce(v.version, 0)::float8 as filings_version,
      q.price, q.change_percent, q.market_cap, q.pe_ratio, q.eps, q.dividend_yield,
      q.volume::float8 as volume, q.avg_volume::float8 as avg_volume, q.week_52_low, q.week_52_high,
      ${epochMs('q.fetched_at')} as quote_ms
    from watchlist_items w
    left join lateral (
      select t.cik, coalesce(c.name, t.name) as company_name, c.sector, c.industry
      from tickers t left join companies c on c.cik = t.cik where t.ticker = w.ticker) t on true
    left join lateral (select v.version from filing_cik_versions v where v.cik = t.cik) v on true
    left join lateral (select q.* from quotes q where q.ticker = w.ticker) q on true
    where w.user_id = ${params.userId}
    order by w.created_at, w.id`);
}

/** For each company and catalogue form, its newest `perForm` filings. */
export async function readRecentFilings(db: Db, params: { ciks: number[]; forms: readonly string[]; perForm: number }) {
  return db.execute<DigestFilingRow>(sql`
    select c.cik, f.id::float8 as id, f.accession_no, f.form_type, f.catalogue_form, f.importance, f.reasons,
      f.one_liner, f.summary_text, ${epochMs('f.filed_at')} as filed_ms, ${epochMs('f.updated_at')} as updated_ms,
      f.insider_data, f.insider_cik, f.executive_names, f.data_incomplete, f.primary_doc_url, f.index_url
    from unnest(${sql.param(params.ciks)}::int[]) c(cik)
    cross join unnest(${sql.param([...params.forms])}::text[]) k(form)
    cross join lateral (
      select * from filings f where f.cik = c.cik and f.catalogue_form = k.form
      order by f.filed_at desc, f.id desc limit ${params.perForm}) f`);
}

/** For each company, (stored_at, importance rank, form) of its `limit` most recently stored filings. */
export async function readFilingMarks(db: Db, params: { ciks: number[]; limit: number }) {
  return db.execute<DigestMarkRow>(sql`
    select c.cik, ${epochMs('f.stored_at')} as stored_ms, f.importance_rank as rank, f.catalogue_form as form
    from unnest(${sql.param(params.ciks)}::int[]) c(cik)
    cross join lateral (
      select f.stored_at, f.importance_rank, f.catalogue_form from filings f
      where f.cik = c.cik and f.catalogue_form is not null
      order by f.stored_at desc limit ${params.limit}) f`);
}

/** Exact unseen count and highest unseen rank for items whose unseen tail exceeds the digest window. */
export async function countUnseen(db: Db, params: { itemIds: number[] }) {
  return db.execute<{ id: number; unseen: number; max_rank: number | null }>(sql`
    select w.id::float8 as id, x.unseen, x.max_rank
    from watchlist_items w
    join tickers t on t.ticker = w.ticker
    cross join lateral (
      select count(*)::int as unseen, max(f.importance_rank)::int as max_rank from filings f
      where f.cik = t.cik and f.catalogue_form = any(w.forms) and f.stored_at > coalesce(w.seen_at, '-infinity')) x
    where w.id = any(${sql.param(params.itemIds)}::bigint[])`);
}

export type UserRow = typeof users.$inferSelect;

/** Locks the user's row for the rest of the transaction: concurrent adds for one user queue here. */
export async function lockUser(db: Db, params: { userId: string }): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, params.userId)).for('update');
  return row;
}

export async function listTickers(db: Db, params: { userId: string }): Promise<string[]> {
  const rows = await db
    .select({ ticker: watchlistItems.ticker })
    .from(watchlistItems)
    .where(eq(watchlistItems.userId, params.userId))
    .orderBy(asc(watchlistItems.createdAt));
  return rows.map((r) => r.ticker);
}

/** Inserts new tickers and updates the forms (and notes, when given) of existing ones. */
export async function upsertItems(
  db: Db,
  params: { userId: string; tickers: string[]; forms: string[]; notes: string | null },
): Promise<void> {
  if (params.tickers.length === 0) return;
  await db
    .insert(watchlistItems)
    .values(params.tickers.map((ticker) => ({ userId: params.userId, ticker, forms: params.forms, notes: params.notes })))
    .onConflictDoUpdate({
      target: [watchlistItems.userId, watchlistItems.ticker],
      set: {
        forms: sql`excluded.forms`,
        notes: sql`coalesce(excluded.notes, ${watchlistItems.notes})`,
        updatedAt: sql`now()`,
      },
    });
}

export async function deleteItem(db: Db, params: { userId: string; ticker: string }): Promise<boolean> {
  const rows = await db
    .delete(watchlistItems)
    .where(and(eq(watchlistItems.userId, params.userId), eq(watchlistItems.ticker, params.ticker)))
    .returning({ id: watchlistItems.id });
  return rows.length > 0;
}

export async function markSeen(db: Db, params: { userId: string; ticker: string }): Promise<Date | undefined> {
  const [row] = await db
    .update(watchlistItems)
    .set({ seenAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(watchlistItems.userId, params.userId), eq(watchlistItems.ticker, params.ticker)))
    .returning({ seenAt: watchlistItems.seenAt });
  return row?.seenAt ?? undefined;
}
