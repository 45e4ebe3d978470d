/**
 * Long admin operations (ticker refresh, rescore, bulk retry) as jobs with progress: the admin
 * starts one, the queue runs it (admin-jobs.tasks.ts), the page polls `adminJob` until it is done.
 */
import type { Db } from '../../db/client';
import { enqueue } from '../../jobs/job';
import { JobSlotYield } from '../../jobs/slot-yield';
import { adminJob } from './admin.jobs';
import { AppError } from '#shared/app-error';
import * as repo from './admin-jobs.repo';

export const ADMIN_JOB_KINDS = ['tickers.refresh', 'filings.rescore', 'alerts.retry_dead'] as const;
export type AdminJobKind = (typeof ADMIN_JOB_KINDS)[number];

export interface AdminJobDto {
  id: number;
  kind: string;
  status: 'queued' | 'running' | 'done' | 'failed';
  params: Record<string, unknown>;
  total: number | null;
  done: number;
  changed: number;
  result: Record<string, unknown> | null;
  error: string | null;
  createdBy: string;
  createdAt: string;
  finishedAt: string | null;
}

export function toJobDto(row: repo.AdminJobRow): AdminJobDto {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status as AdminJobDto['status'],
    params: row.params,
    total: row.total,
    done: row.done,
    changed: row.changed,
    result: row.result ?? null,
    error: row.error,
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

/** The job row and its queue entry commit together: a job the page shows always runs. */
export async function startAdminJob(
  db: Db,
  {
    kind,
    params,
    createdBy,
    total = null,
  }: { kind: AdminJobKind; params: Record<string, unknown>; createdBy: string; total?: number | null },
): Promise<AdminJobDto> {
  return db.transaction(async (tx) => {
    const row = await repo.insertJob(tx, { kind, params, createdBy, total });
    await enqueue(tx, adminJob, { jobId: row.id }, { jobKey: `admin-job:${row.id}`, maxAttempts: 3 });
    return toJobDto(row);
  });
}

export async function getAdminJob(db: Db, { id }: { id: number }): Promise<AdminJobDto> {
  const row = await repo.jobById(db, { id });
  if (!row) throw new AppError('NOT_FOUND', 'No admin job with that id.', { reason: 'admin_job_not_found' });
  return toJobDto(row);
}

export async function listAdminJobs(
  db: Db,
  { kind, limit, beforeId }: { kind?: string | null; limit: number; beforeId?: number | null },
) {
  const rows = await repo.listJobs(db, { kind: kind ?? null, limit, beforeId: beforeId ?? null });
  const jobs = rows.map(toJobDto);
  return { jobs, nextBeforeId: jobs.length === limit ? jobs.at(-1)!.id : null };
}

/** What a running job reports: `done` of `total` steps, `changed` what it changed so far. */
export type Progress = (p: { done: number; total?: number | null; changed: number }) => Promise<void>;

export type AdminJobHandler = (
  params: Record<string, unknown>,
  ctx: { progress: Progress; jobId: number },
) => Promise<Record<string, unknown>>;

/**
 * Runs one job: claims it, reports progress, stores the result or the error. A finished job is
 * not run again (the queue may deliver it twice); a handler's error marks it failed on the last try.
 */
export async function runAdminJob(
  db: Db,
  {
    jobId,
    handlers,
    lastAttempt,
  }: { jobId: number; handlers: Partial<Record<string, AdminJobHandler>>; lastAttempt: boolean },
): Promise<void> {
  const row = await repo.markRunning(db, { id: jobId });
  if (!row) return;
  const handler = handlers[row.kind];
  if (!handler) {
    await repo.finish(db, { id: jobId, status: 'failed', error: `No handler for ${row.kind}.` });
    return;
  }
  try {
    const result = await handler(row.params, { jobId, progress: (p) => repo.writeProgress(db, { id: jobId, ...p }) });
    await repo.finish(db, { id: jobId, status: 'done', result });
  } catch (error) {
    // A job that gave its slot back (slot-yield.ts) runs again; it did not fail.
    if (!lastAttempt || error instanceof JobSlotYield) throw error;
    await repo.finish(db, {
      id: jobId,
      status: 'failed',
      error: error instanceof Error ? error.message : String(error),
    });
  }
}
