/** SQL of the delivery state machine, shared by real-time alerts and digests (same columns). */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { readableCompanyName } from '../../edgar-model/company-name';
import type { FilingDetail } from '../../edgar-model/parse/types';
import type { FilingFacts } from './alert-messages';
import { BURST_BUNDLE_SECONDS } from './alerts.config';
import { statusRankSql } from './delivery-receipts.repo';
import { deliveryJobsSql, emailReachableSql, isProSql, phoneReachableSql, pushReachableSql } from './match.repo';
import { LIVE_SENDERS } from './sender-identity';

export type DeliveryTable = 'alerts' | 'alert_digests';
const T = (table: DeliveryTable) => sql.identifier(table);

/** The filing columns a message needs, as the delivery queries return them. */
export interface FilingFields extends Record<string, unknown> {
  filing_id: number;
  ticker: string | null;
  company_name: string | null;
  form_type: string;
  importance: string;
  reasons: string[];
  one_liner: string;
  summary: string | null;
  link: string | null;
  filed_at: Date;
  accepted_at: Date | null;
  detected_at: Date | null;
  detected_via: string | null;
  items: string[] | null;
  details: FilingDetail | null;
}

/** The company as its own cover writes it when a stored filing gave that (companies.display_name), else the feed's. */
export const FILING_FIELDS = sql`f.id::float8 as filing_id, f.ticker,
  coalesce((select c.display_name from companies c where c.cik = f.cik), f.company_name) as company_name, f.form_type, f.importance, f.reasons,
  f.one_liner, f.summary_text as summary, coalesce(f.primary_doc_url, f.index_url) as link, f.filed_at, f.accepted_at, f.detected_at, f.detected_via, f.items, f.details`;

export function filingFacts(row: FilingFields): FilingFacts {
  return {
    filingId: Number(row.filing_id),
    ticker: row.ticker,
    // EDGAR's capitals made readable ("LIVENT CORP" -> "Livent Corp.") when no cover gave the company's own writing.
    companyName: row.company_name ? readableCompanyName(row.company_name) : null,
    formType: row.form_type,
    importance: row.importance,
    reasons: Array.isArray(row.reasons) ? row.reasons : [],
    oneLiner: row.one_liner,
    summary: row.summary,
    link: row.link,
    filedAt: new Date(row.filed_at),
    acceptedAt: row.accepted_at ? new Date(row.accepted_at) : null,
    detectedAt: row.detected_at ? new Date(row.detected_at) : null,
    detectedVia: row.detected_via,
    items: row.items,
    details: row.details,
  };
}

/** One leased alert with what its message needs. */
export interface AlertWork extends FilingFields {
  id: number;
  /** 'hook:<webhook id>' for a webhook (issue #31). */
  channel: 'email' | 'sms' | 'push' | `hook:${string}`;
  /** 'sending': a send may already have gone out (its sender died): reconcile first. */
  prev: 'queued' | 'sending';
  attempts: number;
  sending_at: Date | null;
  user_id: string;
  email: string | null;
  phone: string | null;
  brand: string;
  time_zone: string;
  quiet_start_minute: number | null;
  quiet_end_minute: number | null;
  pro: boolean;
  reachable: boolean;
  above_threshold: boolean;
  route: string | null;
  email_min_rank: number;
  sms_min_rank: number;
  push_min_rank: number;
  cik: number | null;
}

/** The webhook of an alert row `a` whose channel is `hook:<id>` (the user's own; issue #31), selecting `what`. */
const hookOf = (what: ReturnType<typeof sql>) =>
  sql`select ${what} from webhooks h where h.user_id = a.user_id and h.id::text = substr(a.channel, 6)`;

/**
 * Leases the due alerts among `ids` for this sender: queued ones no live sender holds, and
 * 'sending' ones whose sender is gone. Rows locked by a concurrent lease are skipped.
 */
