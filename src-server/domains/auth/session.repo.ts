import { and, eq, gt, inArray, isNull, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sessions, users } from '../../db/schema';
import { perDb } from '../../db/per-db';

export type UserRow = typeof users.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;

export async function insertUser(db: Db, values: Partial<typeof users.$inferInsert> = {}): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  return row!;
}

export async function insertSession(
  db: Db,
  params: {
    userId: string;
    tokenHash: string;
    kind: string;
    expiresAt: Date;
    ip?: string | null;
    userAgent?: string | null;
  },
): Promise<SessionRow> {
  const [row] = await db.insert(sessions).values(params).returning();
  return row!;
}

/** Not revoked and not past its absolute expiry (idle expiry is judged by the service). */
const isLive = () => and(isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`));

/** Computed per user in the batched session lookup's round trip (another domain's read, given as SQL on users.id). */
export type SessionExtra = (userId: SQLWrapper) => SQL<string>;

function liveSessionQuery(db: Db) {
  return db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(eq(sessions.tokenHash, sql.placeholder('tokenHash')), eq(sessions.kind, sql.placeholder('kind')), isLive()),
    )
    .limit(1)
    .prepare('live_session');
}

/** Every request resolves a session: its statement is built once per handle, not per call. */
const preparedSession = perDb(liveSessionQuery);

/** A live session with its user. */
export async function findLiveSession(
  db: Db,
  params: { tokenHash: string; kind: string },
): Promise<{ session: SessionRow; user: UserRow } | undefined> {
  const [row] = await preparedSession(db).execute({ tokenHash: params.tokenHash, kind: params.kind });
  return row;
}

/** The user fields a session-checked read answers with: the user DTO and the plan's limits. */
const SESSION_USER_COLUMNS = {
  id: users.id,
  email: users.email,
  phone: users.phone,
  emailVerifiedAt: users.emailVerifiedAt,
  phoneVerifiedAt: users.phoneVerifiedAt,
  isAdmin: users.isAdmin,
  planType: users.planType,
  planStatus: users.planStatus,
  tickerLimitOverride: users.tickerLimitOverride,
  addonPacks: users.addonPacks,
  billingStatus: users.billingStatus,
  compProUntil: users.compProUntil,
};
export type SessionUserRow = Pick<UserRow, keyof typeof SESSION_USER_COLUMNS>;
const SESSION_USER_KEYS = Object.keys(SESSION_USER_COLUMNS) as (keyof typeof SESSION_USER_COLUMNS)[];

/** The named fields of a subquery (its aliased columns), so a selection is listed once. */
function pick<S extends object, K extends keyof S>(source: S, keys: readonly K[]): Pick<S, K> {
  return Object.fromEntries(keys.map((key) => [key, source[key]])) as Pick<S, K>;
}
export type SessionCheckRow = Pick<SessionRow, 'id' | 'tokenHash' | 'lastSeenAt'>;

/**
 * The live sessions among `tokenHashes` with their users (and `extra`): one statement for many
 * concurrent requests. Prepared once per handle and extra. Only the columns the check and the
 * user DTO use: a hot path, where every further column is formatted, parsed and mapped per row.
 * The user is a LATERAL primary-key lookup (the LIMIT keeps the planner from hashing the whole
 * users table against the batch while the table is small), so the cost follows the batch size.
 */
function liveSessionsQuery(db: Db, extra: SessionExtra | undefined) {
  const user = db.select(SESSION_USER_COLUMNS).from(users).where(eq(users.id, sessions.userId)).limit(1).as('u');
  return db
    .select({
      session: { id: sessions.id, tokenHash: sessions.tokenHash, lastSeenAt: sessions.lastSeenAt },
      user: pick(user, SESSION_USER_KEYS),
      extra: extra ? extra(user.id) : sql<string | null>`null`,
    })
    .from(sessions)
    .innerJoinLateral(user, sql`true`)
    .where(
      and(
        sql`${sessions.tokenHash} = any(${sql.placeholder('tokenHashes')}::text[])`,
        eq(sessions.kind, sql.placeholder('kind')),
        isLive(),
      ),
    )
    .prepare(extra ? 'live_sessions_extra' : 'live_sessions');
}

const preparedBatches = new WeakMap<Db, Map<SessionExtra | undefined, ReturnType<typeof liveSessionsQuery>>>();

export async function findLiveSessions(
  db: Db,
  params: { tokenHashes: string[]; kind: string; extra?: SessionExtra },
): Promise<{ session: SessionCheckRow; user: SessionUserRow; extra: string | null }[]> {
  let byExtra = preparedBatches.get(db);
  if (!byExtra) {
    byExtra = new Map();
    preparedBatches.set(db, byExtra);
  }
  let query = byExtra.get(params.extra);
  if (!query) {
    query = liveSessionsQuery(db, params.extra);
    byExtra.set(params.extra, query);
  }
  return query.execute({ tokenHashes: params.tokenHashes, kind: params.kind });
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

/** Every live session of a user, or only those of one kind ('admin': the admin area's bearers). */
export async function revokeUserSessions(db: Db, params: { userId: string; kind?: 'user' | 'admin' }): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(sessions.userId, params.userId),
        isNull(sessions.revokedAt),
        params.kind ? eq(sessions.kind, params.kind) : undefined,
      ),
    );
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
    .where(and(inArray(sessions.id, params.ids), eq(sessions.kind, 'user'), isLive()));
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

/** One anonymous user (no verified contact, no plan, not an admin) and, by cascade, its sessions. */
export async function deleteAnonymousUser(db: Db, params: { userId: string }): Promise<void> {
  await db.execute(sql`
    delete from users
    where id = ${params.userId} and email_verified_at is null and phone_verified_at is null
      and not is_admin and plan_status <> 'active'`);
}
