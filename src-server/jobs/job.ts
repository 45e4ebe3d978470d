/**
 * A job type: its name and payload schema, apart from its handler, so a service that enqueues
 * imports only this contract (never the handler, which imports the service: no import cycle) and
 * the compiler checks the payload it passes. Handlers are bound with defineTask (registry.ts);
 * the list of tasks a process runs lives at its entry (src-server/background.ts).
 */
import type { z } from 'zod';
import type { Db } from '../db/client';
import { addJob, type AddJobParams } from './queue';

export interface JobType<S extends z.ZodType = z.ZodType> {
  /** graphile-worker's task identifier ('<domain>.<verb>'). */
  readonly name: string;
  readonly payload: S;
}

export function defineJob<S extends z.ZodType>(name: string, payload: S): JobType<S> {
  return { name, payload };
}

/** Adds a job inside the caller's transaction (the row commits or rolls back with it). */
export function enqueue<S extends z.ZodType>(
  db: Db,
  job: JobType<S>,
  payload: z.input<S>,
  options: Omit<AddJobParams, 'task' | 'payload'> = {},
): Promise<void> {
  return addJob(db, { task: job.name, payload, ...options });
}
