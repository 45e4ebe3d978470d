import { and, asc, eq, sql, type SQLWrapper } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { companies, filingCikVersions, quotes, tickers, users, watchlistItems } from '../../db/schema';
import { perDb } from '../../db/per-db';
import { FILING_DTO_COLUMNS } from '../filings/filing-dto';
import type { DigestFilingRow, DigestMarkRow } from './filing-digest';

/** Microseconds since the epoch: exact for PostgreSQL timestamps, which unseen comparisons need. */
const epochUs = (column: SQLWrapper) => sql<number | null>`(extract(epoch from ${column}) * 1000000)::float8`;

/**
 * Everything a user's watchlist response is built from, besides the user row (the caller compares
 * that itself), as values computed by the database, so a response cached in any app process is
 * validated against what every process wrote. `userId` is a column or parameter. Three levels,
 * cheapest first (decision 335):
 *
 * fast: the user's watchlist_user_stamps counter, which triggers bump in every transaction that
 * inserts, updates or deletes the user's items (by any path, raw SQL included), and the sum of the
 * 16 global watchlist_change_stamps, which grows with every write to any quote, filings version,
 * company or catalogue row. Two primary-key probes and a 16-row read, with every session lookup.
 *
 * tickers: the sum of watchlist_ticker_stamps over the user's tickers, which grows only with
 * writes to those tickers' data (decision 283). A probe per item; read when the global part of
 * `fast` moved, so a filing or quote of another company leaves this user's response in place.
 *
 * full: per item its content (id, ticker, forms, notes, seen_at, paused_at) and its company (cik, names,
 * sector, industry), filings version and quote fetched_at (every quote write stamps it). Read when
 * `tickers` moved (a write that changed nothing shown, or a quote refreshed to the same figures):
 * an unchanged `full` proves this user's response is still current.
 */
const itemsFingerprint = (userId: SQLWrapper) =>
  sql<string>`coalesce((select st.stamp from watchlist_user_stamps st where st.user_id = ${userId}), 0)::text`;

const globalStamp = sql<string>`(select coalesce(sum(s.changes), 0)::text from watchlist_change_stamps s)`;

export const tickersStamp = (userId: SQLWrapper) => sql<string>`(select coalesce(sum(s.changes), 0)::text
  from watchlist_items w join watchlist_ticker_stamps s on s.ticker = w.ticker where w.user_id = ${userId})`;

export const fastFingerprint = (userId: SQLWrapper) =>
  sql<string>`(${itemsFingerprint(userId)} || ':' || ${globalStamp})`;

export const fullFingerprint = (userId: SQLWrapper) => sql<string>`(
  select md5(coalesce(string_agg(row(w.id, w.ticker, w.forms, w.notes, w.seen_at, w.paused_at, t.cik, t.ticker_name, t.name, t.sector,
    t.industry, v.version, q.fetched_at)::text, ';' order by w.id), ''))
  from watchlist_items w
  left join lateral (
    select t.cik, t.name as ticker_name, coalesce(c.display_name, c.name) as name, c.sector, c.industry from tickers t
    left join companies c on c.cik = t.cik
    where t.ticker = w.ticker limit 1) t on true
  left join lateral (select v.version from filing_cik_versions v where v.cik = t.cik limit 1) v on true
  left join lateral (select q.fetched_at from quotes q where q.ticker = w.ticker limit 1) q on true
  where w.user_id = ${userId})`;

/** The items part of a fast fingerprint: equal parts mean the user's own rows did not change. */
export const itemsPartOf = (fast: string) => fast.slice(0, fast.indexOf(':'));

/**
 * A user's items in one statement. Each join is a LATERAL primary-key lookup (the LIMIT keeps the
 * planner from turning one into a scan), so the cost grows with the watchlist, never with the
 * catalogue or the filings table. Prepared once per connection pool: the plan is reused.
 */
function itemsQuery(db: Db) {
  const company = db
    .select({
      cik: tickers.cik,
      // The name the company writes on its own cover when a filing gave it (companies.display_name), as the ticker page.
      company_name: sql<string>`coalesce(${companies.displayName}, ${companies.name}, ${tickers.name})`.as(
        'company_name',
      ),
      sector: companies.sector,
      industry: companies.industry,
    })
    .from(tickers)
    .leftJoin(companies, eq(companies.cik, tickers.cik))
    .where(eq(tickers.ticker, watchlistItems.ticker))
    .limit(1)
    .as('t');
  const version = db
    .select({ version: filingCikVersions.version })
    .from(filingCikVersions)
    .where(eq(filingCikVersions.cik, company.cik))
    .limit(1)
    .as('v');
  const quote = db.select().from(quotes).where(eq(quotes.ticker, watchlistItems.ticker)).limit(1).as('q');
  return db
    .select({
      id: watchlistItems.id,
      ticker: watchlistItems.ticker,
      forms: watchlistItems.forms,
      notes: watchlistItems.notes,
      seen_us: epochUs(watchlistItems.seenAt),
      paused: sql<boolean>`${watchlistItems.pausedAt} is not null`,
      cik: company.cik,
      company_name: company.company_name,
      sector: company.sector,
      industry: company.industry,
      filings_version: version.version,
      current_price: quote.price,
      change_percent: quote.changePercent,
      market_cap: quote.marketCap,
      pe_ratio: quote.peRatio,
      eps: quote.eps,
      dividend_yield: quote.dividendYield,
      volume: quote.volume,
      avg_volume: quote.avgVolume,
      week_52_low: quote.week52Low,
      week_52_high: quote.week52High,
      quote_fetched_at: quote.fetchedAt,
      // Evaluated once per statement, in the same snapshot as the rows: a response built from
      // these rows is stored under the fingerprints of exactly that data.
      fast_fingerprint: fastFingerprint(sql.placeholder('userId')).as('fast_fingerprint'),
      tickers_fingerprint: tickersStamp(sql.placeholder('userId')).as('tickers_fingerprint'),
      full_fingerprint: fullFingerprint(sql.placeholder('userId')).as('full_fingerprint'),
    })
    .from(watchlistItems)
    .leftJoinLateral(company, sql`true`)
    .leftJoinLateral(version, sql`true`)
    .leftJoinLateral(quote, sql`true`)
    .where(eq(watchlistItems.userId, sql.placeholder('userId')))
    .orderBy(asc(watchlistItems.createdAt), asc(watchlistItems.id))
    .prepare('watchlist_items');
}

