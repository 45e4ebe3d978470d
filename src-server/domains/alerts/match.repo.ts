/** SQL that turns one stored filing into alert rows and delivery jobs. */
import { sql, type SQL } from 'drizzle-orm';
import { PRO_ONLY_FORMS } from '../../core/forms';
import type { Db } from '../../db/client';
import { DELIVER_TASK, DELIVERY_CHUNK, DELIVER_JOB_ATTEMPTS } from './alerts.config';

/** core/plans.ts isPro in SQL (admin, or plan pro and active) for a `users` alias. */
export function isProSql(u: string): SQL {
  const t = sql.raw(u);
  return sql`(${t}.is_admin or (${t}.plan_type = 'pro' and ${t}.plan_status = 'active'))`;
}

/** A verified email the user asked alerts on. */
export function emailReachableSql(u: string): SQL {
  const t = sql.raw(u);
  return sql`(${t}.email is not null and ${t}.email_verified_at is not null and 'email' = any(${t}.notify_via))`;
}

/** A verified phone the user asked alerts on, that never replied STOP. */
export function phoneReachableSql(u: string): SQL {
  const t = sql.raw(u);
  return sql`(${t}.phone is not null and ${t}.phone_verified_at is not null and 'sms' = any(${t}.notify_via)
    and not exists (select 1 from sms_opt_outs o where o.phone = ${t}.phone))`;
}

/**
 * graphile-worker jobs for the alert ids a CTE named `ids` (column `id`) yields, up to
 * `DELIVERY_CHUNK` per job, in one add_jobs call; add_jobs is not called at all when there is nothing to send.
 * With a key prefix each chunk job is keyed by its first alert id, so a repeat replaces it.
 * graphile-worker runs numerically smaller priorities first.
 */
export function deliveryJobsSql({ keyPrefix, priority = 0 }: { keyPrefix?: string; priority?: number } = {}): SQL {
  return sql`
    chunks as (
      -- Grouped by id range (no sort): at most DELIVERY_CHUNK per job, fewer where ids have gaps.
      select json_build_object('alertIds', json_agg(id)) as payload, min(id) as first
      from ids group by id / ${DELIVERY_CHUNK}::int
    ),
    jobs as (
      select count(*)::int as n
      from (select 1 where exists (select 1 from chunks)) go,
      lateral graphile_worker.add_jobs(array(
        select row(${DELIVER_TASK}::text, payload, null::text, null::timestamptz, ${DELIVER_JOB_ATTEMPTS}::smallint,
          ${keyPrefix ?? null}::text || first, ${priority}::smallint, null::text[])::graphile_worker.job_spec
        from chunks
      )) j
    )`;
}

export interface MatchOutcome {
  /** False when another process (or an earlier call) already matched this filing. */
  claimed: boolean;
  alerts: number;
  jobs: number;
}

/**
 * The one statement of matching: claims the filing in alert_matches, finds every watchlist item
 * that follows one of the company's tickers (GOOG and GOOGL share a CIK) with the filing's
 * catalogue form, and inserts one row per reachable channel: PRO users get 'email'/'sms' above
 * their per-channel thresholds, free users with a verified email a 'digest' entry. Backfilled
 * history and untracked forms are claimed but alert nobody. Delivery jobs go in with the rows.
 */
export async function matchFiling(db: Db, { filingId }: { filingId: number }): Promise<MatchOutcome> {
  const rows = await db.execute<{ claimed: number; alerts: number; jobs: number | null }>(sql`
    with f as (
      select f.id, f.catalogue_form, f.importance_rank,
        f.catalogue_form is not null and coalesce(f.source, '') <> 'backfill' as alertable,
        array(select t.ticker from tickers t where t.cik = f.cik) || f.ticker as tickers
      from filings f where f.id = ${filingId}
    ),
    claim as (
      insert into alert_matches (filing_id) select id from f on conflict do nothing returning filing_id
    ),
    watchers as (
      select distinct w.user_id
      from claim cross join f
      join watchlist_items w on w.ticker = any(f.tickers)
      -- Paused items (over the limit after a downgrade) alert nobody until they resume.
      where f.alertable and f.catalogue_form = any(w.forms) and w.paused_at is null
    ),
    candidates as (
      select user_id, channel from (
        select u.id as user_id, array[
          case when ${isProSql('u')} and ${emailReachableSql('u')} and f.importance_rank >= u.alert_min_rank_email then 'email' end,
          case when ${isProSql('u')} and f.importance_rank >= u.alert_min_rank_sms and ${phoneReachableSql('u')} then 'sms' end,
          case when not ${isProSql('u')} and ${emailReachableSql('u')} and u.digest_enabled
            and f.importance_rank >= u.alert_min_rank_email
            and f.catalogue_form <> all(${sql.param([...PRO_ONLY_FORMS])}::text[]) then 'digest' end
        ] as channels
        from watchers w join users u on u.id = w.user_id cross join f
      ) x cross join lateral unnest(x.channels) channel
      where channel is not null
    ),
    -- Rows an earlier match left (only where its claim was removed by hand), read once: the filter
    -- below is a hash lookup that keeps the watchers' order (NOT EXISTS became a join that lost it). Not ON
    -- CONFLICT: its speculative insertion was 0.15 s of CPU per 100,000 rows, and the claim
    -- already serialises matchers of one filing; the unique index still stands guard.
    existing as materialized (
      select a.user_id, a.channel from claim join alerts a on a.filing_id = claim.filing_id
    ),
    inserted as (
      insert into alerts (user_id, filing_id, channel)
      select c.user_id, f.id, c.channel from candidates c cross join f
      where (c.user_id, c.channel) not in (select e.user_id, e.channel from existing e)
      -- In the unique index's order (watchers come sorted already): each insert is an append.
      order by c.user_id, c.channel
      returning id, channel
    ),
    ids as (select id from inserted where channel <> 'digest'),
    ${deliveryJobsSql()}
    select (select count(*) from claim)::int as claimed,
      (select count(*) from inserted)::int as alerts,
      (select n from jobs) as jobs`);
  const row = rows[0];
  return { claimed: (row?.claimed ?? 0) > 0, alerts: row?.alerts ?? 0, jobs: row?.jobs ?? 0 };
}

/** Recently stored filings nobody matched (stored while no listener ran), oldest first. */
export async function unmatchedFilingIds(db: Db, { withinHours, limit }: { withinHours: number; limit: number }): Promise<number[]> {
  const rows = await db.execute<{ id: number }>(sql`
    select f.id::float8 as id from filings f
    where f.stored_at > now() - make_interval(hours => ${withinHours})
      and not exists (select 1 from alert_matches m where m.filing_id = f.id)
    order by f.id limit ${limit}`);
  return rows.map((r) => Number(r.id));
}
