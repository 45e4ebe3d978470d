/** SQL of the admin filings section: search, one filing in full, reviews and rescoring. */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { filedDateUnknownSql } from './filing-dto';
import type { FilingRow } from '../../db/schema';
import { filings } from '../../db/schema';
import { eq, inArray } from 'drizzle-orm';

export interface FilingSearchRow extends Record<string, unknown> {
  id: number;
  accession_no: string;
  form_type: string;
  ticker: string | null;
  company_name: string | null;
  importance: string;
  rules_importance: string | null;
  reviewed_at: string | null;
  one_liner: string;
  filed_at: string;
  filed_date_unknown: boolean;
}

export interface FilingSearch {
  ticker: string | null;
  form: string | null;
  importance: string | null;
  from: string | null;
  to: string | null;
  /** Keyset: the last row of the previous page (filed_at desc, id desc). */
  after: { filedAt: string; id: number } | null;
  limit: number;
}

export async function searchFilings(db: Db, s: FilingSearch): Promise<FilingSearchRow[]> {
  return db.execute<FilingSearchRow>(sql`
    select f.id::float8 as id, f.accession_no, f.form_type, f.ticker, f.company_name, f.importance, f.rules_importance,
      to_json(f.reviewed_at)#>>'{}' as reviewed_at, f.one_liner, to_json(f.filed_at)#>>'{}' as filed_at,
      ${filedDateUnknownSql('f')} as filed_date_unknown
    from filings f
    where (${s.ticker}::text is null or f.ticker = ${s.ticker}::text or f.cik = (select cik from tickers where ticker = ${s.ticker}::text))
      and (${s.form}::text is null or f.form_type = ${s.form}::text or f.catalogue_form = ${s.form}::text)
      and (${s.importance}::text is null or f.importance = ${s.importance}::text)
      and (${s.from}::date is null or f.filed_at >= (${s.from}::date)::timestamp at time zone 'America/New_York')
      and (${s.to}::date is null or f.filed_at < (${s.to}::date + 1)::timestamp at time zone 'America/New_York')
      and (${s.after?.filedAt ?? null}::timestamptz is null or (f.filed_at, f.id) < (${s.after?.filedAt ?? null}::timestamptz, ${s.after?.id ?? null}::int8))
    order by f.filed_at desc, f.id desc
    limit ${s.limit}`);
}

export async function filingById(db: Db, { id }: { id: number }): Promise<FilingRow | null> {
  const [row] = await db.select().from(filings).where(eq(filings.id, id));
  return row ?? null;
}

/** The stored rows of these filings, by id (a filing deleted meanwhile is absent): one query per page of a range rescore. */
export async function filingsByIds(db: Db, ids: number[]): Promise<Map<number, FilingRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select().from(filings).where(inArray(filings.id, ids));
  return new Map(rows.map((r) => [r.id, r]));
}

/** Filing ids in a filed-at range (NY days), oldest first: what a range rescore walks. */
export async function filingIdsFiled(
  db: Db,
  { from, to, form }: { from: string; to: string; form: string | null },
): Promise<number[]> {
  const rows = await db.execute<{ id: number }>(sql`
    select id::float8 as id from filings
    where filed_at >= (${from}::date)::timestamp at time zone 'America/New_York'
      and filed_at < (${to}::date + 1)::timestamp at time zone 'America/New_York'
      and (${form}::text is null or form_type = ${form}::text or catalogue_form = ${form}::text)
    order by filed_at, id`);
  return rows.map((r) => r.id);
}

/** A company's stored Forms 3, 4 and 5 (and their amendments), oldest first. */
export async function ownershipFilingIds(db: Db, { cik }: { cik: number }): Promise<number[]> {
  const rows = await db.execute<{ id: number }>(sql`
    select id::float8 as id from filings
    where cik = ${cik} and form_type in ('3', '3/A', '4', '4/A', '5', '5/A')
    order by filed_at, id`);
  return rows.map((r) => r.id);
}

/** An admin's importance: the rules' level is kept in rules_importance (first review only). */
export async function writeReview(
  db: Db,
  { id, importance, rank, reason }: { id: number; importance: string; rank: number; reason: string },
): Promise<void> {
  await db.execute(sql`
    update filings set rules_importance = coalesce(rules_importance, importance), importance = ${importance},
      importance_rank = ${rank}, reviewed_at = now(), review_reason = ${reason}, updated_at = now()
    where id = ${id}`);
}

/** Back to what the rules say. */
export async function clearReview(db: Db, { id, rank }: { id: number; rank: number }): Promise<void> {
  await db.execute(sql`
    update filings set importance = rules_importance, importance_rank = ${rank}, rules_importance = null,
      reviewed_at = null, review_reason = null, updated_at = now()
    where id = ${id} and reviewed_at is not null`);
}

/** New rule output; a reviewed filing keeps its reviewed importance and records the rules' one. */
export async function writeRescore(
  db: Db,
  p: {
    id: number;
    importance: string;
    rank: number;
    reasons: string[];
    oneLiner: string;
    summaryText: string | null;
    details: unknown;
  },
): Promise<void> {
  await db.execute(sql`
    update filings set
      importance = case when reviewed_at is null then ${p.importance} else importance end,
      importance_rank = case when reviewed_at is null then ${p.rank}::smallint else importance_rank end,
      rules_importance = case when reviewed_at is null then null else ${p.importance} end,
      reasons = ${JSON.stringify(p.reasons)}::jsonb, one_liner = ${p.oneLiner}, summary_text = ${p.summaryText},
      details = ${JSON.stringify(p.details)}::jsonb, updated_at = now()
    where id = ${p.id}`);
}
