import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

type BudgetParams = { bucket: string; key: string; limit: number; windowSeconds: number };
type BudgetResult = { allowed: boolean; retryAfterSeconds: number };
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Spent = { hits: number; retry: number | null } | undefined;

/**
 * Up to `wanted` hits under the budget's advisory lock on (bucket, key), which serialises
 * concurrent callers so a burst cannot overshoot the limit: `spent` reads the window's hits (and
 * when its oldest leaves), `record` counts the hits granted, as many as are left under the limit.
 */
function takeUnderLock(
  db: Db,
  params: BudgetParams & { wanted: number },
  spent: (tx: Tx) => Promise<Spent>,
  record: (tx: Tx, hits: number) => Promise<unknown>,
): Promise<{ granted: number; retryAfterSeconds: number }> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`${params.bucket}\n${params.key}`}, 0))`);
    const row = await spent(tx);
    const granted = Math.max(0, Math.min(params.wanted, params.limit - (row?.hits ?? 0)));
    if (granted > 0) await record(tx, granted);
    return { granted, retryAfterSeconds: granted < params.wanted ? Math.max(1, row?.retry ?? 1) : 0 };
  });
}

/** Counts hits in the sliding window, a row each, and records one more when under the limit. */
export async function hitIfUnder(db: Db, params: BudgetParams): Promise<BudgetResult> {
  const { bucket, key, windowSeconds } = params;
  const { granted, retryAfterSeconds } = await takeUnderLock(
    db,
    { ...params, wanted: 1 },
    async (tx) =>
      (
        await tx.execute<{ hits: number; retry: number | null }>(sql`
          select count(*)::int as hits,
                 ceil(extract(epoch from min(created_at) + make_interval(secs => ${windowSeconds}) - now()))::int as retry
          from rate_limit_hits
          where bucket = ${bucket} and key = ${key} and created_at > now() - make_interval(secs => ${windowSeconds})`)
      )[0],
    (tx) => tx.execute(sql`insert into rate_limit_hits (bucket, key) values (${bucket}, ${key})`),
  );
  return { allowed: granted === 1, retryAfterSeconds };
}

/**
 * Up to `wanted` hits of a large budget, counted per minute (rate_limit_minutes): the window is the
 * sum of its minutes, the minute it began in included whole, so a rolling window never holds more
 * than `limit` hits (it may refuse up to a minute early at the window's old edge). Decision 341.
 * Many hits in one transaction: a process's concurrent senders share one lock wait (decision 346).
 */
export function takeUpToByMinute(
  db: Db,
  params: BudgetParams & { wanted: number },
): Promise<{ granted: number; retryAfterSeconds: number }> {
  const { bucket, key, windowSeconds } = params;
  return takeUnderLock(
    db,
    params,
    async (tx) =>
      (
        await tx.execute<{ hits: number; retry: number | null }>(sql`
          select coalesce(sum(hits), 0)::int as hits,
                 ceil(extract(epoch from min(minute) + interval '1 minute' + make_interval(secs => ${windowSeconds}) - now()))::int as retry
          from rate_limit_minutes
          where bucket = ${bucket} and key = ${key}
            and minute >= date_trunc('minute', now() - make_interval(secs => ${windowSeconds}))`)
      )[0],
    (tx, hits) =>
      tx.execute(sql`
        insert into rate_limit_minutes (bucket, key, minute, hits) values (${bucket}, ${key}, date_trunc('minute', now()), ${hits})
        on conflict (bucket, key, minute) do update set hits = rate_limit_minutes.hits + excluded.hits`),
  );
}

/** Drops hits older than the longest window in use. */
export async function pruneRateLimitHits(db: Db, params: { olderThanSeconds: number }): Promise<void> {
  await db.execute(
    sql`delete from rate_limit_hits where created_at < now() - make_interval(secs => ${params.olderThanSeconds})`,
  );
  await db.execute(
    sql`delete from rate_limit_minutes where minute < now() - make_interval(secs => ${params.olderThanSeconds}) - interval '1 minute'`,
  );
}
