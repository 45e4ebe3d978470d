/**
 * Jobs of killed workers (worker-liveness.ts), on real PostgreSQL with the real job runner: a job
 * locked by a worker that no live session vouches for is freed and runs; a job a live runner is
 * working on is left alone however long it runs; and a runner whose liveness session the
 * database dropped vouches for its workers again. (The scale-out test kills real processes.)
 */
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import type { AppDeps } from '../deps';
import { testEnv } from '../test/app';
import { createTestDatabase } from '../test/db';
import { createTestDeps } from '../test/deps';
import { addJob } from './queue';
import { defineTask } from './registry';
import { startJobRunner, type JobRunner } from './runner';
import postgres from 'postgres';
import { ABANDONED_AFTER_SECONDS, NAMESPACE, unlockAbandonedJobs, unlockIfHeld } from './worker-liveness';

let database: Database;
let deps: AppDeps;
let runner: JobRunner | null = null;
const ran: string[] = [];
let release!: () => void;
const held = new Promise<void>((r) => (release = r));

const work = defineTask({
  name: 'test.work',
  payload: z.object({ name: z.string() }),
  handler: async ({ name }) => {
    ran.push(name);
    if (name === 'long') await held;
  },
});

type JobRow = { key: string; locked_by: string | null; done: boolean };
const jobs = async () =>
  database.db.execute<JobRow>(
    sql`select key, locked_by, false as done from graphile_worker._private_jobs order by key`,
  );
/** The second look soon after the first (the default waits CONFIRM_MISSING_MS). */
const quick = { confirmAfterMs: 200 };
/** Makes every lock look older than the grace period, as minutes of real time would. */
const age = () =>
  database.db.execute(
    sql`update graphile_worker._private_jobs set locked_at = now() - make_interval(secs => ${ABANDONED_AFTER_SECONDS + 5})
        where locked_at is not null`,
  );

beforeAll(async () => {
  database = await createTestDatabase();
  deps = createTestDeps({ env: testEnv({}), database });
});

afterAll(async () => {
  release();
  await runner?.stop();
});

describe('jobs of killed workers', () => {
  it('frees a job locked by a dead worker and leaves a live runner’s job alone', async () => {
    // A job a killed process had locked: its worker id is graphile's shape, and nobody holds its lock.
    await addJob(database.db, { task: 'test.work', payload: { name: 'orphan' }, jobKey: 'orphan' });
    await database.db.execute(
      sql`update graphile_worker._private_jobs set locked_by = 'worker-0123456789abcdef01', locked_at = now() where key = 'orphan'`,
    );
    runner = await startJobRunner(deps, [work], { concurrency: 1, pollIntervalMs: 100 });
    await addJob(database.db, { task: 'test.work', payload: { name: 'long' }, jobKey: 'long' });
    await expect.poll(() => ran, { timeout: 10_000 }).toEqual(['long']);

    // Within the grace period even the orphan is left alone (a runner locks its workers just after start).
    expect(await unlockAbandonedJobs(database.db, quick)).toBe(0);
    await age();
    expect(await unlockAbandonedJobs(database.db, quick)).toBe(1);
    const after = await jobs();
    expect(after.find((j) => j.key === 'orphan')?.locked_by).toBeNull();
    expect(after.find((j) => j.key === 'long')?.locked_by).toMatch(/^worker-/);
    // Freed, the orphan runs once the live runner's slot is free.
    release();
    await expect.poll(() => ran, { timeout: 10_000 }).toEqual(['long', 'orphan']);
  });

  it('vouches for its workers again after the database drops its liveness session', async () => {
    let unblock!: () => void;
    const blocked = new Promise<void>((r) => (unblock = r));
    const task = defineTask({
      name: 'test.block',
      payload: z.object({}),
      handler: () => blocked,
    });
    await runner?.stop();
    runner = await startJobRunner(deps, [task], { concurrency: 1, pollIntervalMs: 100 });
    try {
      await addJob(database.db, { task: 'test.block', payload: {}, jobKey: 'blocked' });
      await expect
        .poll(async () => (await jobs()).find((j) => j.key === 'blocked')?.locked_by ?? null, { timeout: 10_000 })
        .toMatch(/^worker-/);
      const name = `filing-alerts job workers pid=${process.pid}`;
      /** Backends of this runner's liveness session holding a worker's lock. */
      const holders = async () =>
        (
          await database.db.execute<{ pid: number }>(
            sql`select l.pid from pg_locks l join pg_stat_activity a on a.pid = l.pid
                where l.locktype = 'advisory' and l.objsubid = 2 and l.granted and a.application_name = ${name}`,
          )
        ).map((r) => r.pid);
      await expect.poll(holders, { timeout: 20_000 }).toHaveLength(1);
      const [before] = await holders();
      await database.db.execute(sql`select pg_terminate_backend(${before}::int)`);
      // A new session, the same worker's lock again.
      await expect
        .poll(async () => (await holders()).filter((pid) => pid !== before), { timeout: 10_000 })
        .toHaveLength(1);
      await age();
      expect(await unlockAbandonedJobs(database.db, quick)).toBe(0);
    } finally {
      unblock();
    }
  });

  it('frees nothing for a worker whose lock was missing at the first look only (a session being re-opened)', async () => {
    await runner?.stop();
    runner = null;
    const workerId = 'worker-fedcba98765432100f';
    const key = 0xfedcba98 | 0;
    await addJob(database.db, { task: 'test.work', payload: { name: 'reopened' }, jobKey: 'reopened' });
    await database.db.execute(
      sql`update graphile_worker._private_jobs set locked_by = ${workerId}, locked_at = now() where key = 'reopened'`,
    );
    await age();
    // The process's liveness session, played by a connection of the test's own.
    const session = await database.sql.reserve();
    const lock = () => session`select pg_advisory_lock(${NAMESPACE}::int4, ${key}::int4)`;
    try {
      const sweep = unlockAbandonedJobs(database.db, { confirmAfterMs: 1_500 });
      await new Promise((r) => setTimeout(r, 500));
      await lock();
      expect(await sweep).toBe(0);
      await session`select pg_advisory_unlock_all()`;
      expect(await unlockAbandonedJobs(database.db, quick)).toBe(1);
    } finally {
      session.release();
      await database.db.execute(sql`delete from graphile_worker._private_jobs where key = 'reopened'`);
    }
  });

  it('frees a worker’s lock only where its session holds it: a Ctrl-C after a lost session logs no warning', async () => {
    const notices: string[] = [];
    const session = postgres(database.url, { max: 1, onnotice: (n) => void notices.push(String(n.message)) });
    // A key above 2^31, which pg_locks shows as an unsigned oid.
    const key = 0xfedcba98 | 0;
    const held = () =>
      session`select 1 from pg_locks where locktype = 'advisory' and objsubid = 2 and pid = pg_backend_pid()`;
    try {
      await session`select pg_advisory_lock(${NAMESPACE}::int4, ${key}::int4)`;
      expect(await unlockIfHeld(session, key)).toHaveLength(1);
      expect(await held()).toHaveLength(0);
      // Not held (its session was lost and the lock not yet taken again): nothing to free, nothing said.
      expect(await unlockIfHeld(session, key)).toHaveLength(0);
      expect(notices).toEqual([]);
      // What a plain unlock says there, so the notice above would have been seen.
      await session`select pg_advisory_unlock(${NAMESPACE}::int4, ${key}::int4)`;
      expect(notices).toEqual(["you don't own a lock of type ExclusiveLock"]);
    } finally {
      await session.end();
    }
  });
});
