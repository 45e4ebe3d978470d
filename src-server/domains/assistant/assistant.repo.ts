/** SQL of the assistant's read-only tools and of its conversations, feedback and model budget. */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { filedDateUnknownSql } from '../filings/filing-dto';

export interface FilingHit extends Record<string, unknown> {
  id: number;
  accession_no: string;
  form_type: string;
  cik: number | null;
  ticker: string | null;
  company_name: string | null;
  /** Only the period end when filed_date_unknown. */
  filed_at: string;
  filed_date_unknown: boolean;
  accepted_at: string | null;
  period_of_report: string | null;
  items: string[] | null;
  importance: string;
  importance_rank: number;
  reasons: string[];
  one_liner: string;
  url: string | null;
  amends_accession_no: string | null;
  percent_of_class: number | null;
  filer_name: string | null;
  /** How many filings matched before the limit. */
  total: number;
}

export interface FilingQuery {
  ciks: number[] | null;
  forms?: string[];
  items?: string[];
  levels?: number[];
  from?: Date | null;
  to?: Date | null;
  accessionNo?: string | null;
  /** 'importance': most important first, newest first within a level ("most important filing"). */
  order?: 'newest' | 'importance';
  limit: number;
}

const iso = (column: string) => sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`);

function formSql(forms: string[]): SQL {
  // 'SC 13G' covers its amendments and the newer 'SCHEDULE 13G' names; '8-K' covers 8-K/A.
  const patterns = forms.map((f) =>
    f.startsWith('SC 13')
      ? `^(SC |SCHEDULE )${f.slice(3)}(/A)?$`
      : `^${f.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(/A)?$`,
  );
  return sql`f.form_type ~ any(${sql.param(patterns)}::text[])`;
}

/** Filings in scope, newest first, with the match count. */
export async function findFilings(db: Db, q: FilingQuery): Promise<FilingHit[]> {
  const where: SQL[] = [];
  if (q.ciks) where.push(sql`f.cik = any(${sql.param(q.ciks)}::int[])`);
  if (q.forms?.length) where.push(formSql(q.forms));
  if (q.items?.length) where.push(sql`f.items && ${sql.param(q.items)}::text[]`);
  if (q.levels?.length) where.push(sql`f.importance_rank = any(${sql.param(q.levels)}::int2[])`);
  if (q.from) where.push(sql`f.filed_at >= ${q.from.toISOString()}::timestamptz`);
  if (q.to) where.push(sql`f.filed_at < ${q.to.toISOString()}::timestamptz`);
  if (q.accessionNo) where.push(sql`f.accession_no = ${q.accessionNo}`);
  return db.execute<FilingHit>(sql`
    select f.id::float8 as id, f.accession_no, f.form_type, f.cik,
      -- A filing stored without a ticker is still on its company's ticker page (the citation links there).
      coalesce(f.ticker, (select x.ticker from filings x where x.cik = f.cik and x.ticker is not null order by x.filed_at desc limit 1)) as ticker,
      f.company_name, ${iso('f.filed_at')} as filed_at,
      ${filedDateUnknownSql('f')} as filed_date_unknown,
      ${iso('f.accepted_at')} as accepted_at, f.period_of_report::text, f.items, f.importance, f.importance_rank::int, f.reasons, f.one_liner,
      coalesce(f.primary_doc_url, f.index_url) as url, f.amends_accession_no,
      (f.details->>'percentOfClass')::float8 as percent_of_class, f.details->'reportingPersons'->0->>'name' as filer_name,
      count(*) over ()::int as total
    from filings f
    where ${where.length ? sql.join(where, sql` and `) : sql`true`}
    order by ${q.order === 'importance' ? sql`f.importance_rank desc, ` : sql``}f.filed_at desc, f.id desc
    limit ${q.limit}`);
}

export interface CountRow extends Record<string, unknown> {
  cik: number;
  ticker: string | null;
  company_name: string | null;
  n: number;
  accessions: string[];
}

/** Matching filings per company (every company asked about, zero included). */
export async function countFilings(
  db: Db,
  q: Omit<FilingQuery, 'limit' | 'accessionNo'> & { ciks: number[] },
): Promise<CountRow[]> {
  const where: SQL[] = [sql`f.cik = c.cik`];
  if (q.forms?.length) where.push(formSql(q.forms));
  if (q.items?.length) where.push(sql`f.items && ${sql.param(q.items)}::text[]`);
  if (q.levels?.length) where.push(sql`f.importance_rank = any(${sql.param(q.levels)}::int2[])`);
  if (q.from) where.push(sql`f.filed_at >= ${q.from.toISOString()}::timestamptz`);
  if (q.to) where.push(sql`f.filed_at < ${q.to.toISOString()}::timestamptz`);
  return db.execute<CountRow>(sql`
    select c.cik, (select x.ticker from filings x where x.cik = c.cik and x.ticker is not null order by x.filed_at desc limit 1) as ticker,
      (select x.company_name from filings x where x.cik = c.cik order by x.filed_at desc limit 1) as company_name,
      count(f.id)::int as n, coalesce(array_agg(f.accession_no order by f.filed_at desc) filter (where f.id is not null), '{}') as accessions
    from unnest(${sql.param(q.ciks)}::int[]) as c(cik)
    left join filings f on ${sql.join(where, sql` and `)}
    group by c.cik order by c.cik`);
}

export interface TradeRow extends Record<string, unknown> {
  /** The filing's id: the citation links to its card on the ticker page. */
  id: number;
  accession_no: string;
  form_type: string;
  filed_at: string;
  accepted_at: string | null;
  url: string | null;
  ticker: string | null;
  cik: number | null;
  owners: string;
  role: string | null;
  table_kind: string;
  row_index: number;
  transaction_date: string | null;
  code: string;
  acquired_disposed: string | null;
  shares: number | null;
  price: number | null;
  value: number | null;
  is_10b5_1: boolean;
  direct_indirect: string | null;
}

/**
 * Form 3/4/5 transactions at these issuers, one row per trade: a joint filing repeats a trade per
 * reporting owner, so rows are grouped on (filing, table, row) and the owners listed together.
 */
export async function issuerTrades(
  db: Db,
  q: { ciks: number[]; codes: string[] | null; from: Date | null; to: Date | null; until: Date; limit: number },
): Promise<TradeRow[]> {
  return db.execute<TradeRow>(sql`
    select f.id::float8 as id, f.accession_no, f.form_type, ${iso('f.filed_at')} as filed_at, ${iso('f.accepted_at')} as accepted_at,
      coalesce(f.primary_doc_url, f.index_url) as url, coalesce(f.ticker, min(it.ticker)) as ticker, f.cik,
      string_agg(distinct it.owner_display_name, ' and ') as owners,
      min(coalesce(it.officer_title, case when it.is_director then 'Director' when it.is_ten_percent_owner then '10% Owner' end)) as role,
      it.table_kind, it.row_index::int, min(it.transaction_date)::text as transaction_date, min(it.code) as code,
      min(it.acquired_disposed) as acquired_disposed, min(it.shares)::float8 as shares, min(it.price_per_share)::float8 as price,
      min(it.value)::float8 as value, bool_or(it.is_10b5_1) as is_10b5_1, min(it.direct_indirect) as direct_indirect
    from insider_transactions it join filings f on f.id = it.filing_id
    where it.issuer_cik = any(${sql.param(q.ciks)}::int[]) and not it.is_holding and it.code is not null
      ${q.codes ? sql`and it.code = any(${sql.param(q.codes)}::text[])` : sql``}
      ${q.from ? sql`and coalesce(it.transaction_date::timestamp at time zone 'America/New_York', f.filed_at) >= ${q.from.toISOString()}::timestamptz` : sql``}
      ${q.to ? sql`and coalesce(it.transaction_date::timestamp at time zone 'America/New_York', f.filed_at) < ${q.to.toISOString()}::timestamptz and f.filed_at < ${q.until.toISOString()}::timestamptz` : sql``}
    group by f.id, it.table_kind, it.row_index
    order by f.filed_at desc, f.id desc, it.table_kind desc, it.row_index
    limit ${q.limit}`);
}

export interface ReceiptRow extends Record<string, unknown> {
  id: number;
  accession_no: string;
  form_type: string;
  ticker: string | null;
  cik: number | null;
  company_name: string | null;
  filed_at: string;
  accepted_at: string | null;
  detected_at: string | null;
  url: string | null;
  one_liner: string;
  channel: string;
  status: string;
  queued_at: string;
  sent_at: string | null;
}

/** The caller's own alert rows (never another user's), newest first. */
export async function alertReceipts(
  db: Db,
  q: { userId: string; ciks: number[] | null; forms: string[]; from: Date | null; to: Date | null; limit: number },
): Promise<ReceiptRow[]> {
  return db.execute<ReceiptRow>(sql`
    select f.id::float8 as id, f.accession_no, f.form_type, f.ticker, f.cik, f.company_name, ${iso('f.filed_at')} as filed_at, ${iso('f.accepted_at')} as accepted_at,
      ${iso('f.detected_at')} as detected_at, coalesce(f.primary_doc_url, f.index_url) as url, f.one_liner,
      a.channel, a.status, ${iso('a.created_at')} as queued_at, ${iso('a.sent_at')} as sent_at
    from alerts a join filings f on f.id = a.filing_id
    where a.user_id = ${q.userId}::uuid
      ${q.ciks ? sql`and f.cik = any(${sql.param(q.ciks)}::int[])` : sql``}
      ${q.forms.length ? sql`and ${formSql(q.forms)}` : sql``}
      ${q.from ? sql`and f.filed_at >= ${q.from.toISOString()}::timestamptz` : sql``}
      ${q.to ? sql`and f.filed_at < ${q.to.toISOString()}::timestamptz` : sql``}
    order by a.created_at desc, a.id desc
    limit ${q.limit}`);
}

/** The CIKs behind the caller's watchlist tickers. */
export async function watchlistCiks(
  db: Db,
  { userId }: { userId: string },
): Promise<{ ticker: string; cik: number | null }[]> {
  return db.execute<{ ticker: string; cik: number | null }>(sql`
    select w.ticker, coalesce((select t.cik from tickers t where t.ticker = w.ticker limit 1),
      (select f.cik from filings f where f.ticker = w.ticker order by f.filed_at desc limit 1)) as cik
    from watchlist_items w where w.user_id = ${userId}::uuid order by w.ticker`);
}

export interface KnownRow extends Record<string, unknown> {
  cik: number;
  tickers: string[];
  names: string[];
}

/** Every company we hold filings for, with the tickers and names they were filed under. */
export async function knownCompanies(db: Db): Promise<KnownRow[]> {
  return db.execute<KnownRow>(sql`
    select f.cik, coalesce(array_agg(distinct f.ticker) filter (where f.ticker is not null), '{}') as tickers,
      coalesce(array_agg(distinct f.company_name) filter (where f.company_name is not null), '{}') as names
    from filings f where f.cik is not null group by f.cik`);
}

/** Insiders we hold Form 3/4/5 rows for. */
export async function knownInsiders(db: Db): Promise<{ cik: number | null; name: string }[]> {
  return db.execute<{ cik: number | null; name: string }>(sql`
    select distinct owner_cik as cik, owner_display_name as name from insider_transactions`);
}

/** The newest stored filing's storing time and id (the "as of" of every answer; the cache key of the lists above). */
export async function newestStored(db: Db): Promise<{ id: number; stored_at: string } | null> {
  const [row] = await db.execute<{ id: number; stored_at: string }>(
    sql`select id::float8 as id, ${iso('stored_at')} as stored_at from filings order by id desc limit 1`,
  );
  return row ?? null;
}

/** The conversation when it is the caller's (another user's id reads as none). */
export async function ownConversation(db: Db, { userId, id }: { userId: string; id: string }): Promise<boolean> {
  const rows = await db.execute(
    sql`select 1 from assistant_conversations where id = ${id}::uuid and user_id = ${userId}::uuid`,
  );
  return rows.length > 0;
}

export async function createConversation(db: Db, { userId }: { userId: string }): Promise<string> {
  const [row] = await db.execute<{ id: string }>(
    sql`insert into assistant_conversations (user_id) values (${userId}::uuid) returning id`,
  );
  return row!.id;
}

export async function insertMessage(
  db: Db,
  p: {
    conversationId: string;
    userId: string;
    question: string;
    answer: unknown;
    tier: number;
    intent: string;
    degraded: string | null;
    latencyMs: number;
  },
): Promise<number> {
  const [row] = await db.execute<{ id: number }>(sql`
    with m as (
      insert into assistant_messages (conversation_id, user_id, question, answer, tier, intent, degraded, latency_ms)
      values (${p.conversationId}::uuid, ${p.userId}::uuid, ${p.question}, ${JSON.stringify(p.answer)}::jsonb, ${p.tier}, ${p.intent}, ${p.degraded}, ${p.latencyMs})
      returning id
    ), touched as (update assistant_conversations set updated_at = now() where id = ${p.conversationId}::uuid)
    select id::float8 as id from m`);
  return row!.id;
}

export interface MessageRow extends Record<string, unknown> {
  id: number;
  question: string;
  answer: unknown;
  created_at: string;
  vote: number | null;
}

export async function conversationMessages(
  db: Db,
  { userId, id }: { userId: string; id: string },
): Promise<MessageRow[]> {
  return db.execute<MessageRow>(sql`
    select m.id::float8 as id, m.question, m.answer, ${iso('m.created_at')} as created_at, fb.vote::int as vote
    from assistant_messages m join assistant_conversations c on c.id = m.conversation_id
    left join assistant_feedback fb on fb.message_id = m.id
    where c.id = ${id}::uuid and c.user_id = ${userId}::uuid order by m.id`);
}

/** Saves a vote on the caller's own message; false when no such message of theirs exists. */
export async function upsertFeedback(
  db: Db,
  p: { userId: string; messageId: number; vote: 1 | -1; comment: string | null },
): Promise<boolean> {
  const rows = await db.execute(sql`
    insert into assistant_feedback (message_id, user_id, vote, comment)
    select m.id, m.user_id, ${p.vote}, ${p.comment} from assistant_messages m where m.id = ${p.messageId} and m.user_id = ${p.userId}::uuid
    on conflict (message_id) do update set vote = excluded.vote, comment = excluded.comment, updated_at = now()
    returning message_id`);
  return rows.length > 0;
}

/** Conversations idle for `days` go, with their messages and feedback (cascade). */
export async function pruneConversations(db: Db, { days }: { days: number }): Promise<number> {
  const rows = await db.execute(
    sql`delete from assistant_conversations where updated_at < now() - make_interval(days => ${days}) returning id`,
  );
  return rows.length;
}

export interface AssistantFeedbackRow extends Record<string, unknown> {
  message_id: number;
  vote: number;
  comment: string | null;
  updated_at: string;
  email: string | null;
  question: string;
  answer_text: string | null;
  tier: number;
  degraded: string | null;
}

/** Admin: the newest assistant votes with the rated question and answer. */
export async function listAssistantFeedback(db: Db, { limit }: { limit: number }): Promise<AssistantFeedbackRow[]> {
  return db.execute<AssistantFeedbackRow>(sql`
    select fb.message_id::float8 as message_id, fb.vote::int as vote, fb.comment, ${iso('fb.updated_at')} as updated_at, u.email,
      m.question, m.answer->>'text' as answer_text, m.tier::int as tier, m.degraded
    from assistant_feedback fb join assistant_messages m on m.id = fb.message_id join users u on u.id = fb.user_id
    order by fb.updated_at desc limit ${limit}`);
}

export interface FilingContent extends Record<string, unknown> {
  summary_text: string | null;
  details: {
    kind?: string;
    items?: { number: string; title: string }[];
    people?: { name: string; role: string | null; change: string | null }[];
    subject?: string | null;
    eventDate?: string | null;
    fiscalYear?: number | null;
    fiscalPeriod?: string | null;
    periodOfReport?: string | null;
  } | null;
}

/** What a filing says, as parsed and stored at ingest (the 8-K's items and people, a report's period). */
export async function filingContent(db: Db, { id }: { id: number }): Promise<FilingContent | null> {
  const [row] = await db.execute<FilingContent>(sql`select summary_text, details from filings where id = ${id}`);
  return row ?? null;
}

/** The caller's most recently used conversation still kept (idle under 30 days), else null. */
export async function latestConversationId(db: Db, { userId }: { userId: string }): Promise<string | null> {
  const [row] = await db.execute<{ id: string }>(sql`
    select id from assistant_conversations
    where user_id = ${userId}::uuid and updated_at > now() - interval '30 days'
    order by updated_at desc limit 1`);
  return row?.id ?? null;
}
