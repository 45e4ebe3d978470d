import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { inboundSmsSeen, smsVerifications, users } from '../../db/schema';
import type { UserRow } from './session.repo';

/** Records that a YES from this phone should verify this user; older asks of the user lapse. */
export async function insertSmsVerification(
  db: Db,
  params: { userId: string; phone: string; ttlSeconds: number },
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(smsVerifications)
      .set({ consumedAt: sql`now()` })
      .where(and(eq(smsVerifications.userId, params.userId), isNull(smsVerifications.consumedAt)));
    await tx.insert(smsVerifications).values({
      userId: params.userId,
      phone: params.phone,
      expiresAt: sql`now() + make_interval(secs => ${params.ttlSeconds})`,
    });
  });
}

/**
 * The live asks for this phone whose users still have that phone unverified, row-locked, newest
 * first. More than one user means a YES cannot tell whose it is.
 */
export async function lockPendingSmsVerifications(
  db: Db,
  params: { phone: string },
): Promise<{ id: string; user: UserRow }[]> {
  return db
    .select({ id: smsVerifications.id, user: users })
    .from(smsVerifications)
    .innerJoin(users, eq(users.id, smsVerifications.userId))
    .where(
      and(
        eq(smsVerifications.phone, params.phone),
        isNull(smsVerifications.consumedAt),
        gt(smsVerifications.expiresAt, sql`now()`),
        eq(users.phone, params.phone),
        isNull(users.phoneVerifiedAt),
      ),
    )
    .orderBy(desc(smsVerifications.createdAt))
    .for('update', { of: smsVerifications });
}

/** Records a Twilio MessageSid; false when it was seen before (a replayed webhook). */
export async function recordInboundMessage(db: Db, params: { messageSid: string }): Promise<boolean> {
  const rows = await db
    .insert(inboundSmsSeen)
    .values({ messageSid: params.messageSid })
    .onConflictDoNothing()
    .returning();
  return rows.length > 0;
}

export async function pruneInboundMessages(db: Db, params: { olderThanDays: number }): Promise<void> {
  await db
    .delete(inboundSmsSeen)
    .where(lt(inboundSmsSeen.receivedAt, sql`now() - make_interval(days => ${params.olderThanDays})`));
}

export async function consumeSmsVerifications(db: Db, params: { phone: string }): Promise<void> {
  await db
    .update(smsVerifications)
    .set({ consumedAt: sql`now()` })
    .where(and(eq(smsVerifications.phone, params.phone), isNull(smsVerifications.consumedAt)));
}

/** Any user with this phone, verified holders first (for the program name in replies). */
export async function findUserByPhone(db: Db, params: { phone: string }): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(eq(users.phone, params.phone))
    .orderBy(sql`${users.phoneVerifiedAt} is null`, desc(users.updatedAt))
    .limit(1);
  return row;
}
