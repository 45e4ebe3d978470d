/** SQL of the daily digest: who is due, binding their entries to one digest row, and its content. */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { DELIVER_JOB_ATTEMPTS } from './alerts.config';
import { digestJob } from './alerts.jobs';
import { FILING_FIELDS, type FilingFields } from './delivery.repo';
import { NEW_YORK } from '#shared/calendar';
import { deliveryJobsSql, emailReachableSql, isProSql, phoneReachableSql } from './match.repo';
import { LIVE_SENDERS } from './sender-identity';
import { FALLBACK_TIME_ZONE } from './zoned-format';

export const DIGEST_TASK = digestJob.name;
/** Hours after the digest hour in which a missed digest still goes out that morning. */
export const DIGEST_WINDOW_HOURS = 3;

/**
 * Opens today's digest for every user whose local hour is within the window of their digest hour and who has
 * undelivered digest entries: one alert_digests row per user per local date (a second run the
 * same day finds the row and does nothing), entries bound to it, one job per digest.
 */
export async function openDueDigests(db: Db, { limit }: { limit: number }): Promise<number> {
  const rows = await db.execute<{ n: number }>(sql`
    with zones as (select name from pg_timezone_names),
    waiting as (
      select distinct a.user_id from alerts a
      where a.channel = 'digest' and a.status = 'queued' and a.digest_id is null
    ),
    local as (
      select u.id as user_id, u.digest_hour, now() at time zone coalesce(z.name, ${FALLBACK_TIME_ZONE}) as t
      from waiting w join users u on u.id = w.user_id left join zones z on z.name = u.time_zone
    ),
    -- Due in the morning window from the user's digest hour (DIGEST_WINDOW_HOURS, for a sweep or a
    -- server that was down at the hour); rows queued later wait for the next morning (issue 28: a
    -- digest went out at 10:14 PM because "after the hour" was all day).
    due as (
      select l.user_id, l.t::date as local_date from local l
      where extract(hour from l.t) >= l.digest_hour and extract(hour from l.t) < l.digest_hour + ${DIGEST_WINDOW_HOURS}
        and not exists (select 1 from alert_digests d where d.user_id = l.user_id and d.kind = 'digest' and d.local_date = l.t::date)
      limit ${limit}
    ),
    digests as (
      insert into alert_digests (user_id, local_date, alert_count)
      select d.user_id, d.local_date,
        (select count(*) from alerts a where a.user_id = d.user_id and a.channel = 'digest' and a.status = 'queued' and a.digest_id is null)
      from due d
      on conflict (user_id, kind, local_date) do nothing
      returning id, user_id
    ),
    bound as (
      update alerts a set digest_id = d.id, updated_at = now() from digests d
      where a.user_id = d.user_id and a.channel = 'digest' and a.status = 'queued' and a.digest_id is null
      returning a.id
    ),
    jobs as (
      select count(*)::int as n
      from (select 1 where exists (select 1 from digests)) go,
      lateral graphile_worker.add_jobs(array(
        select row(${DIGEST_TASK}::text, json_build_object('digestId', id), null::text, null::timestamptz,
          ${DELIVER_JOB_ATTEMPTS}::smallint, 'digest:' || id, null::smallint, null::text[])::graphile_worker.job_spec
        from digests
      )) j
    )
    select (select count(*) from digests)::int as n, (select n from jobs) as jobs`);
  return rows[0]?.n ?? 0;
}

/**
 * Opens the pre-market briefs whose time has come: every user's 'brief' rows due by now are bound
 * to one alert_digests row of kind 'brief' for that New York trading morning (unique per user and
 * morning, so concurrent sweeps make one), one job each. Rows due later stay for the next sweep.
 */
export async function openDueBriefs(db: Db, { limit }: { limit: number }): Promise<number> {
  const rows = await db.execute<{ n: number }>(sql`
    with due as (
      select a.user_id, (a.next_attempt_at at time zone ${NEW_YORK})::date as local_date, count(*)::int as n
      from alerts a
      where a.channel = 'brief' and a.status = 'queued' and a.digest_id is null and a.next_attempt_at <= now()
      group by 1, 2
      limit ${limit}
    ),
    digests as (
      insert into alert_digests (user_id, kind, local_date, alert_count)
      select d.user_id, 'brief', d.local_date, d.n from due d
      on conflict (user_id, kind, local_date) do nothing
      returning id, user_id, local_date
    ),
    bound as (
      update alerts a set digest_id = d.id, updated_at = now() from digests d
      where a.user_id = d.user_id and a.channel = 'brief' and a.status = 'queued' and a.digest_id is null
        and a.next_attempt_at <= now() and (a.next_attempt_at at time zone ${NEW_YORK})::date = d.local_date
      returning a.id
    ),
    jobs as (
      select count(*)::int as n
      from (select 1 where exists (select 1 from digests)) go,
      lateral graphile_worker.add_jobs(array(
        select row(${DIGEST_TASK}::text, json_build_object('digestId', id), null::text, null::timestamptz,
          ${DELIVER_JOB_ATTEMPTS}::smallint, 'digest:' || id, null::smallint, null::text[])::graphile_worker.job_spec
        from digests
      )) j
    )
    select (select count(*) from digests)::int as n, (select n from jobs) as jobs, (select count(*) from bound)::int as bound`);
  return rows[0]?.n ?? 0;
}

/**
 * Brief rows that fell due after their morning's brief was opened (a match that raced the opening,
 * or rows kept back across a change of brief time): each becomes an email sent at once, so nothing
 * waits for a brief that already went out and no second brief is opened for that morning.
 */
