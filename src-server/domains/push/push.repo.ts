/** SQL of web push subscriptions (issue #31). */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

export interface PushDevice extends Record<string, unknown> {
  id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  label: string;
  created_at: Date;
  last_sent_at: Date | null;
}

const DEVICE = sql`id::float8 as id, endpoint, p256dh, auth, label, created_at, last_sent_at`;
const asDevice = (r: PushDevice): PushDevice => ({ ...r, id: Number(r.id) });

/**
 * Saves a subscription for the user. 'taken' when the endpoint belongs to another user (nothing
 * changes: the browser must get a fresh subscription); the same user's endpoint gets its new keys.
 */
export async function upsertSubscription(
  db: Db,
  s: { userId: string; endpoint: string; p256dh: string; auth: string; label: string },
): Promise<{ kind: 'saved'; id: number } | { kind: 'taken' }> {
  const rows = await db.execute<{ id: number }>(sql`
    insert into push_subscriptions (user_id, endpoint, p256dh, auth, label)
    values (${s.userId}, ${s.endpoint}, ${s.p256dh}, ${s.auth}, ${s.label})
    on conflict (endpoint) do update set p256dh = excluded.p256dh, auth = excluded.auth, label = excluded.label
      where push_subscriptions.user_id = excluded.user_id
    returning id::float8 as id`);
  return rows[0] ? { kind: 'saved', id: Number(rows[0].id) } : { kind: 'taken' };
}

/** Removes the user's own subscription by endpoint or id; another user's is never touched. */
export async function deleteSubscription(
  db: Db,
  { userId, endpoint, id }: { userId: string; endpoint?: string; id?: number },
): Promise<boolean> {
  const rows = await db.execute(sql`
    delete from push_subscriptions where user_id = ${userId}
      and ${endpoint != null ? sql`endpoint = ${endpoint}` : sql`id = ${id ?? -1}`}
    returning id`);
  return rows.length > 0;
}

export async function devicesOf(db: Db, { userId }: { userId: string }): Promise<PushDevice[]> {
  const rows = await db.execute<PushDevice>(
    sql`select ${DEVICE} from push_subscriptions where user_id = ${userId} order by id`,
  );
  return rows.map(asDevice);
}

/** The push service said the subscription is gone (404/410): it never comes back. */
export async function removeExpired(db: Db, { id }: { id: number }): Promise<void> {
  await db.execute(sql`delete from push_subscriptions where id = ${id}`);
}

export async function markPushed(db: Db, { ids }: { ids: number[] }): Promise<void> {
  if (ids.length === 0) return;
  await db.execute(sql`update push_subscriptions set last_sent_at = now() where id = any(${sql.param(ids)}::int8[])`);
}

export async function pushMinRank(db: Db, { userId }: { userId: string }): Promise<number> {
  const [row] = await db.execute<{ r: number }>(sql`select alert_min_rank_push as r from users where id = ${userId}`);
  return row?.r ?? 3;
}

export async function setPushMinRank(db: Db, { userId, rank }: { userId: string; rank: number }): Promise<void> {
  await db.execute(sql`update users set alert_min_rank_push = ${rank}, updated_at = now() where id = ${userId}`);
}
