import { and, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { emailTokens, loginCodes } from '../../db/schema';

export type LoginCodeRow = typeof loginCodes.$inferSelect;
export type EmailTokenRow = typeof emailTokens.$inferSelect;

const inSeconds = (seconds: number) => sql`now() + make_interval(secs => ${seconds})`;

/** Stores a new code for the identifier; any older live code for it stops working. */
export async function replaceLoginCode(
  db: Db,
  params: { identifier: string; codeHash: string; ttlSeconds: number; ip: string | null },
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(loginCodes)
      .set({ consumedAt: sql`now()` })
      .where(and(eq(loginCodes.identifier, params.identifier), isNull(loginCodes.consumedAt)));
    await tx.insert(loginCodes).values({
      identifier: params.identifier,
      codeHash: params.codeHash,
      expiresAt: inSeconds(params.ttlSeconds),
      ip: params.ip,
    });
  });
}

/** The newest code for an identifier, row-locked, with whether it has expired (database clock). */
export async function lockLatestLoginCode(
  db: Db,
  params: { identifier: string },
): Promise<(LoginCodeRow & { expired: boolean }) | undefined> {
  const [row] = await db
    .select({ code: loginCodes, expired: sql<boolean>`${loginCodes.expiresAt} <= now()` })
    .from(loginCodes)
    .where(eq(loginCodes.identifier, params.identifier))
    .orderBy(desc(loginCodes.createdAt))
    .limit(1)
    .for('update');
  return row ? { ...row.code, expired: row.expired } : undefined;
}

/** Counts a wrong guess; the guess that reaches maxAttempts also kills the code. */
export async function recordWrongAttempt(db: Db, params: { id: string; maxAttempts: number }): Promise<number> {
  const [row] = await db
    .update(loginCodes)
    .set({
      attempts: sql`${loginCodes.attempts} + 1`,
      consumedAt: sql`case when ${loginCodes.attempts} + 1 >= ${params.maxAttempts} then now() else null end`,
    })
    .where(eq(loginCodes.id, params.id))
    .returning({ attempts: loginCodes.attempts });
  return row?.attempts ?? params.maxAttempts;
}

export async function consumeLoginCode(db: Db, params: { id: string }): Promise<void> {
  await db.update(loginCodes).set({ consumedAt: sql`now()` }).where(eq(loginCodes.id, params.id));
}

export async function insertEmailToken(
  db: Db,
  params: {
    tokenHash: string;
    purpose: 'login' | 'verify_email';
    email: string;
    userId?: string | null;
    sessionId?: string | null;
    ttlSeconds: number;
  },
): Promise<void> {
  await db.insert(emailTokens).values({
    tokenHash: params.tokenHash,
    purpose: params.purpose,
    email: params.email,
    userId: params.userId ?? null,
    sessionId: params.sessionId ?? null,
    expiresAt: inSeconds(params.ttlSeconds),
  });
}

/**
 * Marks a live token used and returns it, atomically: of two concurrent clicks one wins.
 * Undefined when unknown, used or expired; `why` then tells which for the message.
 */
export async function consumeEmailToken(
  db: Db,
  params: { tokenHash: string; purpose: 'login' | 'verify_email' },
): Promise<{ token: EmailTokenRow } | { token: undefined; why: 'unknown' | 'used' | 'expired' }> {
  const match = and(eq(emailTokens.tokenHash, params.tokenHash), eq(emailTokens.purpose, params.purpose));
  const [token] = await db
    .update(emailTokens)
    .set({ consumedAt: sql`now()` })
    .where(and(match, isNull(emailTokens.consumedAt), sql`${emailTokens.expiresAt} > now()`))
    .returning();
  if (token) return { token };
  const [seen] = await db.select({ consumedAt: emailTokens.consumedAt }).from(emailTokens).where(match).limit(1);
  return { token: undefined, why: !seen ? 'unknown' : seen.consumedAt ? 'used' : 'expired' };
}

/** A token's state without using it up (the confirm page before the POST that consumes it). */
export async function peekEmailToken(
  db: Db,
  params: { tokenHash: string; purpose: 'login' | 'verify_email' },
): Promise<{ token: EmailTokenRow } | { token: undefined; why: 'unknown' | 'used' | 'expired' }> {
  const [row] = await db
    .select({ token: emailTokens, expired: sql<boolean>`${emailTokens.expiresAt} <= now()` })
    .from(emailTokens)
    .where(and(eq(emailTokens.tokenHash, params.tokenHash), eq(emailTokens.purpose, params.purpose)))
    .limit(1);
  if (!row) return { token: undefined, why: 'unknown' };
  if (row.token.consumedAt) return { token: undefined, why: 'used' };
  if (row.expired) return { token: undefined, why: 'expired' };
  return { token: row.token };
}

/** Used or expired codes and links older than a day are of no further use. */
export async function pruneLoginSecrets(db: Db): Promise<void> {
  const dayAgo = sql`now() - interval '1 day'`;
  await db.delete(loginCodes).where(lt(loginCodes.expiresAt, dayAgo));
  await db.delete(emailTokens).where(or(lt(emailTokens.expiresAt, dayAgo), lt(emailTokens.consumedAt, dayAgo)));
}
