/**
 * One daily budget of language-model calls per user, shared by the assistant and PRO AI analysis.
 * A call is taken before it is made, atomically (concurrent requests cannot both take the last one).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

/** Takes one call from today's budget (New York day); false when it is spent. */
export async function takeLlmCall(db: Db, { userId, limit }: { userId: string; limit: number }): Promise<boolean> {
  if (limit <= 0) return false;
  const rows = await db.execute(sql`
    insert into llm_usage (user_id, day, calls) values (${userId}::uuid, (now() at time zone 'America/New_York')::date, 1)
    on conflict (user_id, day) do update set calls = llm_usage.calls + 1 where llm_usage.calls < ${limit}
    returning calls`);
  return rows.length > 0;
}

export async function recordLlmTokens(db: Db, { userId, tokens }: { userId: string; tokens: number }): Promise<void> {
  await db.execute(
    sql`update llm_usage set tokens = tokens + ${tokens} where user_id = ${userId}::uuid and day = (now() at time zone 'America/New_York')::date`,
  );
}

export async function llmCallsToday(db: Db, { userId }: { userId: string }): Promise<number> {
  const [row] = await db.execute<{ calls: number }>(
    sql`select calls from llm_usage where user_id = ${userId}::uuid and day = (now() at time zone 'America/New_York')::date`,
  );
  return row?.calls ?? 0;
}
