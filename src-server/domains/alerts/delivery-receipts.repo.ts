/** SQL of SMS delivery receipts: Twilio's status callbacks applied to the alert rows of one message. */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

/**
 * Twilio's message statuses in lifecycle order. A callback may arrive after a later one (Twilio
 * sends them as they happen, over separate requests): a row only ever moves to a higher rank.
 * The final statuses share a rank, so the first of them to arrive stays; 'read' (channels with
 * read receipts) comes after delivered.
 */
export const SMS_STATUS_RANK = {
  accepted: 0,
  scheduled: 0,
  queued: 0,
  sending: 1,
  sent: 2,
  delivered: 3,
  undelivered: 3,
  failed: 3,
  canceled: 3,
  read: 4,
} as const;
export type SmsStatus = keyof typeof SMS_STATUS_RANK;

/** A status's rank in SQL (unknown statuses and null: -1), so updates only move forward. */
export const statusRankSql = (column: ReturnType<typeof sql>) =>
  sql`(case ${column} ${sql.join(
    Object.entries(SMS_STATUS_RANK).map(([status, rank]) => sql`when ${status} then ${rank}::int`),
    sql` `,
  )} else -1 end)`;

export type SmsStatusOutcome = 'recorded' | 'unchanged' | 'unknown';

/**
 * The status of message `messageSid` on the alert it was sent for (`alertId`, the id in the
 * callback URL) and the burst alerts that went out inside it. Nothing else can match: another
 * alert's id with this SID, or this id with another SID, is 'unknown'. delivered_at is set once,
 * by the first 'delivered' (or 'read'); ErrorCode is kept for undelivered/failed.
 */
export async function applySmsStatus(
  db: Db,
  {
    alertId,
    messageSid,
    status,
    errorCode,
  }: { alertId: number; messageSid: string; status: SmsStatus; errorCode: string | null },
): Promise<SmsStatusOutcome> {
  const [row] = await db.execute<{ matched: number; changed: number }>(sql`
    with target as (
      select id from alerts where id = ${alertId} and channel = 'sms' and provider_message_id = ${messageSid}
      union
      -- Twilio may call back before the sender has stored the SID its request returned: the
      -- signature proves Twilio sent this for this alert's own callback URL, so the alert in
      -- flight takes the SID now (markSent stores the same one and never moves a status back).
      select id from alerts where id = ${alertId} and channel = 'sms' and provider_message_id is null and status = 'sending'
      union
      select id from alerts where burst_lead_id = ${alertId} and channel = 'sms' and provider_message_id = ${messageSid}
    ),
    changed as (
      update alerts a set provider_status = ${status}, provider_status_at = now(), provider_message_id = coalesce(a.provider_message_id, ${messageSid}),
        delivered_at = case when ${status} in ('delivered', 'read') then coalesce(a.delivered_at, now()) else a.delivered_at end,
        provider_response = case when ${status} in ('undelivered', 'failed') and ${errorCode}::text is not null
          then 'ErrorCode ' || ${errorCode}::text else a.provider_response end,
        updated_at = now()
      from target where a.id = target.id and ${statusRankSql(sql`a.provider_status`)} < ${SMS_STATUS_RANK[status]}::int
      returning a.id
    )
    select (select count(*) from target)::int as matched, (select count(*) from changed)::int as changed`);
  if (!row || row.matched === 0) return 'unknown';
  return row.changed > 0 ? 'recorded' : 'unchanged';
}