export async function leaseAlerts(db: Db, { ids, me }: { ids: number[]; me: number }): Promise<AlertWork[]> {
  const rows = await db.execute<AlertWork>(sql`
    with c as (
      select a.id, a.status as prev from alerts a
      where a.id = any(${sql.param(ids)}::int8[]) and (a.channel in ('email', 'sms', 'push') or a.channel like 'hook:%')
        and a.status in ('queued', 'sending') and a.next_attempt_at <= now()
        and (a.claimed_by is null or a.claimed_by not in ${LIVE_SENDERS})
      for update of a skip locked
    )
    update alerts a set claimed_by = ${me}, updated_at = now()
    from c, users u, filings f
    where a.id = c.id and u.id = a.user_id and f.id = a.filing_id
    returning a.id::float8 as id, a.channel, c.prev, a.attempts, a.sending_at, a.user_id,
      u.email, u.phone, u.brand, u.time_zone, u.quiet_start_minute, u.quiet_end_minute,
      ${isProSql('u')} as pro,
      case when a.channel = 'email' then ${emailReachableSql('u')} when a.channel = 'sms' then ${phoneReachableSql('u')}
        when a.channel = 'push' then ${pushReachableSql('u')}
        else exists (${hookOf(sql`1`)} and h.disabled_at is null) end as reachable,
      f.importance_rank >= case a.channel when 'email' then u.alert_min_rank_email when 'sms' then u.alert_min_rank_sms
        when 'push' then u.alert_min_rank_push
        else coalesce((${hookOf(sql`h.min_rank`)}), u.alert_min_rank_email) end as above_threshold,
      a.route, u.alert_min_rank_email as email_min_rank, u.alert_min_rank_sms as sms_min_rank,
      u.alert_min_rank_push as push_min_rank, f.cik,
      ${FILING_FIELDS}`);
  return rows.map((r) => ({ ...r, id: Number(r.id), sending_at: r.sending_at ? new Date(r.sending_at) : null }));
}

export type BurstRow = FilingFields & { alert_id: number };

/**
 * A burst: the user's other queued alerts on the same channel for filings of the same company
 * stored within BURST_BUNDLE_SECONDS of the lead's, leased to this sender so their own jobs skip
 * them. They are sent inside the lead's message and settled with it (markBurstSent).
 */
export async function leaseBurst(db: Db, { lead, me }: { lead: AlertWork; me: number }): Promise<BurstRow[]> {
  if (lead.cik == null) return [];
  const rows = await db.execute<FilingFields & { alert_id: number }>(sql`
    with lead as (select stored_at from filings where id = ${lead.filing_id}),
    c as (
      select a.id from alerts a join filings f on f.id = a.filing_id, lead
      where a.user_id = ${lead.user_id} and a.channel = ${lead.channel} and a.id <> ${lead.id}
        and a.status = 'queued' and a.burst_lead_id is null
        and (a.claimed_by is null or a.claimed_by not in ${LIVE_SENDERS})
        and f.cik = ${lead.cik}
        and f.stored_at between lead.stored_at - make_interval(secs => ${BURST_BUNDLE_SECONDS}) and lead.stored_at + make_interval(secs => ${BURST_BUNDLE_SECONDS})
      order by a.id limit 20
      for update of a skip locked
    )
    update alerts a set claimed_by = ${me}, updated_at = now()
    from c, filings f
    where a.id = c.id and f.id = a.filing_id
    returning a.id::float8 as alert_id, ${FILING_FIELDS}`);
  return rows.map((r) => ({ ...r, alert_id: Number(r.alert_id) }));
}

/**
 * Of these queued leads, the ones that may have a burst to name (another queued alert of the user
 * on the same channel for a filing of the same company within BURST_BUNDLE_SECONDS, no live sender
 * holding it): one statement for a whole delivery job, so a popular filing's 200 leads do not make
 * 200 look-ups that find nothing. The leads it names are sent one by one with leaseBurst as before.
 */
export async function leadsWithBurst(db: Db, { leads }: { leads: AlertWork[] }): Promise<Set<number>> {
  const withCik = leads.filter((l) => l.cik != null);
  if (withCik.length === 0) return new Set();
  const rows = await db.execute<{ id: number }>(sql`
    select l.id::float8 as id
    from unnest(${sql.param(withCik.map((l) => l.id))}::int8[], ${sql.param(withCik.map((l) => l.user_id))}::uuid[],
      ${sql.param(withCik.map((l) => l.channel))}::text[], ${sql.param(withCik.map((l) => Number(l.filing_id)))}::int8[]) as l(id, user_id, channel, filing_id)
    join filings lf on lf.id = l.filing_id
    where exists (
      select 1 from alerts a join filings f on f.id = a.filing_id
      where a.user_id = l.user_id and a.channel = l.channel and a.id <> l.id
        and a.status = 'queued' and a.burst_lead_id is null
        and (a.claimed_by is null or a.claimed_by not in ${LIVE_SENDERS})
        and f.cik = lf.cik
        and f.stored_at between lf.stored_at - make_interval(secs => ${BURST_BUNDLE_SECONDS}) and lf.stored_at + make_interval(secs => ${BURST_BUNDLE_SECONDS}))`);
  return new Set(rows.map((r) => Number(r.id)));
}

/** What the provider said at once: for email the SMTP server's 250 (delivered = accepted by it). */
export interface Receipt {
  status: string;
  response: string | null;
  /** Counts as delivered (the SMTP server's acceptance), at the instant it is recorded, with sent_at. */
  delivered: boolean;
}

