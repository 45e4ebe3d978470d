/** SQL of the periodic-report deadline watch. */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { emailReachableSql, isProSql } from '../alerts/match.repo';

export interface LastReportRow extends Record<string, unknown> {
  cik: number;
  form_type: string;
  period_end: string;
  filer_category: string;
  fiscal_year_end: string | null;
  name: string;
  /** New York date the first watcher added the company: the app has watched its filings since. */
  watched_since: string;
}

/** The New York date since which the app has watched company `cik` (its first watchlist entry), as SQL. */
const watchedSinceSql = (cik: ReturnType<typeof sql.raw> | ReturnType<typeof sql>) => sql`(
  select (min(w.created_at) at time zone 'America/New_York')::date
  from tickers t join watchlist_items w on w.ticker = t.ticker where t.cik = ${cik})`;

/** Each watched company with a filer category: its newest 10-Q/10-K (not amended) with a period. */
export async function lastReports(db: Db): Promise<LastReportRow[]> {
  return db.execute<LastReportRow>(sql`
    select c.cik, c.filer_category, c.fiscal_year_end, c.name, r.form_type, r.period_end,
      ${watchedSinceSql(sql`c.cik`)}::text as watched_since
    from companies c
    cross join lateral (
      select upper(f.form_type) as form_type, f.period_of_report::text as period_end from filings f
      where f.cik = c.cik and upper(f.form_type) in ('10-Q', '10-K') and f.period_of_report is not null
      order by f.period_of_report desc limit 1
    ) r
    where c.filer_category is not null
      and exists (select 1 from tickers t join watchlist_items w on w.ticker = t.ticker where t.cik = c.cik)`);
}

export async function openDeadline(
  db: Db,
  d: { cik: number; form: string; periodEnd: string; dueOn: string; filerStatus: string },
): Promise<void> {
  await db.execute(sql`
    insert into report_deadlines (cik, form, period_end, due_on, filer_status)
    values (${d.cik}, ${d.form}, ${d.periodEnd}::date, ${d.dueOn}::date, ${d.filerStatus})
    on conflict (cik, form, period_end) do nothing`);
}

/** Deadlines whose report arrived (same form, that period or later) are closed; an NT notice for the period extends one. */
export async function settleDeadlines(
  db: Db,
): Promise<{ filed: number; extended: { id: number; form: string; period_end: string; filer_status: string }[] }> {
  const filed = await db.execute(sql`
    update report_deadlines d set status = 'filed', report_filing_id = x.filing_id, updated_at = now()
    from (
      select o.id, (select f.id from filings f
        where f.cik = o.cik and upper(f.form_type) in (o.form, o.form || '/A') and f.period_of_report >= o.period_end
        order by f.filed_at limit 1) as filing_id
      from report_deadlines o where o.status in ('open', 'overdue')
    ) x
    where d.id = x.id and x.filing_id is not null
    returning d.id`);
  const extended = await db.execute<{ id: number; form: string; period_end: string; filer_status: string }>(sql`
    update report_deadlines d set notice_filing_id = x.filing_id, updated_at = now()
    from (
      select o.id, (select f.id from filings f
        where f.cik = o.cik and upper(f.form_type) = 'NT ' || o.form and f.filed_at::date > o.period_end
        order by f.filed_at limit 1) as filing_id
      from report_deadlines o where o.status in ('open', 'overdue') and o.notice_filing_id is null
    ) x
    where d.id = x.id and x.filing_id is not null
    returning d.id::float8 as id, d.form, d.period_end::text as period_end, d.filer_status`);
  return { filed: filed.length, extended: [...extended] };
}

export async function extendDeadline(db: Db, { id, dueOn }: { id: number; dueOn: string }): Promise<void> {
  await db.execute(
    sql`update report_deadlines set due_on = ${dueOn}::date, status = 'open', overdue_at = null, updated_at = now() where id = ${id}`,
  );
}

export interface OverdueRow extends Record<string, unknown> {
  id: number;
  cik: number;
  form: string;
  period_end: string;
  due_on: string;
  name: string;
  ticker: string | null;
}

/**
 * Open deadlines whose due date is before `today` (New York): marked overdue, once. Only deadlines
 * due since the company was first watched: a report due before the app watched it was never
 * looked for, so its absence from the store says nothing.
 */
export async function markOverdue(db: Db, { today }: { today: string }): Promise<OverdueRow[]> {
  return db.execute<OverdueRow>(sql`
    update report_deadlines d set status = 'overdue', overdue_at = now(), updated_at = now()
    from companies c
    where c.cik = d.cik and d.status = 'open' and d.due_on < ${today}::date
      and d.due_on >= ${watchedSinceSql(sql`d.cik`)}
    returning d.id::float8 as id, d.cik, d.form, d.period_end::text as period_end, d.due_on::text as due_on, coalesce(c.display_name, c.name) as name,
      (select t.ticker from tickers t where t.cik = d.cik order by t.rank nulls last limit 1) as ticker`);
}

export interface NoticeTarget extends Record<string, unknown> {
  user_id: string;
  email: string;
  brand: string;
  time_zone: string;
  ticker: string;
}

/** PRO watchers of the company following the form, with a reachable email, not told yet. */
export async function noticeTargets(
  db: Db,
  { deadlineId, cik, form }: { deadlineId: number; cik: number; form: string },
): Promise<NoticeTarget[]> {
  return db.execute<NoticeTarget>(sql`
    select distinct on (u.id) u.id as user_id, u.email, u.brand, u.time_zone, w.ticker
    from tickers t join watchlist_items w on w.ticker = t.ticker join users u on u.id = w.user_id
    where t.cik = ${cik} and ${form} = any(w.forms) and ${isProSql('u')} and ${emailReachableSql('u')}
      and not exists (select 1 from deadline_notices n where n.deadline_id = ${deadlineId} and n.user_id = u.id)
    order by u.id`);
}

export async function recordNotice(
  db: Db,
  { deadlineId, userId, messageId }: { deadlineId: number; userId: string; messageId: string },
): Promise<void> {
  await db.execute(sql`
    insert into deadline_notices (deadline_id, user_id, provider_message_id) values (${deadlineId}, ${userId}, ${messageId})
    on conflict (deadline_id, user_id) do nothing`);
}

/** Overdue deadlines whose watchers were not all told (a crash between marking and sending). */
export async function overdueUntold(db: Db): Promise<OverdueRow[]> {
  return db.execute<OverdueRow>(sql`
    select d.id::float8 as id, d.cik, d.form, d.period_end::text as period_end, d.due_on::text as due_on, coalesce(c.display_name, c.name) as name,
      (select t.ticker from tickers t where t.cik = d.cik order by t.rank nulls last limit 1) as ticker
    from report_deadlines d join companies c on c.cik = d.cik
    where d.status = 'overdue' and d.overdue_at > now() - interval '3 days'`);
}

/** A company's open or overdue deadlines (ticker page). */
export async function companyDeadlines(db: Db, { cik }: { cik: number }) {
  return db.execute<{
    id: number;
    form: string;
    period_end: string;
    due_on: string;
    status: string;
    notice_filing_id: number | null;
  }>(sql`
    select id::float8 as id, form, period_end::text as period_end, due_on::text as due_on, status, notice_filing_id::float8 as notice_filing_id
    from report_deadlines where cik = ${cik} and status in ('open', 'overdue') order by due_on`);
}
