import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { isProSql } from '../alerts/match.repo';

const one = async <T extends Record<string, unknown>>(db: Db, query: ReturnType<typeof sql>) =>
  (await db.execute<T>(query))[0]!;

/** EDGAR: the last request granted by the shared budget, its pause, the last filing stored, lag from acceptance. */
export function ingestion(db: Db) {
  return one<{
    last_request_at: Date | null;
    paused_until: Date | null;
    pause_reason: string | null;
    last_stored_at: Date | null;
    last_detected_at: Date | null;
    stored_24h: number;
    lag_p50_s: number | null;
    lag_p95_s: number | null;
  }>(
    db,
    sql`
    select
      (select max(x) from edgar_budget b, unnest(b.recent) x) as last_request_at,
      (select paused_until from edgar_budget where id = 1 and paused_until > now()) as paused_until,
      (select pause_reason from edgar_budget where id = 1 and paused_until > now()) as pause_reason,
      (select max(stored_at) from filings) as last_stored_at,
      (select max(detected_at) from filings where detected_via is not null and detected_via <> 'backfill') as last_detected_at,
      (select count(*)::int from filings where stored_at > now() - interval '24 hours') as stored_24h,
      l.p50 as lag_p50_s, l.p95 as lag_p95_s
    from (
      select percentile_cont(0.5) within group (order by s)::float8 as p50, percentile_cont(0.95) within group (order by s)::float8 as p95
      from (select extract(epoch from stored_at - accepted_at) as s from filings
            where stored_at > now() - interval '24 hours' and accepted_at is not null and coalesce(detected_via, '') <> 'backfill') d
    ) l`,
  );
}

/** The job queue: ready, running, scheduled and failed (out of attempts), with the tasks that fail. */
export async function queue(db: Db) {
  const exists = await one<{ ok: boolean }>(db, sql`select to_regclass('graphile_worker.jobs') is not null as ok`);
  if (!exists.ok)
    return { ready: 0, running: 0, scheduled: 0, failed: 0, failedByTask: [] as { task: string; n: number }[] };
  const totals = await one<{ ready: number; running: number; scheduled: number; failed: number }>(
    db,
    sql`
    select count(*) filter (where attempts < max_attempts and locked_at is null and run_at <= now())::int as ready,
      count(*) filter (where attempts < max_attempts and locked_at is not null)::int as running,
      count(*) filter (where attempts < max_attempts and locked_at is null and run_at > now())::int as scheduled,
      count(*) filter (where attempts >= max_attempts)::int as failed
    from graphile_worker.jobs`,
  );
  const failedByTask = await db.execute<{ task: string; n: number }>(sql`
    select task_identifier as task, count(*)::int as n from graphile_worker.jobs
    where attempts >= max_attempts group by 1 order by 2 desc limit 10`);
  return { ...totals, failedByTask: [...failedByTask] };
}

/** Dead letters: alerts and digests out of attempts, Stripe events that keep failing. */
export function deadLetters(db: Db) {
  return one<{ alerts: number; digests: number; stripe_events: number }>(
    db,
    sql`
    select (select count(*)::int from alerts where status = 'dead') as alerts,
      (select count(*)::int from alert_digests where status = 'dead') as digests,
      (select count(*)::int from stripe_events where processed_at is null and last_error is not null) as stripe_events`,
  );
}

/** Accounts: every user row, the verified ones, PRO (any reason), paid subscriptions and their add-on packs. */
export function userCounts(db: Db) {
  return one<{ total: number; verified: number; pro: number; paying: number; addon_packs: number; comped: number }>(
    db,
    sql`
    select count(*)::int as total,
      count(*) filter (where (email is not null and email_verified_at is not null) or (phone is not null and phone_verified_at is not null))::int as verified,
      count(*) filter (where ${isProSql('u')})::int as pro,
      count(*) filter (where billing_status in ('active', 'past_due'))::int as paying,
      coalesce(sum(addon_packs) filter (where billing_status in ('active', 'past_due')), 0)::int as addon_packs,
      count(*) filter (where comp_pro_until > now())::int as comped
    from users u`,
  );
}

/** The newest failures anywhere: job errors, dead alerts, failing Stripe events. */
export async function recentErrors(db: Db, params: { limit: number }) {
  const jobs = await one<{ ok: boolean }>(db, sql`select to_regclass('graphile_worker.jobs') is not null as ok`);
  return db.execute<{ source: string; what: string; error: string; at: Date }>(sql`
    select * from (
      ${jobs.ok ? sql`select 'job' as source, task_identifier as what, left(last_error, 300) as error, updated_at as at from graphile_worker.jobs where last_error is not null union all` : sql``}
      select 'alert' as source, channel || ' alert ' || id as what, left(coalesce(last_error, error_code, 'dead'), 300) as error, updated_at as at from alerts where status = 'dead'
      union all
      select 'stripe' as source, type || ' ' || id as what, left(last_error, 300) as error, received_at as at from stripe_events where last_error is not null
    ) e order by at desc limit ${params.limit}`);
}

/** Alerts sent in the last 24 hours by channel (real-time email and SMS), and digest or brief emails sent. */
export function sentLast24h(db: Db) {
  return one<{ email: number; sms: number; digests: number }>(
    db,
    sql`
    select (select count(*)::int from alerts where channel = 'email' and sent_at > now() - interval '24 hours') as email,
      (select count(*)::int from alerts where channel = 'sms' and sent_at > now() - interval '24 hours') as sms,
      (select count(*)::int from alert_digests where status = 'sent' and sent_at > now() - interval '24 hours') as digests`,
  );
}
