/**
 * Enqueue jobs from anywhere a `db` handle (or transaction) is: the job row commits or rolls
 * back with the caller's transaction, and graphile-worker's NOTIFY wakes a worker at commit.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

export interface AddJobParams {
  /** A job type's name (job.ts: call sites use `enqueue` with the typed job, not this). */
  task: string;
  payload: unknown;
  /** Natural id (accession number, alert id): a second add with the same key does not duplicate. */
  jobKey?: string;
  /** 'replace' (default: newest payload wins), 'preserve_run_at', or 'unsafe_dedupe' (keep the first job as is). */
  jobKeyMode?: 'replace' | 'preserve_run_at' | 'unsafe_dedupe';
  runAt?: Date;
  maxAttempts?: number;
  /** Jobs in one queue run one at a time, in order. */
  queueName?: string;
  /** Lower runs first (graphile-worker's convention); default 0. */
  priority?: number;
}

export async function addJob(db: Db, params: AddJobParams): Promise<void> {
  await db.execute(sql`
    select graphile_worker.add_job(
      identifier => ${params.task}::text,
      payload => ${JSON.stringify(params.payload ?? {})}::json,
      queue_name => ${params.queueName ?? null}::text,
      run_at => ${params.runAt?.toISOString() ?? null}::timestamptz,
      max_attempts => ${params.maxAttempts ?? null}::int,
      job_key => ${params.jobKey ?? null}::text,
      priority => ${params.priority ?? null}::int,
      job_key_mode => ${params.jobKeyMode ?? 'replace'}::text
    )`);
}

/**
 * Wakes an idle worker to look for due jobs now (graphile-worker's own insert notification),
 * instead of at its next poll: for a job whose run_at has just come (a scheduled re-check).
 */
export async function nudgeWorkers(db: Db): Promise<void> {
  await db.execute(sql`select pg_notify('jobs:insert', '{"count":1}')`);
}