export async function releaseLateBriefRows(db: Db): Promise<number> {
  const rows = await db.execute<{ n: number }>(sql`
    with late as (
      update alerts a set channel = 'email', route = 'brief_sent', next_attempt_at = now(), updated_at = now()
      where a.channel = 'brief' and a.status = 'queued' and a.digest_id is null and a.next_attempt_at <= now()
        and exists (select 1 from alert_digests d where d.user_id = a.user_id and d.kind = 'brief'
          and d.local_date = (a.next_attempt_at at time zone ${NEW_YORK})::date)
        and not exists (select 1 from alerts e where e.user_id = a.user_id and e.filing_id = a.filing_id and e.channel = 'email')
      returning a.id
    ),
    ids as (select id from late),
    ${deliveryJobsSql()}
    select (select count(*) from late)::int as n`);
  return rows[0]?.n ?? 0;
}

/**
 * After a user changes their brief time (or turns the brief off): their held rows move to the new
 * time on the same morning, so one brief still carries them all; a time already passed (or the
 * brief turned off) makes them due now and the next sweep sends them.
 */
export async function rescheduleBriefRows(db: Db, { userId }: { userId: string }): Promise<number> {
  const rows = await db.execute(sql`
    update alerts a set updated_at = now(), next_attempt_at = case when u.brief_enabled
        then ((a.next_attempt_at at time zone ${NEW_YORK})::date + make_interval(mins => u.brief_minute::int)) at time zone ${NEW_YORK}
        else now() end
    from users u
    where u.id = ${userId}::uuid and a.user_id = u.id and a.channel = 'brief' and a.status = 'queued' and a.digest_id is null
    returning a.id`);
  return rows.length;
}

/** Digests no job will reach (their sender died, or their job was lost): queued again. */
export async function requeueOrphanDigests(db: Db, { overdueSeconds }: { overdueSeconds: number }): Promise<number> {
  const rows = await db.execute<{ id: number }>(sql`
    with ids as (
      select id from alert_digests
      where status in ('queued', 'sending')
        and ((claimed_by is not null and claimed_by not in ${LIVE_SENDERS})
          or (claimed_by is null and next_attempt_at < now() - make_interval(secs => ${overdueSeconds})))
      limit 1000
    )
    select ids.id::float8 as id from ids,
      lateral graphile_worker.add_job(${DIGEST_TASK}::text, json_build_object('digestId', ids.id),
        job_key => 'digest:' || ids.id, max_attempts => ${DELIVER_JOB_ATTEMPTS}::smallint) j`);
  return rows.length;
}

export interface DigestWork extends Record<string, unknown> {
  id: number;
  prev: 'queued' | 'sending';
  attempts: number;
  sending_at: Date | null;
  local_date: string;
  user_id: string;
  email: string | null;
  phone: string | null;
  brand: string;
  time_zone: string;
  reachable: boolean;
  /** A free user's digest goes by text when no email is reachable. */
  sms_reachable: boolean;
  kind: 'digest' | 'brief';
  pro: boolean;
  email_min_rank: number;
  sms_min_rank: number;
}

/** Leases one due digest for this sender (see leaseAlerts). */
export async function leaseDigest(db: Db, { id, me }: { id: number; me: number }): Promise<DigestWork | null> {
  const rows = await db.execute<DigestWork>(sql`
    with c as (
      select d.id, d.status as prev from alert_digests d
      where d.id = ${id} and d.status in ('queued', 'sending') and d.next_attempt_at <= now()
        and (d.claimed_by is null or d.claimed_by not in ${LIVE_SENDERS})
      for update of d skip locked
    )
    update alert_digests d set claimed_by = ${me}, updated_at = now()
    from c, users u
    where d.id = c.id and u.id = d.user_id
    returning d.id::float8 as id, c.prev, d.attempts, d.sending_at, d.local_date::text as local_date, d.user_id,
      u.email, u.brand, u.time_zone, d.kind, ${isProSql('u')} as pro, u.alert_min_rank_email as email_min_rank, u.alert_min_rank_sms as sms_min_rank,
      ${emailReachableSql('u')} and (case d.kind when 'brief' then true else u.digest_enabled end) as reachable,
      u.phone, d.kind = 'digest' and u.digest_enabled and not ${isProSql('u')} and ${phoneReachableSql('u')} as sms_reachable`);
  const row = rows[0];
  return row ? { ...row, id: Number(row.id), sending_at: row.sending_at ? new Date(row.sending_at) : null } : null;
}

export async function digestEntries(db: Db, { digestId }: { digestId: number }): Promise<FilingFields[]> {
  return db.execute<FilingFields>(sql`
    select ${FILING_FIELDS}
    from alerts a join filings f on f.id = a.filing_id
    where a.digest_id = ${digestId} and a.status = 'queued'`);
}

/** The digest's entries follow the digest's final state. */
export async function settleEntries(
  db: Db,
  {
    digestId,
    status,
    messageId,
    code,
  }: { digestId: number; status: 'sent' | 'cancelled' | 'dead'; messageId?: string; code?: string | null },
): Promise<void> {
  await db.execute(sql`
    update alerts a set status = ${status}, provider_message_id = ${messageId ?? null}, error_code = ${code ?? null},
      sent_at = case when ${status} = 'sent' then d.sent_at end, updated_at = now()
    from alert_digests d
    where d.id = ${digestId} and a.digest_id = d.id and a.status = 'queued'`);
}

/** The newest stored filings of listed companies, as a digest lists them: the admin preview's filings. */
export async function latestFilings(db: Db, { limit }: { limit: number }): Promise<FilingFields[]> {
  return db.execute<FilingFields>(sql`
    select ${FILING_FIELDS} from filings f
    where f.ticker is not null
    order by f.filed_at desc, f.id desc
    limit ${limit}`);
}
