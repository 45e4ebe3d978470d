/**
 * Whether the ingest -> alert pipeline has nothing to do: no job queued (due) or running, no
 * stored filing waiting to be matched, no alert waiting to be sent. A simulated clock may skip
 * ahead only then (bench:detect and the detection tests).
 *
 * `alerts: false` is for a run without the alert workers (detection.test.ts): there nothing ever
 * matches a stored filing, and counting those as pending kept the clock at real speed for ten
 * real minutes after each filing (the test took 416 s instead of seconds).
 *
 * A job due within `dueWithinMs` (default 3 s) counts as pending too. graphile-worker runs a job
 * when PostgreSQL's now() reaches its run_at, and a skip does not move now(): a job the app
 * scheduled 2 s ahead on its clock (an ingest looking again for documents, filings.tasks.ts)
 * would otherwise run only after 2 s of real time, which a skipping clock had stretched into
 * minutes of simulated time. While such a job is near, the clock runs at real speed, so the wait
 * lasts in simulated time what the app asked for (decision 206).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

export async function pipelineIdle(
  db: Db,
  { alerts = true, dueWithinMs = 3_000 }: { alerts?: boolean; dueWithinMs?: number } = {},
): Promise<boolean> {
  const [row] = await db
    .execute<{ busy: boolean }>(sql`select
      exists (select 1 from graphile_worker._private_jobs where locked_at is not null
              or (attempts < max_attempts and run_at <= now() + make_interval(secs => ${dueWithinMs / 1000}::float8)))
      or (${alerts}::boolean and (
        exists (select 1 from filings f where f.stored_at > now() - interval '10 minutes'
                and not exists (select 1 from alert_matches m where m.filing_id = f.id))
        or exists (select 1 from alerts where status in ('queued', 'sending') and channel <> 'digest' and next_attempt_at <= now()))) as busy`)
    .catch(() => [{ busy: true }]);
  return !row?.busy;
}
