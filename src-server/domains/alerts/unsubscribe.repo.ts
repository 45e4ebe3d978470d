import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

/** The named HMAC key, created once (first writer wins) and shared by every instance. */
export async function signingKey(db: Db, { name }: { name: string }): Promise<Buffer> {
  const secret = await keptSecret(db, { name, fresh: randomBytes(32).toString('base64') });
  if (!secret) throw new Error(`signing key ${name} could not be created`);
  return Buffer.from(secret, 'base64');
}

/** The named secret in signing_keys, or undefined while none is stored. */
export async function storedSecret(db: Db, { name }: { name: string }): Promise<string | undefined> {
  return (await db.execute<{ secret: string }>(sql`select secret from signing_keys where name = ${name}`))[0]?.secret;
}

/**
 * The named secret, stored as `fresh` by the first writer (a concurrent one's row wins over ours),
 * so every instance gets the same one.
 */
export async function keptSecret(
  db: Db,
  { name, fresh }: { name: string; fresh: string },
): Promise<string | undefined> {
  const rows = await db.execute<{ secret: string }>(sql`
    with created as (
      insert into signing_keys (name, secret) values (${name}, ${fresh})
      on conflict (name) do nothing returning secret
    )
    select secret from created union all select secret from signing_keys where name = ${name} limit 1`);
  // A concurrent first writer's row is invisible to this statement's snapshot: read it once more.
  return rows[0]?.secret ?? (await storedSecret(db, { name }));
}

export interface ChannelState extends Record<string, unknown> {
  email: string | null;
  phone: string | null;
  /** The channel is still on (email/sms in notify_via; digest: digests enabled). */
  on: boolean;
}

const ON = {
  email: sql`'email' = any(notify_via)`,
  sms: sql`'sms' = any(notify_via)`,
  digest: sql`digest_enabled`,
} as const;

export type UnsubscribeChannel = keyof typeof ON;

export async function channelState(
  db: Db,
  { userId, channel }: { userId: string; channel: UnsubscribeChannel },
): Promise<ChannelState | null> {
  const rows = await db.execute<ChannelState>(
    sql`select email, phone, ${ON[channel]} as on from users where id = ${userId}`,
  );
  return rows[0] ?? null;
}

/** Turns the channel off and cancels what is still waiting on it (rows mid-send are left to finish). */
export async function turnOff(
  db: Db,
  { userId, channel }: { userId: string; channel: UnsubscribeChannel },
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(
      channel === 'digest'
        ? sql`update users set digest_enabled = false, updated_at = now() where id = ${userId}`
        : sql`update users set notify_via = array_remove(notify_via, ${channel}), updated_at = now() where id = ${userId}`,
    );
    await tx.execute(sql`
      update alerts set status = 'cancelled', error_code = 'unsubscribed', updated_at = now()
      where user_id = ${userId} and (channel = ${channel} or (${channel} = 'email' and channel = 'brief'))
        and status = 'queued' and claimed_by is null`);
  });
}
