/** SQL of /admin/notifications: deliveries by channel and status, provider figures, dead ids. */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

export interface DeliveryCountRow extends Record<string, unknown> {
  channel: string;
  status: string;
  count: number;
}

/** Alerts created in the window, counted by channel and status (every webhook's `hook:<id>` counted as 'webhook'). */
export async function deliveryCounts(db: Db, { hours }: { hours: number }): Promise<DeliveryCountRow[]> {
  return db.execute<DeliveryCountRow>(sql`
    select case when channel like 'hook:%' then 'webhook' else channel end as channel, status, count(*)::int as count
    from alerts
    where created_at > now() - make_interval(hours => ${hours})
    group by 1, status order by 1, status`);
}

export interface DeliveryRow extends Record<string, unknown> {
  id: number;
  channel: string;
  status: string;
  attempts: number;
  last_error: string | null;
  error_code: string | null;
  provider_message_id: string | null;
  created_at: string;
  sent_at: string | null;
  delivered_at: string | null;
  provider_status: string | null;
  provider_response: string | null;
  user_id: string;
  email: string | null;
  phone: string | null;
  filing_id: number;
  ticker: string | null;
  form_type: string;
}

/** Deliveries newest first, filtered on the server, paged by id. */
export async function listDeliveries(
  db: Db,
  {
    channel,
    status,
    beforeId,
    limit,
  }: { channel: string | null; status: string | null; beforeId: number | null; limit: number },
): Promise<DeliveryRow[]> {
  return db.execute<DeliveryRow>(sql`
    select a.id::float8 as id, a.channel, a.status, a.attempts, a.last_error, a.error_code, a.provider_message_id,
      to_json(a.created_at)#>>'{}' as created_at, to_json(a.sent_at)#>>'{}' as sent_at,
      to_json(a.delivered_at)#>>'{}' as delivered_at, a.provider_status, a.provider_response,
      a.user_id, u.email, u.phone, f.id::float8 as filing_id, f.ticker, f.form_type
    from alerts a join users u on u.id = a.user_id join filings f on f.id = a.filing_id
    where (${channel}::text is null or a.channel = ${channel}::text)
      and (${status}::text is null or a.status = ${status}::text)
      and (${beforeId}::int8 is null or a.id < ${beforeId}::int8)
    order by a.id desc limit ${limit}`);
}

export interface ProviderRow extends Record<string, unknown> {
  channel: string;
  sent: number;
  failed: number;
  last_sent_at: string | null;
  last_error: string | null;
  last_error_at: string | null;
  /** Digest and brief emails sent in the window (email only). */
  digests: number;
  /** Every message the development outbox stored in the window (sign-in, alerts, digests, notices). */
  outbox: number;
  last_outbox_at: string | null;
}

/** Per channel over the window: alerts and digests accepted, refused for good, the latest refusal, and the outbox's own count. */
export async function providerFigures(db: Db, { hours }: { hours: number }): Promise<ProviderRow[]> {
  return db.execute<ProviderRow>(sql`
    select c.channel,
      (select count(*)::int from alerts a where a.channel = c.channel and a.sent_at > now() - make_interval(hours => ${hours})) as sent,
      (select count(*)::int from alerts a where a.channel = c.channel and a.status = 'dead' and a.updated_at > now() - make_interval(hours => ${hours})) as failed,
      (select to_json(max(a.sent_at))#>>'{}' from alerts a where a.channel = c.channel and a.sent_at is not null) as last_sent_at,
      e.last_error, to_json(e.updated_at)#>>'{}' as last_error_at,
      case when c.channel = 'email' then (select count(*)::int from alert_digests d
        where d.status = 'sent' and d.sent_at > now() - make_interval(hours => ${hours})) else 0 end as digests,
      (select count(*)::int from dev_outbox o where o.channel = c.channel and o.created_at > now() - make_interval(hours => ${hours})) as outbox,
      (select to_json(max(o.created_at))#>>'{}' from dev_outbox o where o.channel = c.channel) as last_outbox_at
    from (values ('email'), ('sms')) c(channel)
    left join lateral (select a.last_error, a.updated_at from alerts a
      where a.channel = c.channel and a.last_error is not null order by a.updated_at desc limit 1) e on true`);
}

/** Dead alert ids after `afterId`, oldest first: the bulk retry walks them in batches. */
export async function deadIds(db: Db, { afterId, limit }: { afterId: number; limit: number }): Promise<number[]> {
  const rows = await db.execute<{ id: number }>(sql`
    select id::float8 as id from alerts where status = 'dead' and id > ${afterId} order by id limit ${limit}`);
  return rows.map((r) => r.id);
}

export async function deadCount(db: Db): Promise<number> {
  const [row] = await db.execute<{ n: number }>(sql`select count(*)::int as n from alerts where status = 'dead'`);
  return row?.n ?? 0;
}
