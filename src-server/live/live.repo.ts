/** SQL of the live feed: one filing as an event, a subscriber's watchlist, and the replay. */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

/** One `filings.live` event: a newly scored filing for a ticker the user follows (snake_case like the watchlist). */
export interface LiveFilingEvent {
  id: number;
  accession_no: string;
  /** The user's watchlist ticker it belongs to (GOOG and GOOGL share one company). */
  ticker: string;
  company_name: string | null;
  /** EDGAR's form name ('8-K/A'); form_type repeats it, catalogue_form is the watchlist form ('8-K'). */
  form: string;
  form_type: string;
  catalogue_form: string;
  importance: string;
  reasons: string[];
  one_liner: string;
  summary_text: string | null;
  /** The filing on sec.gov (primary document, else the index page). */
  link: string | null;
  filed_at: string;
  stored_at: string;
  /** JSON string: executiveName, executiveTitle, insiderCik, isDisposition, sharesTraded. */
  insider_data: string | null;
  insider_cik: string | null;
  executive_names: string[];
  data_incomplete: boolean;
}

interface EventRow extends Record<string, unknown> {
  id: number;
  accession_no: string;
  ticker: string | null;
  company_name: string | null;
  form_type: string;
  catalogue_form: string;
  importance: string;
  reasons: unknown;
  one_liner: string;
  summary_text: string | null;
  link: string | null;
  filed_at: string | Date;
  stored_at: string | Date;
  insider_data: unknown;
  insider_cik: string | null;
  executive_names: string[] | null;
  data_incomplete: boolean;
}

const EVENT_FIELDS = sql`f.id::float8 as id, f.accession_no, f.ticker, f.company_name, f.form_type, f.catalogue_form,
  f.importance, f.reasons, f.one_liner, f.summary_text, coalesce(f.primary_doc_url, f.index_url) as link,
  f.filed_at, f.stored_at, f.insider_data, f.insider_cik, f.executive_names, f.data_incomplete`;

/** Filings that reach live dashboards: tracked forms, not backfilled history. */
const LIVE_FILING = sql`f.catalogue_form is not null and coalesce(f.source, '') <> 'backfill'`;

const iso = (value: string | Date) => new Date(value).toISOString();

export function toEvent(row: EventRow, ticker: string): LiveFilingEvent {
  return {
    id: Number(row.id),
    accession_no: row.accession_no,
    ticker,
    company_name: row.company_name,
    form: row.form_type,
    form_type: row.form_type,
    catalogue_form: row.catalogue_form,
    importance: row.importance,
    reasons: Array.isArray(row.reasons) ? (row.reasons as string[]) : [],
    one_liner: row.one_liner,
    summary_text: row.summary_text,
    link: row.link,
    filed_at: iso(row.filed_at),
    stored_at: iso(row.stored_at),
    insider_data: row.insider_data == null ? null : JSON.stringify(row.insider_data),
    insider_cik: row.insider_cik,
    executive_names: row.executive_names ?? [],
    data_incomplete: row.data_incomplete,
  };
}

/** A stored filing as an event, with every ticker of its company; null when it is not live news. */
export async function loadLiveFiling(db: Db, { id }: { id: number }): Promise<{ row: EventRow; tickers: string[] } | null> {
  const rows = await db.execute<EventRow & { tickers: (string | null)[] }>(sql`
    select ${EVENT_FIELDS}, array(select t.ticker from tickers t where t.cik = f.cik) || f.ticker as tickers
    from filings f where f.id = ${id} and ${LIVE_FILING}`);
  const row = rows[0];
  if (!row) return null;
  return { row, tickers: [...new Set(row.tickers.filter((t): t is string => t != null))] };
}

/** The user's followed forms per watchlist ticker. */
export async function watchOf(db: Db, { userId }: { userId: string }): Promise<Map<string, Set<string>>> {
  const rows = await db.execute<{ ticker: string; forms: string[] }>(sql`
    select ticker, forms from watchlist_items where user_id = ${userId}`);
  return new Map(rows.map((r) => [r.ticker, new Set(r.forms)]));
}

/**
 * What a reconnecting client missed: the user's live filings after `afterId`, stored in the
 * last day, at most `limit` (the newest), oldest first.
 */
export async function missedFilings(db: Db, { userId, afterId, limit }: { userId: string; afterId: number; limit: number }): Promise<LiveFilingEvent[]> {
  const rows = await db.execute<EventRow & { watched: string }>(sql`
    with watch as (
      select w.ticker, w.forms, t.cik from watchlist_items w left join tickers t on t.ticker = w.ticker
      where w.user_id = ${userId}
    )
    select * from (
      select distinct on (f.id) ${EVENT_FIELDS}, watch.ticker as watched
      from watch join filings f on (f.cik = watch.cik or f.ticker = watch.ticker)
      where f.id > ${afterId} and f.catalogue_form = any(watch.forms) and ${LIVE_FILING}
        and f.stored_at > now() - interval '1 day'
      order by f.id desc, (f.ticker = watch.ticker) desc
      limit ${limit}
    ) x order by id`);
  return rows.map((r) => toEvent(r, r.watched));
}

export async function recordPush(db: Db, params: { filingId: number; instanceId: string; subscribers: number; pushedAt: Date }): Promise<void> {
  await db.execute(sql`
    insert into filing_pushes (filing_id, instance_id, subscribers, pushed_at)
    values (${params.filingId}, ${params.instanceId}, ${params.subscribers}, ${params.pushedAt.toISOString()}::timestamptz)`);
}
