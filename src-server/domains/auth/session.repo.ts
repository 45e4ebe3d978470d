import { and, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sessions, users } from '../../db/schema';

export type UserRow = typeof users.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;

export async function insertUser(db: Db, values: Partial<typeof users.$inferInsert> = {}): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  return row!;
}

export async function insertSession(
  db: Db,
  params: { userId: string; tokenHash: string; kind: string; expiresAt: Date; ip?: string | null; userAgent?: string | null },
): Promise<SessionRow> {
  const [row] = await db.insert(sessions).values(params).returning();
  return row!;
}

/** Not revoked and not past its absolute expiry (idle expiry is judged by the service). */
const isLive = () => and(isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`));

/** A live session with its user. */
export async function findLiveSession(
  db: Db,
  params: { tokenHash: string; kind: string },
): Promise<{ session: SessionRow; user: UserRow } | undefined> {
  const [row] = await db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
and(eq(sessions.tokenHash, params.tokenHash), eq(sessions.kind, params.kind), isLive()),
    )
    .limit(1);
  return row;
}

export async function touchSession(db: Db, params: { sessionId: string }): Promise<void> {
  await db.update(sessions).set({ lastSeenAt: sql`now()` }).where(eq(sessions.id, params.sessionId));
}

export async function revokeSession(db: Db, params: { sessionId: string }): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.id, params.sessionId), isNull(sessions.revokedAt)));
}

export async function revokeUserSessions(db: Db, params: { userId: string }): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.userId, params.userId), isNull(sessions.revokedAt)));
}

/** Live user sessions among the given ids, with their users (the sign-in's merge sources). */
export async function findLiveSessionsByIds(
  db: Db,
  params: { ids: string[] },
): Promise<{ session: SessionRow; user: UserRow }[]> {
  if (params.ids.length === 0) return [];
  return db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
and(inArray(sessions.id, params.ids), eq(sessions.kind, 'user'), isLive()),
    );
}

/** Sessions dead (revoked, expired or idle) for longer than `graceDays`. */
export async function deleteDeadSessions(db: Db, params: { idleDays: number; graceDays: number }): Promise<number> {
  const rows = await db.execute<{ id: string }>(sql`
    delete from sessions
    where coalesce(revoked_at, least(expires_at, last_seen_at + make_interval(days => ${params.idleDays})))
          < now() - make_interval(days => ${params.graceDays})
    returning id`);
  return rows.length;
}

/**
 * Anonymous users (no verified contact, not admin, no active plan) that no live session can
 * reach any more: nobody can ever see their watchlist again.
 */
export async function deleteUnreachableAnonymousUsers(db: Db, params: { idleDays: number }): Promise<number> {
  const rows = await db.execute<{ id: string }>(sql`
    delete from users u
    where u.email_verified_at is null and u.phone_verified_at is null
      and not u.is_admin and u.plan_status <> 'active'
      and u.created_at < now() - interval '1 day'
      and not exists (
        select 1 from sessions s
        where s.user_id = u.id and s.revoked_at is null and s.expires_at > now()
          and s.last_seen_at > now() - make_interval(days => ${params.idleDays})
      )
    returning u.id`);
  return rows.length;
}
