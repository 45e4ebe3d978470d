/** SQL of admin jobs: the progress rows long admin operations report into. */
import { and, desc, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { adminJobs } from '../../db/schema';

export type AdminJobRow = typeof adminJobs.$inferSelect;

export async function insertJob(
  db: Db,
  values: { kind: string; params: Record<string, unknown>; createdBy: string; total?: number | null },
): Promise<AdminJobRow> {
  const [row] = await db.insert(adminJobs).values(values).returning();
  return row!;
}

export async function jobById(db: Db, { id }: { id: number }): Promise<AdminJobRow | null> {
  const [row] = await db.select().from(adminJobs).where(eq(adminJobs.id, id));
  return row ?? null;
}

export async function listJobs(
  db: Db,
  { kind, limit, beforeId }: { kind: string | null; limit: number; beforeId: number | null },
): Promise<AdminJobRow[]> {
  return db
    .select()
    .from(adminJobs)
    .where(and(kind ? eq(adminJobs.kind, kind) : undefined, beforeId ? lt(adminJobs.id, beforeId) : undefined))
    .orderBy(desc(adminJobs.id))
    .limit(limit);
}

/** Claims a job that has not finished (a rerun after a crash starts it again: handlers are idempotent). */
export async function markRunning(db: Db, { id }: { id: number }): Promise<AdminJobRow | null> {
  const [row] = await db
    .update(adminJobs)
    .set({
      status: 'running',
      startedAt: sql`coalesce(${adminJobs.startedAt}, now())`,
      done: 0,
      changed: 0,
      updatedAt: sql`now()`,
    })
    .where(and(eq(adminJobs.id, id), sql`${adminJobs.status} in ('queued', 'running')`))
    .returning();
  return row ?? null;
}

export async function writeProgress(
  db: Db,
  { id, done, total, changed }: { id: number; done: number; total?: number | null; changed: number },
): Promise<void> {
  await db
    .update(adminJobs)
    .set({ done, changed, ...(total != null ? { total } : {}), updatedAt: sql`now()` })
    .where(eq(adminJobs.id, id));
}

export async function finish(
  db: Db,
  {
    id,
    status,
    result,
    error,
  }: { id: number; status: 'done' | 'failed'; result?: Record<string, unknown>; error?: string },
): Promise<void> {
  await db
    .update(adminJobs)
    .set({ status, result: result ?? null, error: error ?? null, finishedAt: sql`now()`, updatedAt: sql`now()` })
    .where(eq(adminJobs.id, id));
}
