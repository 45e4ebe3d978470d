import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

/**
 * Counts hits in the sliding window and records one more when under the limit. An advisory
 * lock on (bucket, key) serialises concurrent callers, so a burst cannot overshoot the limit.
 */
export async function hitIfUnder(
  db: Db,
  params: { bucket: string; key: string; limit: number; windowSeconds: number },
): Promise<{ allowed: boolean; retryAfterSeconds: number }> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`${params.bucket}\n${params.key}`}, 0))`);
    const [row] = await tx.execute<{ hits: number; retry: number | null }>(sql`
      select count(*)::int as hits,
             ceil(extract(epoch from min(created_at) + make_interval(secs => ${params.windowSeconds}) - now()))::int as retry
      from rate_limit_hits
      where bucket = ${params.bucket} and key = ${params.key}
        and created_at > now() - make_interval(secs => ${params.windowSeconds})`);
    if ((row?.hits ?? 0) >= params.limit) return { allowed: false, retryAfterSeconds: Math.max(1, row?.retry ?? 1) };
    await tx.execute(sql`insert into rate_limit_hits (bucket, key) values (${params.bucket}, ${params.key})`);
    return { allowed: true, retryAfterSeconds: 0 };
  });
}

/** Drops hits older than the longest window in use. */
export async function pruneRateLimitHits(db: Db, params: { olderThanSeconds: number }): Promise<void> {
  await db.execute(sql`delete from rate_limit_hits where created_at < now() - make_interval(secs => ${params.olderThanSeconds})`);
}
