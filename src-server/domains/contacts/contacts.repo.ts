import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { smsVerifications, users } from '../../db/schema';
import type { UserRow } from '../auth/session.repo';

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
 * The newest live ask for this phone whose user still has that phone unverified, row-locked.
 * The newest wins when several users typed the same number.
 */
export async function lockPendingSmsVerification(
  db: Db,
  params: { phone: string },
): Promise<{ id: string; user: UserRow } | undefined> {
  const [row] = await db
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
    .limit(1)
    .for('update', { of: smsVerifications });
  return row;
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
