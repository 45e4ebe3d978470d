/** SQL of the public latency receipts: live detections in a window, per-channel delivery, worst cases, recall. */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

/**
 * Filings our detection layers found live (not backfilled history, not replayed old filings). Only
 * filings with an SEC acceptance time count: one stored without a recorded filing date
 * (details.filedDateUnknown, filed_at = its period end) never has one, so no period end is ever
 * measured as if EDGAR had accepted it then.
 */
const LIVE = sql.raw(`f.detected_via in ('feed', 'feed_deep', 'efts', 'submissions', 'daily_index')
  and f.accepted_at is not null and f.detected_at >= f.accepted_at - interval '1 minute'
  and f.detected_at < f.accepted_at + interval '7 days'`);

/**
 * Filings our detection layers found (not backfilled history), whatever their acceptance time:
 * detection -> delivery is ours to measure even for the replay's recorded old filings.
 */
const DETECTED = sql.raw(`f.detected_via in ('feed', 'feed_deep', 'efts', 'submissions', 'daily_index')`);

/** The channel as reported: development-outbox sends are deliveries too, shown apart and named so. */
const CHANNEL = sql.raw(`case when a.provider_message_id like 'outbox-%' then 'email_outbox'
  when a.provider_message_id like 'SMoutbox%' then 'sms_outbox' else a.channel end`);

export interface DetectionStats extends Record<string, unknown> {
  filings: number;
  p50_s: number | null;
  p95_s: number | null;
  by_layer: Record<string, number> | null;
}

export async function detectionStats(db: Db, { hours }: { hours: number }): Promise<DetectionStats> {
  const [row] = await db.execute<DetectionStats>(sql`
    with w as (
      select f.detected_via, extract(epoch from f.detected_at - f.accepted_at)::float8 as s
      from filings f where f.detected_at > now() - make_interval(hours => ${hours}) and ${LIVE}
    )
    select count(*)::int as filings,
      percentile_cont(0.5) within group (order by s) as p50_s,
      percentile_cont(0.95) within group (order by s) as p95_s,
      (select json_object_agg(detected_via, n) from (select detected_via, count(*)::int as n from w group by 1) x) as by_layer
    from w`);
  return row ?? { filings: 0, p50_s: null, p95_s: null, by_layer: null };
}

export interface ChannelStats extends Record<string, unknown> {
  channel: string;
  n: number;
  p50_s: number | null;
  p95_s: number | null;
}

/**
 * Detection -> delivered (decision 208): SMS at Twilio's 'delivered' status callback (the
 * carrier's receipt), email at the SMTP server's 250 acceptance (not inbox arrival), live pushes
 * at the first push to an open dashboard. Alerts delivered in the window.
 */
export async function deliveryStats(db: Db, { hours }: { hours: number }): Promise<ChannelStats[]> {
  return db.execute<ChannelStats>(sql`
    select ${CHANNEL} as channel, count(*)::int as n,
      percentile_cont(0.5) within group (order by extract(epoch from a.delivered_at - f.detected_at)) as p50_s,
      percentile_cont(0.95) within group (order by extract(epoch from a.delivered_at - f.detected_at)) as p95_s
    from alerts a join filings f on f.id = a.filing_id
    where a.channel in ('email', 'sms', 'push') and a.delivered_at > now() - make_interval(hours => ${hours}) and f.detected_at is not null and ${DETECTED}
    group by 1
    union all
    select 'live', count(*)::int,
      percentile_cont(0.5) within group (order by extract(epoch from p.pushed_at - f.detected_at)),
      percentile_cont(0.95) within group (order by extract(epoch from p.pushed_at - f.detected_at))
    from (select filing_id, min(pushed_at) as pushed_at from filing_pushes where pushed_at > now() - make_interval(hours => ${hours}) group by 1) p
    join filings f on f.id = p.filing_id where f.detected_at is not null and ${DETECTED}
    having count(*) > 0
    order by 1`);
}

export interface SentStats extends ChannelStats {
  /** Of these, how many have a delivered time, and how many the provider reported undelivered/failed. */
  delivered: number;
  not_delivered: number;
}

/** Detection -> sent (the provider took our request: SMTP 250, Twilio's 201), alerts sent in the window. */
export async function sentStats(db: Db, { hours }: { hours: number }): Promise<SentStats[]> {
  return db.execute<SentStats>(sql`
    select ${CHANNEL} as channel, count(*)::int as n,
      percentile_cont(0.5) within group (order by extract(epoch from a.sent_at - f.detected_at)) as p50_s,
      percentile_cont(0.95) within group (order by extract(epoch from a.sent_at - f.detected_at)) as p95_s,
      count(a.delivered_at)::int as delivered,
      count(*) filter (where a.provider_status in ('undelivered', 'failed', 'canceled'))::int as not_delivered
    from alerts a join filings f on f.id = a.filing_id
    where a.channel in ('email', 'sms', 'push') and a.sent_at > now() - make_interval(hours => ${hours}) and f.detected_at is not null and ${DETECTED}
    group by 1 order by 1`);
}

/** Acceptance -> detection counts per bucket (upper bounds in seconds; the last is open). */
export async function histogram(db: Db, { hours, edges }: { hours: number; edges: number[] }): Promise<number[]> {
  const [row] = await db.execute<{ counts: number[] }>(sql`
    select array(select count(f.id)::int from generate_subscripts(${sql.param(edges)}::float8[], 1) i
      left join filings f on f.detected_at > now() - make_interval(hours => ${hours}) and ${LIVE}
        and extract(epoch from f.detected_at - f.accepted_at) >= coalesce((${sql.param(edges)}::float8[])[i - 1], 0)
        and extract(epoch from f.detected_at - f.accepted_at) < (${sql.param(edges)}::float8[])[i]
      group by i order by i) as counts`);
  return row?.counts ?? [];
}

export interface WorstRow extends Record<string, unknown> {
  id: number;
  accession_no: string;
  ticker: string | null;
  company_name: string | null;
  form_type: string;
  accepted_at: string;
  listed_after: string | null;
  detected_at: string;
  stored_at: string;
  detected_via: string;
  seconds: number;
}

const iso = (col: string) => sql.raw(`to_char(${col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

export async function worst(db: Db, { hours, limit }: { hours: number; limit: number }): Promise<WorstRow[]> {
  return db.execute<WorstRow>(sql`
    select f.id::float8 as id, f.accession_no, f.ticker, f.company_name, f.form_type,
      ${iso('f.accepted_at')} as accepted_at, ${iso('f.feed_listed_after')} as listed_after,
      ${iso('f.detected_at')} as detected_at, ${iso('f.stored_at')} as stored_at, f.detected_via,
      extract(epoch from f.detected_at - f.accepted_at)::float8 as seconds
    from filings f where f.detected_at > now() - make_interval(hours => ${hours}) and ${LIVE}
    order by f.detected_at - f.accepted_at desc limit ${limit}`);
}

export interface RecallRow extends Record<string, unknown> {
  day: string;
  source: string;
  listed: number;
  detected_before: number;
  recall: number | null;
}

export async function recall(db: Db, { days }: { days: number }): Promise<RecallRow[]> {
  return db.execute<RecallRow>(sql`
    select to_char(day, 'YYYY-MM-DD') as day, source, listed, detected_before, recall::float8 as recall
    from edgar_reconciliations where day > current_date - ${days}::int order by day desc, source`);
}
