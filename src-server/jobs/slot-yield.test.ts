/**
 * A job that would wait long for the EDGAR budget gives its slot back (slot-yield.ts): the budget
 * throws JobSlotYield for sweep and bulk requests in a job, never for the feed or live documents,
 * and the runner puts the job back as it was (key, queue, priority, payload) while the slot takes
 * the next job.
 */
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { PgRequestBudget } from '../integrations/edgar/request-budget';
import { testEnv } from '../test/app';
import { createTestDatabase } from '../test/db';
import { createTestDeps } from '../test/deps';
import { addJob } from './queue';
import { defineTask } from './registry';
import { startJobRunner } from './runner';
import { JobSlotYield, runYieldable } from './slot-yield';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});

describe('a job gives its slot back', () => {
  it('when a sweep or bulk request finds the EDGAR budget full; feed and live requests wait', async () => {
    const budget = new PgRequestBudget(database.db, { perSecond: 8 });
    for (let i = 0; i < 8; i++) await budget.take('feed');
    await expect(runYieldable(50, () => budget.take('sweep'))).rejects.toBeInstanceOf(JobSlotYield);
    await expect(runYieldable(50, () => budget.take('bulk'))).rejects.toBeInstanceOf(JobSlotYield);
    // Live documents keep their place: they wait out the second and go.
    await expect(runYieldable(50, () => budget.take('live'))).resolves.toBeUndefined();
  });

  it('and runs again as it was, after the job queued behind it', async () => {
    const runs: { task: string; n: number; key: string | null }[] = [];
    let yielded = false;
    const waiting = defineTask({
      name: 'test.waiting',
      payload: z.object({ n: z.number() }),
      handler: async ({ n }, { job }) => {
        runs.push({ task: 'waiting', n, key: job.key });
        if (!yielded) {
          yielded = true;
          throw new JobSlotYield(300, 'test: the budget is full');
        }
      },
    });
    const next = defineTask({
      name: 'test.next',
      payload: z.object({}),
      handler: async () => void runs.push({ task: 'next', n: 0, key: null }),
    });
    const deps = createTestDeps({ env: testEnv({ JOBS_CONCURRENCY: '1' }), database });
    await addJob(database.db, {
      task: 'test.waiting',
      payload: { n: 7 },
      jobKey: 'waiting:7',
      queueName: 'test-serial',
      priority: 3,
    });
    await addJob(database.db, { task: 'test.next', payload: {}, priority: 5 });
    const runner = await startJobRunner(deps, [waiting, next], { pollIntervalMs: 100 });
    try {
      await expect.poll(() => runs.length, { timeout: 10_000 }).toBe(3);
      expect(runs).toEqual([
        { task: 'waiting', n: 7, key: 'waiting:7' },
        { task: 'next', n: 0, key: null },
        { task: 'waiting', n: 7, key: 'waiting:7' },
      ]);
      await expect.poll(async () => (await queued()).length, { timeout: 10_000 }).toBe(0);
    } finally {
      await runner.stop();
    }
  });

  it('keeps its queue and priority while it waits, with no failed attempt', async () => {
    const stall = defineTask({
      name: 'test.stall',
      payload: z.object({}),
      handler: async () => {
        throw new JobSlotYield(60_000, 'test: the budget is full');
      },
    });
    const deps = createTestDeps({ env: testEnv({ JOBS_CONCURRENCY: '1' }), database });
    await addJob(database.db, {
      task: 'test.stall',
      payload: {},
      jobKey: 'stall',
      queueName: 'test-bulk',
      priority: 10,
    });
    const runner = await startJobRunner(deps, [stall], { pollIntervalMs: 100 });
    try {
      await expect
        .poll(async () => (await queued()).filter((j) => j.later), { timeout: 10_000 })
        .toEqual([{ key: 'stall', queue: 'test-bulk', priority: 10, attempts: 0, last_error: null, later: true }]);
    } finally {
      await runner.stop();
      await database.db.execute(sql`delete from graphile_worker._private_jobs`);
    }
  });
});

function queued() {
  return database.db.execute<{
    key: string | null;
    queue: string | null;
    priority: number;
    attempts: number;
    last_error: string | null;
    later: boolean;
  }>(sql`
    select j.key, q.queue_name as queue, j.priority, j.attempts, j.last_error, j.run_at > now() + interval '30 seconds' as later
    from graphile_worker._private_jobs j left join graphile_worker._private_job_queues q on q.id = j.job_queue_id
    order by j.id`);
}