/** The alerts table's receipt columns for a send's answer (alerts only: digests carry none). */
const receiptSet = (receipt: Receipt | null | undefined) => {
  if (!receipt) return sql``;
  // A status callback that beat this update (Twilio answers, then calls back, before the SID is
  // stored) already moved the row further: keep it.
  const ahead = sql`${statusRankSql(sql`provider_status`)} > ${statusRankSql(sql`${receipt.status}::text`)}`;
  return sql`, provider_status = case when ${ahead} then provider_status else ${receipt.status} end,
      provider_status_at = case when ${ahead} then provider_status_at else now() end,
      provider_response = case when ${ahead} then provider_response else ${receipt.response} end,
      delivered_at = coalesce(delivered_at, case when ${receipt.delivered}::boolean then now() end)`;
};

/** The burst's alerts went out inside the lead's message. */
export async function markBurstSent(
  db: Db,
  {
    ids,
    leadId,
    me,
    messageId,
    receipt,
  }: { ids: number[]; leadId: number; me: number; messageId: string; receipt?: Receipt | null },
): Promise<void> {
  if (ids.length === 0) return;
  await db.execute(sql`
    update alerts set status = 'sent', provider_message_id = ${messageId}, burst_lead_id = ${leadId}, sent_at = now(),
      claimed_by = null, updated_at = now() ${receiptSet(receipt)}
    where id = any(${sql.param(ids)}::int8[]) and claimed_by = ${me}`);
}

/** queued/sending -> sending, one more attempt; false when this sender no longer holds the row. */
export async function markSending(
  db: Db,
  { table, id, me }: { table: DeliveryTable; id: number; me: number },
): Promise<number | null> {
  const rows = await db.execute<{ attempts: number }>(sql`
    update ${T(table)} set status = 'sending', attempts = attempts + 1, sending_at = now(), updated_at = now()
    where id = ${id} and claimed_by = ${me} and status in ('queued', 'sending')
    returning attempts`);
  return rows[0]?.attempts ?? null;
}

/**
 * markSending for a group sent together: one more attempt each, committed before the provider is
 * called. The attempts of the rows this sender still holds (a missing id lost its lease).
 */
export async function markSendingMany(
  db: Db,
  { ids, me }: { ids: number[]; me: number },
): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db.execute<{ id: number; attempts: number }>(sql`
    update alerts set status = 'sending', attempts = attempts + 1, sending_at = now(), updated_at = now()
    where id = any(${sql.param(ids)}::int8[]) and claimed_by = ${me} and status in ('queued', 'sending')
    returning id::float8 as id, attempts`);
  return new Map(rows.map((r) => [Number(r.id), Number(r.attempts)]));
}

export interface SentRow {
  id: number;
  messageId: string;
  receipt: Receipt | null;
}

/** markSent (alerts, with their receipts) for a group sent together, in one statement. */
export async function markSentMany(db: Db, { rows, me }: { rows: SentRow[]; me: number }): Promise<void> {
  if (rows.length === 0) return;
  const given = rows.map((r) => ({
    id: r.id,
    message_id: r.messageId,
    status: r.receipt?.status ?? null,
    response: r.receipt?.response ?? null,
    delivered: r.receipt?.delivered ?? false,
  }));
  // As receiptSet, per row: a status callback that beat this update keeps its later status.
  const ahead = sql`(r.status is not null and ${statusRankSql(sql`a.provider_status`)} > ${statusRankSql(sql`r.status`)})`;
  await db.execute(sql`
    update alerts a set status = 'sent', provider_message_id = r.message_id, sent_at = now(),
      claimed_by = null, last_error = null, error_code = null, updated_at = now(),
      provider_status = case when r.status is null or ${ahead} then a.provider_status else r.status end,
      provider_status_at = case when r.status is null or ${ahead} then a.provider_status_at else now() end,
      provider_response = case when r.status is null or ${ahead} then a.provider_response else r.response end,
      delivered_at = coalesce(a.delivered_at, case when r.delivered then now() end)
    from jsonb_to_recordset(${JSON.stringify(given)}::jsonb)
      as r(id int8, message_id text, status text, response text, delivered boolean)
    where a.id = r.id and a.claimed_by = ${me}`);
}

export async function markSent(
  db: Db,
  {
    table,
    id,
    me,
    messageId,
    sentAt,
    receipt,
  }: {
    table: DeliveryTable;
    id: number;
    me: number;
    messageId: string;
    sentAt?: Date | null;
    receipt?: Receipt | null;
  },
): Promise<void> {
  if (receipt && table !== 'alerts') throw new Error('only alerts carry delivery receipts');
  await db.execute(sql`
    update ${T(table)} set status = 'sent', provider_message_id = ${messageId},
      sent_at = coalesce(${sentAt?.toISOString() ?? null}::timestamptz, now()),
      claimed_by = null, last_error = null, error_code = null, updated_at = now() ${receiptSet(receipt)}
    where id = ${id} and claimed_by = ${me}`);
}

