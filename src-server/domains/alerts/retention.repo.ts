import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

/**
 * Deletes up to `batch` alerts created before `cutoff`, oldest ids first, and says how many.
 * Ids grow with time, so the oldest row tells at once (one index probe) whether any is due: no
 * scan of a large table when nothing is.
 */
export async function deleteAlertsBefore(db: Db, { cutoff, batch }: { cutoff: Date; batch: number }): Promise<number> {
  const before = sql`${cutoff.toISOString()}::timestamptz`;
  const rows = await db.execute(sql`
    with oldest as (select created_at from alerts order by id limit 1),
    doomed as (
      select id from alerts
      where (select created_at from oldest) < ${before} and created_at < ${before}
        and status not in ('queued', 'sending')
      order by id limit ${batch}
    )
    delete from alerts a using doomed where a.id = doomed.id
    returning a.id`);
  return rows.length;
}

/** The same for digest and brief emails (their alerts are gone by then). */
export async function deleteDigestsBefore(db: Db, { cutoff, batch }: { cutoff: Date; batch: number }): Promise<number> {
  const before = sql`${cutoff.toISOString()}::timestamptz`;
  const rows = await db.execute(sql`
    with doomed as (
      select id from alert_digests
      where created_at < ${before} and status not in ('queued', 'sending')
      order by id limit ${batch}
    )
    delete from alert_digests d using doomed where d.id = doomed.id
    returning d.id`);
  return rows.length;
}
