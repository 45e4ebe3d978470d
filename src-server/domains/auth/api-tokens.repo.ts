/** SQL of personal API tokens (api_tokens); the rules are in api-tokens.service.ts. */
import { and, desc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { apiTokens, users, type ApiTokenRow } from '../../db/schema';
import type { UserRow } from './session.repo';

export async function insertToken(
  db: Db,
  values: { userId: string; name: string; scope: string; tokenHash: string; prefix: string; expiresAt: Date | null },
): Promise<ApiTokenRow> {
  const [row] = await db.insert(apiTokens).values(values).returning();
  return row!;
}

/** Live: not revoked and not past its expiry. */
const isLive = () =>
  and(isNull(apiTokens.revokedAt), or(isNull(apiTokens.expiresAt), gt(apiTokens.expiresAt, sql`now()`)));

export async function countLive(db: Db, params: { userId: string }): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(apiTokens)
    .where(and(eq(apiTokens.userId, params.userId), isLive()));
  return row?.n ?? 0;
}

/** The user's tokens, newest first, revoked ones included (the list says so). */
export async function listTokens(db: Db, params: { userId: string }): Promise<ApiTokenRow[]> {
  return db.select().from(apiTokens).where(eq(apiTokens.userId, params.userId)).orderBy(desc(apiTokens.createdAt));
}

/** Revokes one of the user's own tokens; false when the user has no such live token. */
export async function revokeToken(db: Db, params: { userId: string; id: string }): Promise<boolean> {
  const rows = await db
    .update(apiTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(apiTokens.id, params.id), eq(apiTokens.userId, params.userId), isNull(apiTokens.revokedAt)))
    .returning({ id: apiTokens.id });
  return rows.length > 0;
}

/** A live token by its hash, with its user. */
export async function findLiveToken(
  db: Db,
  params: { tokenHash: string },
): Promise<{ token: ApiTokenRow; user: UserRow } | undefined> {
  const [row] = await db
    .select({ token: apiTokens, user: users })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .where(and(eq(apiTokens.tokenHash, params.tokenHash), isLive()))
    .limit(1);
  return row;
}

export async function touchToken(db: Db, params: { id: string; ip: string | null }): Promise<void> {
  await db.update(apiTokens).set({ lastUsedAt: sql`now()`, lastUsedIp: params.ip }).where(eq(apiTokens.id, params.id));
}
