/** SQL behind the admin views of alerts: dead letters, requeueing them, latency percentiles. */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { deliveryJobsSql } from './match.repo';

export interface DeadAlertRow extends Record<string, unknown> {
  id: number;
  channel: string;
  attempts: number;
  last_error: string | null;
  error_code: string | null;
  created_at: string;
  updated_at: string;
  user_id: string;
  email: string | null;
  phone: string | null;
  filing_id: number;
  ticker: string | null;
  form_type: string;
  importance: string;
  one_liner: string;
}

export async function listDead(
  db: Db,
  { limit, beforeId }: { limit: number; beforeId: number | null },
): Promise<DeadAlertRow[]> {
  return db.execute<DeadAlertRow>(sql`
    select a.id::float8 as id, a.channel, a.attempts, a.last_error, a.error_code, a.created_at, a.updated_at,
      a.user_id, u.email, u.phone, f.id::float8 as filing_id, f.ticker, f.form_type, f.importance, f.one_liner
    from alerts a join users u on u.id = a.user_id join filings f on f.id = a.filing_id
    where a.status = 'dead' and (${beforeId}::int8 is null or a.id < ${beforeId}::int8)
    order by a.id desc limit ${limit}`);
}

/** Dead alerts back to the queue with fresh attempts; digest entries wait for the next digest. */
export async function requeueDead(db: Db, { ids }: { ids: number[] }): Promise<number> {
  const rows = await db.execute<{ n: number }>(sql`
    with revived as (
      update alerts set status = 'queued', attempts = 0, next_attempt_at = now(), claimed_by = null, digest_id = null,
        last_error = null, error_code = null, updated_at = now()
      where id = any(${sql.param(ids)}::int8[]) and status = 'dead'
      returning id, channel
    ),
    ids as (select id from revived where channel <> 'digest'),
    ${deliveryJobsSql()}
    select (select count(*) from revived)::int as n, (select n from jobs) as jobs`);
  return rows[0]?.n ?? 0;
}

export interface Percentiles extends Record<string, unknown> {
  p50_ms: number | null;
  p95_ms: number | null;
  p99_ms: number | null;
}

const percentiles = (ms: SQL) => sql`
  percentile_cont(0.5) within group (order by ${ms}) as p50_ms,
  percentile_cont(0.95) within group (order by ${ms}) as p95_ms,
  percentile_cont(0.99) within group (order by ${ms}) as p99_ms`;
const millis = (from: string, to: string) => sql.raw(`extract(epoch from (${to} - ${from})) * 1000`);

export interface LatencyRow extends Record<string, unknown> {
  stage: string;
  channel: string;
  count: number;
  p50_ms: number | null;
  p95_ms: number | null;
  p99_ms: number | null;
}

/**
 * Percentiles per stage over alerts queued in the window: detected (our poller saw it) ->
 * stored (committed) -> queued (matched) -> sent (provider accepted); and stored -> pushed for
 * live dashboards (first push per filing and instance).
 */
export async function latency(db: Db, { hours }: { hours: number }): Promise<LatencyRow[]> {
  const stage = (name: string, from: string, to: string, where: string) => sql`
    select ${name}::text as stage, a.channel, count(*)::int as count, ${percentiles(millis(from, to))}
    from alerts a join filings f on f.id = a.filing_id
    where a.created_at > now() - make_interval(hours => ${hours}) and ${sql.raw(where)}
    group by a.channel`;
  return db.execute<LatencyRow>(sql`
    ${stage('detected_to_stored', 'f.detected_at', 'f.stored_at', 'f.detected_at is not null')}
    union all ${stage('stored_to_queued', 'f.stored_at', 'a.created_at', 'true')}
    union all ${stage('stored_to_sent', 'f.stored_at', 'a.sent_at', "a.sent_at is not null and a.channel <> 'digest'")}
    union all ${stage('detected_to_sent', 'f.detected_at', 'a.sent_at', "a.sent_at is not null and a.channel <> 'digest' and f.detected_at is not null")}
    union all
    select 'stored_to_pushed', 'live', count(*)::int, ${percentiles(millis('f.stored_at', 'p.pushed_at'))}
    from filing_pushes p join filings f on f.id = p.filing_id
    where p.pushed_at > now() - make_interval(hours => ${hours})
    order by 1, 2`);
}
