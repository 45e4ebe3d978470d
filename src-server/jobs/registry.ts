import type { z } from 'zod';
import type { AppDeps } from '../deps';
import type { JobType } from './job';

export interface TaskContext {
  deps: AppDeps;
  /** graphile-worker's job: id, attempts, max_attempts, key. */
  job: { id: string; attempts: number; maxAttempts: number; key: string | null };
}

/**
 * A named background task. Handlers must be idempotent (a job may run twice after a crash);
 * throwing schedules a retry with exponential backoff until maxAttempts, then the job stays in
 * graphile_worker's jobs table as permanently failed (attempts = max_attempts, last_error set).
 */
export interface TaskDefinition<S extends z.ZodType = z.ZodType> {
  name: string;
  payload: S;
  handler: (payload: z.infer<S>, ctx: TaskContext) => Promise<void>;
}

/** A job type (job.ts) bound to its handler: `defineTask({ ...ingestJob, async handler(ref, { deps }) {...} })`. */
export function defineTask<S extends z.ZodType>(
  task: JobType<S> & Pick<TaskDefinition<S>, 'handler'>,
): TaskDefinition<S> {
  return { name: task.name, payload: task.payload, handler: task.handler };
}
