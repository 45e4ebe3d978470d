/** SQL of the ticker pages: a company's filing timeline, its facets, seen marks, insider rows. */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { executePrepared } from '../../db/prepared';
import type { QuoteFields } from '../quotes/quote-fields';
import { type FilingDtoSource, filedDateUnknownSql } from '../filings/filing-dto';
import { shownOwnerName } from '../insiders/profile-edits.repo';

export interface FilingFilter {
  /** Catalogue forms; 'OTHER' matches filings outside the catalogue. Empty: every form. */
  forms: string[];
  /** Importance ranks (4 = CRITICAL). Empty: every level. */
  ranks: number[];
}

export interface Cursor {
  /** filed_at in microseconds since the epoch (exact for PostgreSQL timestamps). */
  filedUs: string;
  id: number;
}

/** A Form 3/4/5 table row of a timeline filing (one per reporting owner x row). */
export interface InsiderRow {
  owner_index: number;
  owner_cik: number | null;
  owner_display_name: string;
  officer_title: string | null;
  is_director: boolean;
  is_officer: boolean;
  is_ten_percent_owner: boolean;
  other_text: string | null;
  table_kind: 'non_derivative' | 'derivative';
  is_holding: boolean;
  row_index: number;
  security_title: string | null;
  transaction_date: string | null;
  code: string | null;
  acquired_disposed: string | null;
  shares: number | null;
  price_per_share: number | null;
  value: number | null;
  shares_owned_after: number | null;
  direct_indirect: string | null;
  nature_of_ownership: string | null;
  is_10b5_1: boolean;
  footnotes: { id: string; text: string }[];
  underlying_title: string | null;
  underlying_shares: number | null;
  conversion_or_exercise_price: number | null;
}

/** The watchlist's filing columns (times as epoch ms) plus what the ticker page shows besides. */
export interface TimelineRow extends FilingDtoSource, Record<string, unknown> {
  catalogue_form: string | null;
  accepted_at: string | null;
  listed_after: string | null;
  detected_at: string | null;
  stored_at: string | null;
  detected_via: string | null;
  filed_us: string;
  items: string[] | null;
  amends_accession_no: string | null;
  is_new: boolean;
  has_analysis: boolean;
  analysis_summary: string | null;
  analysis_model: string | null;
  analysis_created_at: string | null;
  my_vote: number | null;
  /** Forms 3/4/5: their table rows in filing order (owner, table, holding, row); null otherwise. */
  insider_rows: InsiderRow[] | null;
}

const iso = (column: string) => sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

function filterSql(filter: FilingFilter): SQL {
  const parts: SQL[] = [];
  const named = filter.forms.filter((f) => f !== 'OTHER');
  const other = filter.forms.includes('OTHER');
  if (filter.forms.length > 0) {
    const byName = named.length > 0 ? sql`f.catalogue_form = any(${sql.param(named)}::text[])` : sql`false`;
    parts.push(other ? sql`(${byName} or f.catalogue_form is null)` : byName);
  }
  if (filter.ranks.length > 0) parts.push(sql`f.importance_rank = any(${sql.param(filter.ranks)}::int2[])`);
  return parts.length > 0 ? sql` and ${sql.join(parts, sql` and `)}` : sql``;
}

/**
 * One page of a company's filings, newest first, keyset-paged on (filed_at, id) over
 * filings_cik_filed_idx. Cached AI analyses are joined; their text only when `withAnalysis`.
 */
export interface TimelineParams {
  cik: number;
  filter: FilingFilter;
  cursor: Cursor | null;
  limit: number;
  newSince: string | null;
  userId: string | null;
  withAnalysis: boolean;
}

export function timelinePage(db: Db, params: TimelineParams): Promise<TimelineRow[]> {
  return executePrepared<TimelineRow>(db, timelineQuery(params));
}

