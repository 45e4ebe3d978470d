/** SQL that turns one stored filing into alert rows and delivery jobs. */
import { sql, type SQL } from 'drizzle-orm';
import { PRO_ONLY_FORMS } from '#shared/forms';
import type { Db } from '../../db/client';
import { NEW_YORK } from '#shared/calendar';
import { briefMorning } from '#shared/market-hours';
import { BURST_WINDOW_SECONDS, DELIVER_TASK, DELIVERY_CHUNK, DELIVER_JOB_ATTEMPTS } from './alerts.config';

/** core/plans.ts isPro in SQL (admin, or plan pro and active, or a running comp) for a `users` alias. */
export function isProSql(u: string): SQL {
  const t = sql.raw(u);
  return sql`(${t}.is_admin or (${t}.plan_type = 'pro' and ${t}.plan_status = 'active') or coalesce(${t}.comp_pro_until > now(), false))`;
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

/** A browser subscribed to web push (issue #31): subscribing is asking for it, the last one gone turns it off. */
export function pushReachableSql(u: string): SQL {
  const t = sql.raw(u);
  return sql`exists (select 1 from push_subscriptions p where p.user_id = ${t}.id)`;
}

/**
 * graphile-worker jobs for the alert ids a CTE named `ids` (column `id`) yields, up to
 * `DELIVERY_CHUNK` per job, in one add_jobs call; add_jobs is not called at all when there is nothing to send.
 * With a key prefix each chunk job is keyed by its first alert id, so a repeat replaces it.
 * graphile-worker runs numerically smaller priorities first, then the earliest run_at.
 * `yieldTail`: every chunk after the first runs at `priority + 1`, so a large match's tail (a
 * popular filing's 500 jobs) lets another filing's alerts, matched a moment later, go ahead of it
 * instead of queueing behind the whole burst; its first chunk still goes at once.
 */
export function deliveryJobsSql({
  keyPrefix,
  priority = 0,
  runAt,
  yieldTail = false,
}: {
  keyPrefix?: string;
  priority?: number;
  runAt?: SQL;
  yieldTail?: boolean;
} = {}): SQL {
  return sql`
    chunks as (
      -- Grouped by id range (no sort): at most DELIVERY_CHUNK per job, fewer where ids have gaps.
      select json_build_object('alertIds', json_agg(id)) as payload, min(id) as first,
        case when ${yieldTail}::boolean and row_number() over (order by min(id)) > 1 then 1 else 0 end as tail
      from ids group by id / ${DELIVERY_CHUNK}::int
    ),
    jobs as (
      select count(*)::int as n
      from (select 1 where exists (select 1 from chunks)) go,
      lateral graphile_worker.add_jobs(array(
        select row(${DELIVER_TASK}::text, payload, null::text, ${runAt ?? sql`null`}::timestamptz, ${DELIVER_JOB_ATTEMPTS}::smallint,
          ${keyPrefix ?? null}::text || first, (${priority} + tail)::smallint, null::text[])::graphile_worker.job_spec
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
 * Matching: the first watchers' rows and job go in first (matchFirstWatchers, committed on their
 * own), then the statement that claims the filing in alert_matches, finds every watchlist item
 * that follows one of the company's tickers (GOOG and GOOGL share a CIK) with the filing's
 * catalogue form, and inserts one row per channel the user's routing picks (core/routing.ts),
 * with the rule that picked it in `route`:
 * - PRO 'email' at or above the email threshold; 'brief' instead when the filing came between the
 *   close and 09:30 ET (`briefMorning`), it is not CRITICAL and the user's brief time is still ahead
 *   (route 'brief_sent' when that morning's brief already went out: the user moved their time past it);
 * - PRO 'sms' at or above the text threshold;
 * - PRO 'hook:<id>' for each enabled webhook at or above its threshold (else the email threshold);
 * - PRO 'push' at or above the push threshold, with a subscribed browser (never held for the brief:
 *   a lock-screen notice is what the trader asked for);
 * - 'digest': free users with a verified email or, failing that, a verified phone (sent as a text; at
 *   or above the email threshold, or everything when digest_below_threshold), and PRO users with
 *   digest_below_threshold for what is below it.
 * Backfilled history and untracked forms are claimed but alert nobody. Delivery jobs go in with the
 * rows; while the company is mid-burst (another filing stored in the last BURST_WINDOW_SECONDS)
 * non-CRITICAL real-time rows wait `burstGatherSeconds` so one message can name the burst's filings.
 */
export async function matchFiling(
  db: Db,
  { filingId, burstGatherSeconds = 0 }: { filingId: number; burstGatherSeconds?: number },
): Promise<MatchOutcome> {
  const first = await matchFirstWatchers(db, { filingId, burstGatherSeconds });
  // The first watchers' job went at once: the rest is all tail (it yields to other filings' first jobs).
  const rest = await matchStatement(db, { filingId, burstGatherSeconds, first: false, allTail: first.jobs > 0 });
  return { claimed: rest.claimed, alerts: first.alerts + rest.alerts, jobs: first.jobs + rest.jobs };
}

/**
 * The first DELIVERY_CHUNK watchers of a filing (by user id), with their delivery job, committed
 * before the rest are matched: a popular filing's 90,000 rows and 1,800 jobs take seconds to insert,
 * and its first alert waited for all of them (bench:fanout, decision 331). Not claimed: the filing
 * stays unmatched until matchFiling's second statement claims it with the rest, so a process that
 * dies in between leaves it to the next listener or the sweep (matchMissedFilings), whose match
 * skips these rows. Two processes running this at once insert each row once (on conflict do nothing).
 */
export async function matchFirstWatchers(
  db: Db,
  { filingId, burstGatherSeconds = 0 }: { filingId: number; burstGatherSeconds?: number },
): Promise<MatchOutcome> {
  return matchStatement(db, { filingId, burstGatherSeconds, first: true });
}

async function matchStatement(
  db: Db,
  {
    filingId,
    burstGatherSeconds,
    first,
    allTail = false,
  }: { filingId: number; burstGatherSeconds: number; first: boolean; allTail?: boolean },
): Promise<MatchOutcome> {
  const [head] = await db.execute<{ accepted_at: Date | null; filed_at: Date }>(
    sql`select accepted_at, filed_at from filings where id = ${filingId}`,
  );
  const morning = head ? briefMorning(new Date(head.accepted_at ?? head.filed_at)) : null;
  // The first watchers' statement claims nothing: its "claim" is the filing while nobody has claimed it.
  const claim = first
    ? sql`select f.id as filing_id from f where not exists (select 1 from alert_matches m where m.filing_id = f.id)`
    : sql`insert into alert_matches (filing_id) select id from f on conflict do nothing returning filing_id`;
  const rows = await db.execute<{ claimed: number; alerts: number; jobs: number | null }>(sql`
    with f as (
      select f.id, f.cik, f.catalogue_form, f.importance_rank,
        f.catalogue_form is not null and coalesce(f.source, '') <> 'backfill' as alertable,
        array(select t.ticker from tickers t where t.cik = f.cik) || f.ticker as tickers
      from filings f where f.id = ${filingId}
    ),
    claim as (${claim}),
    burst as (
      select case when ${burstGatherSeconds}::int > 0 and f.importance_rank < 4 and exists (
          select 1 from filings g where g.cik = f.cik and g.id <> f.id and g.stored_at > now() - make_interval(secs => ${BURST_WINDOW_SECONDS})
        ) then now() + make_interval(secs => ${burstGatherSeconds}::int) end as run_at
      from f
    ),
    watchers as (
      select distinct w.user_id
      from claim cross join f
      join watchlist_items w on w.ticker = any(f.tickers)
      -- Paused items (over the limit after a downgrade) alert nobody until they resume.
      where f.alertable and f.catalogue_form = any(w.forms) and w.paused_at is null
      ${first ? sql`order by w.user_id limit ${DELIVERY_CHUNK}::int` : sql``}
    ),
    routed as (
      select u.id as user_id, ${isProSql('u')} as pro, u.alert_min_rank_email as email_min,
        (${morning}::date + make_interval(mins => u.brief_minute::int)) at time zone ${NEW_YORK} as brief_at,
        -- This morning's brief already opened (the user moved their brief time past it): email at once.
        u.brief_enabled and not exists (select 1 from alert_digests d where d.user_id = u.id and d.kind = 'brief' and d.local_date = ${morning}::date) as brief_open,
        ${emailReachableSql('u')} as email_ok, u.brief_enabled, u.digest_enabled, u.digest_below_threshold,
        u.alert_min_rank_sms as sms_min, ${phoneReachableSql('u')} as sms_ok,
        u.alert_min_rank_push as push_min, ${pushReachableSql('u')} as push_ok
      from watchers w join users u on u.id = w.user_id
      -- An admin paused this user's alerts (/admin/users): no new alert rows until resumed.
      where u.alerts_paused_at is null
    ),
    candidates as (
      select user_id, channel,
        case channel when 'email' then case when brief_missed then 'brief_sent' else 'realtime_email' end when 'sms' then 'realtime_sms' when 'push' then 'realtime_push' when 'brief' then 'brief'
          else case when pro or rank < email_min then 'digest_below' else 'digest' end end as route,
        case channel when 'brief' then brief_at when 'digest' then now() else coalesce((select run_at from burst), now()) end as due
      from (
        select r.*, f.importance_rank as rank,
          f.importance_rank < 4 and r.brief_enabled and not r.brief_open and r.brief_at > now() as brief_missed, array[
          case when r.pro and r.email_ok and f.importance_rank >= r.email_min then
            case when f.importance_rank < 4 and r.brief_open and r.brief_at > now() then 'brief' else 'email' end end,
          case when r.pro and f.importance_rank >= r.sms_min and r.sms_ok then 'sms' end,
          case when r.pro and f.importance_rank >= r.push_min and r.push_ok then 'push' end,
          -- Free users reachable only by text get their digest as a text (the pricing page's "email or SMS digest").
          case when r.digest_enabled and (
            (not r.pro and (r.email_ok or r.sms_ok) and f.catalogue_form <> all(${sql.param([...PRO_ONLY_FORMS])}::text[])
              and (f.importance_rank >= r.email_min or r.digest_below_threshold))
            or (r.pro and r.email_ok and r.digest_below_threshold and f.importance_rank < r.email_min)) then 'digest' end
        ] as channels
        from routed r cross join f
      ) x cross join lateral unnest(x.channels) channel
      where channel is not null
      -- PRO webhooks (issue #31): each enabled hook is a real-time channel of its own, at or above
      -- its own threshold (or the email threshold), held in bursts like email.
      union all
      select r.user_id, 'hook:' || h.id, 'realtime_webhook', coalesce((select run_at from burst), now())
      from routed r cross join f join webhooks h on h.user_id = r.user_id and h.disabled_at is null
      where r.pro and f.importance_rank >= coalesce(h.min_rank, r.email_min)
    ),
    -- Rows an earlier match left (its first watchers, matchFirstWatchers, or a match whose claim
    -- was removed by hand), read once: the filter
    -- below is a hash lookup that keeps the watchers' order (NOT EXISTS became a join that lost it). Not ON
    -- CONFLICT: its speculative insertion was 0.15 s of CPU per 100,000 rows, and the claim
    -- already serialises matchers of one filing; the unique index still stands guard.
    existing as materialized (
      select a.user_id, a.channel from claim join alerts a on a.filing_id = claim.filing_id
    ),
    inserted as (
      insert into alerts (user_id, filing_id, channel, route, next_attempt_at)
      select c.user_id, f.id, c.channel, c.route, c.due from candidates c cross join f
      where (c.user_id, c.channel) not in (select e.user_id, e.channel from existing e)
      -- In the unique index's order (watchers come sorted already): each insert is an append.
      order by c.user_id, c.channel
      ${first ? sql`on conflict do nothing` : sql``}
      returning id, channel
    ),
    ids as (select id from inserted where channel in ('email', 'sms', 'push') or channel like 'hook:%'),
    ${deliveryJobsSql({ runAt: sql`(select run_at from burst)`, yieldTail: !first && !allTail, priority: allTail ? 1 : 0 })}
    select (select count(*) from claim)::int as claimed,
      (select count(*) from inserted)::int as alerts,
      (select n from jobs) as jobs`);
  const row = rows[0];
  return { claimed: !first && (row?.claimed ?? 0) > 0, alerts: row?.alerts ?? 0, jobs: row?.jobs ?? 0 };
}

/** Recently stored filings nobody matched (stored while no listener ran), oldest first. */
export async function unmatchedFilingIds(
  db: Db,
  { withinHours, limit }: { withinHours: number; limit: number },
): Promise<number[]> {
  const rows = await db.execute<{ id: number }>(sql`
    select f.id::float8 as id from filings f
    where f.stored_at > now() - make_interval(hours => ${withinHours})
      and not exists (select 1 from alert_matches m where m.filing_id = f.id)
    order by f.id limit ${limit}`);
  return rows.map((r) => Number(r.id));
}
