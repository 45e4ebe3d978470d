import { and, eq, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { loginCodes, users } from '../../db/schema';
import type { UserRow } from './session.repo';

export type ContactKind = 'email' | 'phone';

const column = {
  email: { value: users.email, verifiedAt: users.emailVerifiedAt, channel: 'email' },
  phone: { value: users.phone, verifiedAt: users.phoneVerifiedAt, channel: 'sms' },
} as const;

/** The account that owns a verified contact; `lock` row-locks it for a transaction. */
export async function findVerifiedHolder(
  db: Db,
  params: { kind: ContactKind; value: string; lock?: boolean },
): Promise<UserRow | undefined> {
  const c = column[params.kind];
  const query = db
    .select()
    .from(users)
    .where(and(eq(c.value, params.value), isNotNull(c.verifiedAt)))
    .limit(1);
  const [row] = params.lock ? await query.for('update') : await query;
  return row;
}

export async function findUser(db: Db, params: { userId: string }): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, params.userId)).limit(1);
  return row;
}

export async function lockUser(db: Db, params: { userId: string }): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, params.userId)).limit(1).for('update');
  return row;
}

/**
 * Sets a contact as verified now; the first verified contact also becomes an alert channel
 * when the user has chosen none yet.
 */
export async function setVerifiedContact(
  db: Db,
  params: { userId: string; kind: ContactKind; value: string; login: boolean },
): Promise<UserRow> {
  const c = column[params.kind];
  const [row] = await db
    .update(users)
    .set({
      [params.kind]: params.value,
      [params.kind === 'email' ? 'emailVerifiedAt' : 'phoneVerifiedAt']: sql`now()`,
      notifyVia: sql`case when cardinality(${users.notifyVia}) = 0 then array[${c.channel}]::text[] else ${users.notifyVia} end`,
      ...(params.login ? { lastLoginAt: sql`now()` } : {}),
      updatedAt: sql`now()`,
    })
    .where(eq(users.id, params.userId))
    .returning();
  return row!;
}

export async function updateUser(
  db: Db,
  params: { userId: string; values: Partial<typeof users.$inferInsert> },
): Promise<UserRow> {
  const [row] = await db
    .update(users)
    .set({ ...params.values, updatedAt: sql`now()` })
    .where(eq(users.id, params.userId))
    .returning();
  return row!;
}

export async function deleteUser(db: Db, params: { userId: string }): Promise<boolean> {
  const rows = await db.delete(users).where(eq(users.id, params.userId)).returning({ id: users.id });
  return rows.length > 0;
}

/**
 * Moves an anonymous user's watchlist into an account in one statement: tickers the account
 * already follows stay behind, and only as many as fit under `limit` move (oldest first).
 * The caller holds the account's row lock, so concurrent adds cannot overshoot the limit.
 */
export async function mergeWatchlist(
  db: Db,
  params: { fromUserId: string; toUserId: string; limit: number },
): Promise<{ merged: number; rejected: number }> {
  const [row] = await db.execute<{ total: number; merged: number }>(sql`
    with source as (
      select id, ticker, created_at from watchlist_items where user_id = ${params.fromUserId}
    ), fresh as (
      select s.id, row_number() over (order by s.created_at, s.id) as rn
      from source s
      where not exists (
        select 1 from watchlist_items t where t.user_id = ${params.toUserId} and t.ticker = s.ticker
      )
    ), room as (
      select greatest(${params.limit} - (select count(*) from watchlist_items where user_id = ${params.toUserId}), 0) as n
    ), moved as (
      update watchlist_items w set user_id = ${params.toUserId}, updated_at = now()
      from fresh, room
      where w.id = fresh.id and fresh.rn <= room.n
      returning w.id
    )
    select (select count(*) from source)::int as total, (select count(*) from moved)::int as merged`);
  const total = row?.total ?? 0;
  const merged = row?.merged ?? 0;
  return { merged, rejected: total - merged };
}

export async function countWatchlist(db: Db, params: { userId: string }): Promise<number> {
  const [row] = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from watchlist_items where user_id = ${params.userId}`,
  );
  return row?.n ?? 0;
}

export async function deleteLoginCodes(db: Db, params: { identifiers: string[] }): Promise<void> {
  await db.delete(loginCodes).where(inArray(loginCodes.identifier, params.identifiers));
}

/** The browser's zone, unless the person picked one in settings; true when it was saved. */
export async function saveBrowserTimeZone(db: Db, params: { userId: string; timeZone: string }): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ timeZone: params.timeZone, updatedAt: sql`now()` })
    .where(and(eq(users.id, params.userId), eq(users.timeZoneChosen, false), ne(users.timeZone, params.timeZone)))
    .returning({ id: users.id });
  return rows.length > 0;
}