/** The statement itself (EXPLAIN in tests shows which index serves it). */
export function timelineQuery(params: TimelineParams): SQL {
  const { cursor } = params;
  const after = cursor
    ? sql` and (f.filed_at, f.id) < (timestamptz 'epoch' + ${cursor.filedUs}::int8 * interval '1 microsecond', ${cursor.id}::int8)`
    : sql``;
  return sql`
    select f.id::float8 as id, f.accession_no, f.form_type, f.catalogue_form, f.importance, f.reasons, f.one_liner, f.summary_text,
      (extract(epoch from f.filed_at) * 1000)::float8 as filed_ms, ${iso('f.accepted_at')} as accepted_at,
      ${filedDateUnknownSql('f')} as filed_date_unknown,
      ${iso('f.feed_listed_after')} as listed_after, ${iso('f.detected_at')} as detected_at, ${iso('f.stored_at')} as stored_at, f.detected_via,
      (extract(epoch from f.updated_at) * 1000)::float8 as updated_ms,
      (extract(epoch from f.filed_at) * 1000000)::int8::text as filed_us,
      f.insider_data, f.insider_cik, f.executive_names, f.data_incomplete, f.reviewed_at is not null as reviewed, f.primary_doc_url, f.index_url, f.items, f.amends_accession_no,
      coalesce(f.stored_at > ${params.newSince}::timestamptz, false) as is_new,
      a.filing_id is not null as has_analysis,
      case when ${params.withAnalysis} then a.summary end as analysis_summary,
      case when ${params.withAnalysis} then a.model end as analysis_model,
      case when ${params.withAnalysis} then ${iso('a.created_at')} end as analysis_created_at,
      fb.vote::int as my_vote, tx.rows as insider_rows
    from filings f
    left join filing_analyses a on a.filing_id = f.id
    left join analysis_feedback fb on fb.filing_id = f.id and fb.user_id = ${params.userId}::uuid
    left join lateral (
      select json_agg(json_build_object('owner_index', it.owner_index, 'owner_cik', it.owner_cik, 'owner_display_name', ${shownOwnerName},
        'officer_title', it.officer_title, 'is_director', it.is_director, 'is_officer', it.is_officer,
        'is_ten_percent_owner', it.is_ten_percent_owner, 'other_text', it.other_text, 'table_kind', it.table_kind,
        'is_holding', it.is_holding, 'row_index', it.row_index, 'security_title', it.security_title,
        'transaction_date', it.transaction_date, 'code', it.code, 'acquired_disposed', it.acquired_disposed, 'shares', it.shares,
        'price_per_share', it.price_per_share, 'value', it.value, 'shares_owned_after', it.shares_owned_after,
        'direct_indirect', it.direct_indirect, 'nature_of_ownership', it.nature_of_ownership, 'is_10b5_1', it.is_10b5_1,
        'footnotes', it.footnotes, 'underlying_title', it.underlying_title)
        order by it.owner_index, it.table_kind desc, it.is_holding, it.row_index) as rows
      from insider_transactions it where it.filing_id = f.id
    ) tx on true
    where f.cik = ${params.cik}${filterSql(params.filter)}${after}
    order by f.filed_at desc nulls last, f.id desc nulls last
    limit ${params.limit}`;
}

export interface FacetRow extends Record<string, unknown> {
  form: string | null;
  rank: number;
  n: number;
}

/** Filing counts per catalogue form and importance for the filter controls. */
export async function facets(db: Db, { cik }: { cik: number }): Promise<FacetRow[]> {
  return db.execute<FacetRow>(sql`
    select catalogue_form as form, importance_rank::int as rank, count(*)::int as n
    from filings f where f.cik = ${cik} group by 1, 2`);
}

/**
 * Opening a company's page: the caller's watchlist items for any of its tickers (GOOG and GOOGL
 * share a CIK) count everything stored until now as seen. Returns the earliest previous mark
 * (filings stored after it are "new" on this visit) and whether the caller watches the company.
 * Items with nothing new are left as they are, so a repeat visit writes nothing.
 */
export async function markCompanySeen(
  db: Db,
  { userId, cik }: { userId: string; cik: number },
): Promise<{ watching: boolean; previousSeenAt: string | null }> {
  const rows = await executePrepared<{ previous: string | null }>(
    db,
    sql`
    with mine as (
      select w.id, w.seen_at,
        exists (select 1 from filings f where f.cik = ${cik} and f.stored_at > coalesce(w.seen_at, '-infinity')) as behind
      from watchlist_items w join tickers t on t.ticker = w.ticker
      where w.user_id = ${userId}::uuid and t.cik = ${cik}
    ), marked as (
      update watchlist_items w set seen_at = now(), updated_at = now() from mine where w.id = mine.id and mine.behind returning w.id
    )
    select to_json(mine.seen_at)#>>'{}' as previous from mine`,
  );
  if (rows.length === 0) return { watching: false, previousSeenAt: null };
  const marks = rows.map((r) => r.previous);
  // Never opened before: everything counts as new (the epoch).
  const previousSeenAt = marks.includes(null) ? '1970-01-01T00:00:00+00:00' : marks.sort()[0]!;
  return { watching: true, previousSeenAt };
}

export interface LatestFilingRow extends Record<string, unknown> {
  one_liner: string;
  filed_at: string;
  filed_date_unknown: boolean;
  n: number;
}

/** The newest filing's one-liner and the filing count (public page meta tags). */
export async function latestFiling(db: Db, { cik }: { cik: number }): Promise<LatestFilingRow | null> {
  const [row] = await db.execute<LatestFilingRow>(sql`
    select f.one_liner, ${iso('f.filed_at')} as filed_at, ${filedDateUnknownSql('f')} as filed_date_unknown, (select count(*)::int from filings c where c.cik = ${cik}) as n
    from filings f where f.cik = ${cik} order by f.filed_at desc nulls last, f.id desc nulls last limit 1`);
  return row ?? null;
}