const preparedItems = perDb(itemsQuery);

export type ItemRow = Awaited<ReturnType<ReturnType<typeof itemsQuery>['execute']>>[number];

export async function readItems(db: Db, params: { userId: string }): Promise<ItemRow[]> {
  return preparedItems(db).execute({ userId: params.userId });
}

export async function readFastFingerprint(db: Db, params: { userId: string }): Promise<string> {
  const [row] = await db.execute<{ fast: string }>(sql`select ${fastFingerprint(sql`${params.userId}::uuid`)} as fast`);
  return row!.fast;
}

/**
 * The fingerprints a cached body is revalidated with once the global part of `fast` moved, in one
 * snapshot. `full` (~0.4 ms) is computed only when it can decide something: when `tickers`
 * differs from the cached body's, or the items part of `fast` does (an item written after the
 * session lookup read its fingerprint: the ticker sum cannot see that, it only covers companies).
 */
export async function readFingerprints(
  db: Db,
  params: { userId: string; known: { fast: string; tickers: string } },
): Promise<{ fast: string; tickers: string; full: string | null }> {
  const userId = sql`${params.userId}::uuid`;
  const [row] = await db.execute<{ fast: string; tickers: string; full: string | null }>(sql`
    select f.fast, f.tickers,
      case when f.tickers = ${params.known.tickers} and split_part(f.fast, ':', 1) = ${itemsPartOf(params.known.fast)}
        then null else ${fullFingerprint(userId)} end as full
    from (select ${fastFingerprint(userId)} as fast, ${tickersStamp(userId)} as tickers) f`);
  return row!;
}

/** For each company and catalogue form, its newest `perForm` filings. */
export async function readRecentFilings(db: Db, params: { ciks: number[]; forms: readonly string[]; perForm: number }) {
  return db.execute<DigestFilingRow>(sql`
    select c.cik, f.catalogue_form, ${FILING_DTO_COLUMNS}
    from unnest(${sql.param(params.ciks)}::int[]) c(cik)
    cross join unnest(${sql.param([...params.forms])}::text[]) k(form)
    cross join lateral (
      select * from filings f where f.cik = c.cik and f.catalogue_form = k.form
      order by f.filed_at desc, f.id desc limit ${params.perForm}) f`);
}

/** For each company, (stored_at, importance rank, form) of its `limit` most recently stored filings. */
export async function readFilingMarks(db: Db, params: { ciks: number[]; limit: number }) {
  return db.execute<DigestMarkRow>(sql`
    select c.cik, ${epochUs(sql.raw('f.stored_at'))} as stored_us, f.importance_rank as rank, f.catalogue_form as form
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
    .values(
      params.tickers.map((ticker) => ({ userId: params.userId, ticker, forms: params.forms, notes: params.notes })),
    )
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

/**
 * Pauses the items past `limit` (newest-added first) and resumes paused items that fit again
 * (oldest first): one statement, touching only rows whose state changes. Nothing is deleted.
 */
export async function pauseOverLimit(
  db: Db,
  params: { userId: string; limit: number },
): Promise<{ paused: number; resumed: number }> {
  const [row] = await db.execute<{ paused: number; resumed: number }>(sql`
    with ranked as (
      select id, paused_at, row_number() over (order by created_at, id) as rn
      from watchlist_items where user_id = ${params.userId}
    ), changed as (
      update watchlist_items w
      set paused_at = case when r.rn > ${params.limit} then now() else null end, updated_at = now()
      from ranked r
      where w.id = r.id and (r.rn > ${params.limit}) <> (r.paused_at is not null)
      returning w.paused_at is not null as paused
    )
    select count(*) filter (where paused)::int as paused, count(*) filter (where not paused)::int as resumed from changed`);
  return { paused: row?.paused ?? 0, resumed: row?.resumed ?? 0 };
}

/**
 * Users whose complimentary PRO (comp_pro_until) has ended, who are not PRO otherwise (admin, or a
 * paid plan that is active: plans.ts isPro), and who still have more active items than their
 * limit now allows (their override, else `freeLimit`). Empty once each has been brought within it.
 */
export async function listLapsedCompOverLimit(db: Db, params: { freeLimit: number; limit: number }): Promise<string[]> {
  const rows = await db.execute<{ id: string }>(sql`
    select u.id from users u
    where u.comp_pro_until <= now() and not u.is_admin
      and not (u.plan_type = 'pro' and u.plan_status = 'active')
      and (select count(*) from watchlist_items w where w.user_id = u.id and w.paused_at is null)
        > coalesce(u.ticker_limit_override, ${params.freeLimit})
    order by u.comp_pro_until
    limit ${params.limit}`);
  return rows.map((r) => r.id);
}

export async function markSeen(db: Db, params: { userId: string; ticker: string }): Promise<Date | undefined> {
  const [row] = await db
    .update(watchlistItems)
    .set({ seenAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(watchlistItems.userId, params.userId), eq(watchlistItems.ticker, params.ticker)))
    .returning({ seenAt: watchlistItems.seenAt });
  return row?.seenAt ?? undefined;
}
