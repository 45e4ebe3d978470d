import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

/** One round trip to the database. */
export async function ping(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}

/** graphile-worker's schema is in place (worker processes can run jobs against it). */
export async function jobQueueInstalled(db: Db): Promise<boolean> {
  const [row] = await db.execute<{ ok: boolean }>(sql`select to_regclass('graphile_worker.jobs') is not null as ok`);
  return row?.ok === true;
}
