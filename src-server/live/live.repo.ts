/** SQL of the live feed: one filing as an event, a subscriber's watchlist, and the replay. */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { FILING_DTO_COLUMNS, toFilingDto, type FilingDto, type FilingDtoSource } from '../domains/filings/filing-dto';

/** One `filings.live` event: a newly scored filing for a ticker the user follows (the watchlist's filing shape). */
export interface LiveFilingEvent extends FilingDto {
  /** The user's watchlist ticker it belongs to (GOOG and GOOGL share one company). */
  ticker: string;
  company_name: string | null;
  /** The watchlist form ('8-K' for an '8-K/A'). */
  catalogue_form: string;
  stored_at: string;
}

interface EventRow extends FilingDtoSource {
  company_name: string | null;
  catalogue_form: string;
  stored_at: string | Date;
}

const EVENT_FIELDS = sql`${FILING_DTO_COLUMNS}, f.company_name, f.catalogue_form, f.stored_at`;

/** Filings that reach live dashboards: tracked forms, not backfilled history. */
const LIVE_FILING = sql`f.catalogue_form is not null and coalesce(f.source, '') <> 'backfill'`;

export function toEvent(row: EventRow, ticker: string): LiveFilingEvent {
  return {
    ...toFilingDto(row),
    ticker,
    company_name: row.company_name,
    catalogue_form: row.catalogue_form,
    stored_at: new Date(row.stored_at).toISOString(),
  };
}

export interface LiveFiling {
  row: EventRow & { id: number };
  /** Every ticker of its company (GOOG and GOOGL), and its own. */
  tickers: string[];
}

const WITH_TICKERS = sql`${EVENT_FIELDS}, array(select t.ticker from tickers t where t.cik = f.cik) || f.ticker as tickers`;

function toLiveFiling(row: EventRow & { id: number; tickers: (string | null)[] }): LiveFiling {
  return { row, tickers: [...new Set(row.tickers.filter((t): t is string => t != null))] };
}

/** A stored filing as an event, with every ticker of its company; null when it is not live news. */
export async function loadLiveFiling(db: Db, { id }: { id: number }): Promise<LiveFiling | null> {
  const rows = await db.execute<EventRow & { id: number; tickers: (string | null)[] }>(sql`
    select ${WITH_TICKERS} from filings f where f.id = ${id} and ${LIVE_FILING}`);
  return rows[0] ? toLiveFiling(rows[0]) : null;
}

/** Each user's followed forms per watchlist ticker, in one query (a user with nothing followed maps to an empty map). */
export async function watchOf(
  db: Db,
  { userIds }: { userIds: string[] },
): Promise<Map<string, Map<string, Set<string>>>> {
  const rows = await db.execute<{ user_id: string; ticker: string; forms: string[] }>(sql`
    select user_id, ticker, forms from watchlist_items
    where user_id = any(${sql.param(userIds)}::uuid[]) and paused_at is null`);
  const byUser = new Map(userIds.map((id) => [id, new Map<string, Set<string>>()]));
  for (const r of rows) byUser.get(r.user_id)?.set(r.ticker, new Set(r.forms));
  return byUser;
}

/**
 * What a reconnecting client missed: the user's live filings after `afterId`, stored in the
 * last day, at most `limit` (the newest), oldest first.
 */
export async function missedFilings(
  db: Db,
  { userId, afterId, limit }: { userId: string; afterId: number; limit: number },
): Promise<LiveFilingEvent[]> {
  const rows = await db.execute<EventRow & { watched: string }>(sql`
    with watch as (
      select w.ticker, w.forms, t.cik from watchlist_items w left join tickers t on t.ticker = w.ticker
      where w.user_id = ${userId} and w.paused_at is null
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

export interface LivePush {
  filingId: number;
  instanceId: string;
  subscribers: number;
  pushedAt: Date;
}

/** Which instance pushed which filings to how many sockets, in one insert. */
export async function recordPushes(db: Db, pushes: LivePush[]): Promise<void> {
  if (pushes.length === 0) return;
  const rows = pushes.map((p) => ({ ...p, pushedAt: p.pushedAt.toISOString() }));
  await db.execute(sql`
    insert into filing_pushes (filing_id, instance_id, subscribers, pushed_at)
    select "filingId", "instanceId", subscribers, "pushedAt" from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
      as p("filingId" int8, "instanceId" text, subscribers int4, "pushedAt" timestamptz)`);
}

/**
 * Live filings stored in the last hour with an id above `afterId`, oldest first, at most `limit`,
 * loaded as `loadLiveFiling` does but in one query: what a live hub may have missed while its
 * LISTEN connection was down.
 */
export async function liveFilingsAfter(
  db: Db,
  { afterId, limit }: { afterId: number; limit: number },
): Promise<LiveFiling[]> {
  const rows = await db.execute<EventRow & { id: number; tickers: (string | null)[] }>(sql`
    select ${WITH_TICKERS} from filings f
    where f.id > ${afterId} and ${LIVE_FILING} and f.stored_at > now() - interval '1 hour'
    order by f.id limit ${limit}`);
  return rows.map(toLiveFiling);
}

/** The highest filing id stored so far (0 for none): where a live hub's catch-up starts. */
export async function maxFilingId(db: Db): Promise<number> {
  const [row] = await db.execute<{ id: number }>(sql`select coalesce(max(id), 0)::float8 as id from filings`);
  return Number(row?.id ?? 0);
}