export interface MarkerRow extends Record<string, unknown> {
  id: number;
  day: string;
  filed_at: string;
  filed_date_unknown: boolean;
  importance: string;
  form_type: string;
  one_liner: string;
}

/** Where filed_at falls relative to [from, to] trading days, in New York time (the exchange's day). */
const inDays = (from: string, to: string) =>
  sql`f.filed_at >= (${from}::date::timestamp at time zone 'America/New_York') and f.filed_at < ((${to}::date + 1)::timestamp at time zone 'America/New_York')`;

/** Chart markers: the company's filings within the days shown, most important first, at most `limit`. */
export async function chartMarkers(
  db: Db,
  params: { cik: number; from: string; to: string; filter: FilingFilter; limit: number },
): Promise<{ markers: MarkerRow[]; inside: number; outside: number }> {
  const [markers, [counts]] = await Promise.all([
    db.execute<MarkerRow>(sql`
      select f.id::float8 as id, (f.filed_at at time zone 'America/New_York')::date::text as day, ${iso('f.filed_at')} as filed_at,
        ${filedDateUnknownSql('f')} as filed_date_unknown, f.importance, f.form_type, f.one_liner
      from filings f where f.cik = ${params.cik} and ${inDays(params.from, params.to)}${filterSql(params.filter)}
      order by f.importance_rank desc, f.filed_at desc nulls last, f.id desc nulls last limit ${params.limit}`),
    db.execute<{ inside: number; outside: number }>(sql`
      select count(*) filter (where ${inDays(params.from, params.to)})::int as inside,
        count(*) filter (where not (${inDays(params.from, params.to)}))::int as outside
      from filings f where f.cik = ${params.cik}${filterSql(params.filter)}`),
  ]);
  return { markers: [...markers], inside: counts?.inside ?? 0, outside: counts?.outside ?? 0 };
}

export interface HeaderRow extends QuoteFields, Record<string, unknown> {
  ticker: string;
  listed: boolean;
  cik: number;
  name: string;
  sector: string | null;
  industry: string | null;
  sic: string | null;
  exchange: string | null;
  quote_fetched_ms: number | null;
  tickers: string[] | null;
  filings_version: number | null;
  /** The last stored daily bar and what the previous 252 sessions give (null without history). */
  bar_day: string | null;
  bar_close: number | null;
  bar_prev_close: number | null;
  bar_volume: number | null;
  bar_avg_volume: number | null;
  bar_low: number | null;
  bar_high: number | null;
}

/**
 * Everything above the timeline in one statement: the ticker's company, its cached quote, the
 * company's other tickers, its filings version (for cached facets) and a quote line computed
 * from the newest 252 daily bars (52 weeks; the 63 before the last give the average volume).
 */
export async function companyHeader(db: Db, { ticker }: { ticker: string }): Promise<HeaderRow | null> {
  const [row] = await executePrepared<HeaderRow>(
    db,
    sql`
    select t.ticker, t.active as listed, c.cik, coalesce(c.display_name, c.name) as name, c.sector, c.industry, c.sic, c.exchange,
      q.price as current_price, q.change_percent, q.market_cap, q.pe_ratio, q.eps, q.dividend_yield, q.volume::float8 as volume,
      q.avg_volume::float8 as avg_volume, q.week_52_low, q.week_52_high, (extract(epoch from q.fetched_at) * 1000)::float8 as quote_fetched_ms,
      (select array_agg(x.ticker order by length(x.ticker), x.ticker) from tickers x where x.cik = t.cik and x.active) as tickers,
      (select v.version::float8 from filing_cik_versions v where v.cik = t.cik) as filings_version,
      h.bar_day, h.bar_close, h.bar_prev_close, h.bar_volume, h.bar_avg_volume, h.bar_low, h.bar_high
    from tickers t
    join companies c on c.cik = t.cik
    left join quotes q on q.ticker = t.ticker
    left join lateral (
      select max(b.day) filter (where b.n = 1)::text as bar_day, max(b.close) filter (where b.n = 1) as bar_close,
        max(b.close) filter (where b.n = 2) as bar_prev_close, max(b.volume) filter (where b.n = 1)::float8 as bar_volume,
        round(avg(b.volume) filter (where b.n between 2 and 64))::float8 as bar_avg_volume,
        min(coalesce(b.low, b.close)) as bar_low, max(coalesce(b.high, b.close)) as bar_high
      from (select day, close, high, low, volume, row_number() over (order by day desc) as n
            from price_bars where ticker = t.ticker order by day desc limit 252) b
    ) h on true
    where t.ticker = ${ticker}
    limit 1`,
  );
  return row ?? null;
}
