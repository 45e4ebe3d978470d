/**
 * Whether the ingest -> alert pipeline has nothing to do: no job queued (due) or running, no
 * stored filing waiting to be matched, no alert waiting to be sent. A simulated clock may skip
 * ahead only then (bench:detect and the detection tests).
 *
 * `alerts: false` is for a run without the alert workers (detection.test.ts): there nothing ever
 * matches a stored filing, and counting those as pending kept the clock at real speed for ten
 * real minutes after each filing (the test took 416 s instead of seconds).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

export async function pipelineIdle(db: Db, { alerts = true }: { alerts?: boolean } = {}): Promise<boolean> {
  const [row] = await db
    .execute<{ busy: boolean }>(sql`select
      exists (select 1 from graphile_worker._private_jobs where locked_at is not null or (attempts < max_attempts and run_at <= now()))
      or (${alerts}::boolean and (
        exists (select 1 from filings f where f.stored_at > now() - interval '10 minutes'
                and not exists (select 1 from alert_matches m where m.filing_id = f.id))
        or exists (select 1 from alerts where status in ('queued', 'sending') and channel <> 'digest' and next_attempt_at <= now()))) as busy`)
    .catch(() => [{ busy: true }]);
  return !row?.busy;
}