export type EndState =
  /** 'sending' with no sender: a send may have gone out, the next attempt reconciles first. */
  | { status: 'queued' | 'sending'; at: Date; error?: string | null; code?: string | null }
  | { status: 'dead' | 'cancelled'; error?: string | null; code: string | null };

/** Back to the queue (retry, quiet hours, settle wait) or to a final failed/cancelled state. */
export async function release(
  db: Db,
  { table, id, me, state }: { table: DeliveryTable; id: number; me: number; state: EndState },
): Promise<void> {
  const next = 'at' in state ? sql`${state.at.toISOString()}::timestamptz` : sql`next_attempt_at`;
  await db.execute(sql`
    update ${T(table)} set status = ${state.status}, claimed_by = null, next_attempt_at = ${next},
      last_error = ${state.error ?? null}, error_code = ${state.code ?? null}, updated_at = now()
    where id = ${id} and claimed_by = ${me}`);
}

/** Gives back leased alerts this job did not get to (they stay queued for the next one). */
export async function releaseLeases(db: Db, { ids, me }: { ids: number[]; me: number }): Promise<void> {
  if (ids.length === 0) return;
  await db.execute(sql`
    update alerts set claimed_by = null, updated_at = now()
    where id = any(${sql.param(ids)}::int8[]) and claimed_by = ${me} and status = 'queued'`);
}

/**
 * Rows this (live) sender left in 'sending' outside any running send: open them to reconciliation.
 * Also queued rows it leased and never gave back (the release failed, e.g. the database dropped its
 * connections; the sender keeps its id across that, so no other process would take them).
 */
export async function unclaimStuck(
  db: Db,
  { table, me, inFlight }: { table: DeliveryTable; me: number; inFlight: ReadonlySet<string> },
): Promise<number> {
  // The database's clock before the marks are read: a lease that starts after the read is not in
  // them, and may commit before the UPDATE below runs (which may first wait for a pooled
  // connection); it stamped its rows' updated_at later than this, so they are left alone. A lease
  // that started before is in the marks (leaseMarked), and so is every row a job holds.
  const [clock] = await db.execute<{ at: string }>(sql`select clock_timestamp()::text as at`);
  const busy = [...inFlight].filter((k) => k.startsWith(`${table}:`)).map((k) => Number(k.slice(table.length + 1)));
  // Every send of this process is in `inFlight` from before its 'sending' mark to its end, so an
  // own 'sending' row outside it is stuck: its job failed after the mark committed (a database
  // drop cutting off the answer). Alerts are opened after 10 s and get a job at once; they waited
  // two minutes before, and for the orphan sweep after that (the scale-out run: 120 s after a drop).
  // A queued row is claimed before its send starts, so it keeps the two minutes.
  const sendingFor = table === 'alerts' ? sql`interval '10 seconds'` : sql`interval '2 minutes'`;
  const stuck = sql`claimed_by = ${me} and id <> all(${sql.param(busy)}::int8[]) and updated_at < ${clock!.at}::timestamptz
      and ((status = 'sending' and sending_at < now() - ${sendingFor})
        or (status = 'queued' and updated_at < now() - interval '2 minutes'))`;
  if (table === 'alert_digests') {
    const rows = await db.execute(sql`
      update alert_digests set claimed_by = null, updated_at = now() where ${stuck} returning id`);
    return rows.length;
  }
  const rows = await db.execute<{ alerts: number }>(sql`
    with ids as (update alerts set claimed_by = null, updated_at = now() where ${stuck} returning id),
    ${deliveryJobsSql({ keyPrefix: 'alerts-stuck:', priority: -1 })}
    select (select n from jobs) as n, (select count(*) from ids)::int as alerts`);
  return rows[0]?.alerts ?? 0;
}

/**
 * Wakes delivery for alerts no job will reach: leased or mid-send by a sender that died, or
 * queued and overdue (their job was lost). Chunk job keys make repeated sweeps replace, not add;
 * they run before the normal backlog, so a crash does not leave sends unsettled for long.
 */
export async function requeueOrphans(
  db: Db,
  { limit, overdueSeconds }: { limit: number; overdueSeconds: number },
): Promise<number> {
  const rows = await db.execute<{ n: number | null; alerts: number }>(sql`
    with ids as (
      select id from alerts
      where status in ('queued', 'sending') and (channel in ('email', 'sms', 'push') or channel like 'hook:%')
        and exists (select 1 from users u where u.id = alerts.user_id)
        and ((claimed_by is not null and claimed_by not in ${LIVE_SENDERS})
          or (claimed_by is null and next_attempt_at < now() - make_interval(secs => ${overdueSeconds})))
      order by id limit ${limit}
    ),
    ${deliveryJobsSql({ keyPrefix: 'alerts-sweep:', priority: -1 })}
    select (select n from jobs) as n, (select count(*) from ids)::int as alerts`);
  return rows[0]?.alerts ?? 0;
}
