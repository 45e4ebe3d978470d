/**
 * The send lane (decision 140): with every shared job slot taken by long ingest-like jobs, a send
 * still starts at once in its own slots; with the lane off it waits for a shared slot.
 */
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import type { AppDeps } from '../deps';
import { testEnv } from '../test/app';
import { createTestDatabase } from '../test/db';
import { createTestDeps } from '../test/deps';
import { addJob } from './queue';
import { defineTask } from './registry';
import { startJobRunnerWorker } from './runner';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});

/** Slow jobs that hold their slot until released one by one, and a send; `started` records the order. */
function lanes() {
  const releases = new Map<number, () => void>();
  const started: string[] = [];
  let done = false;
  const slow = defineTask({
    name: 'test.slow',
    payload: z.object({ n: z.number() }),
    handler: async ({ n }) => {
      started.push(`slow ${n}`);
      // After the test (releaseAll), a slow job taking a freed slot ends at once: the runner can stop.
      if (!done) await new Promise<void>((r) => releases.set(n, r));
    },
  });
  const send = defineTask({ name: 'test.send', payload: z.object({}), handler: async () => void started.push('send') });
  const release = (n: number) => releases.get(n)?.();
  const releaseAll = () => {
    done = true;
    for (const r of releases.values()) r();
  };
  return { slow, send, started, release, releaseAll };
}

/**
 * Two shared slots held by slow 1 and 2, slow 3 queued behind them, then the send. With a lane the
 * send runs while both slots are still held (slow 3 still waiting). Without one, slow 1 is let go:
 * the freed shared slot takes the oldest queued job, slow 3, and the send is still waiting when
 * slow 3 starts (a lane, told of the send before slow 1 was even released, would have run it).
 */
async function run(sendConcurrency: string) {
  const { slow, send, started, release, releaseAll } = lanes();
  const deps: AppDeps = createTestDeps({
    env: testEnv({ JOBS_CONCURRENCY: '2', JOBS_SEND_CONCURRENCY: sendConcurrency }),
    database,
  });
  const runner = await startJobRunnerWorker(deps, { tasks: [slow, send], sendLane: [send], pollIntervalMs: 100 });
  try {
    for (const n of [1, 2, 3]) await addJob(database.db, { task: 'test.slow', payload: { n } });
    await expect.poll(() => started.length, { timeout: 10_000 }).toBe(2);
    await addJob(database.db, { task: 'test.send', payload: {} });
    if (sendConcurrency === '0') {
      release(1);
      await expect.poll(() => started.includes('slow 3'), { timeout: 10_000 }).toBe(true);
    } else {
      await expect.poll(() => started.includes('send'), { timeout: 10_000 }).toBe(true);
    }
    return [...started];
  } finally {
    releaseAll();
    await runner.stop();
    await database.db.execute(sql`delete from graphile_worker._private_jobs`);
  }
}

describe('the send lane', () => {
  it('runs a send while ingest-like jobs hold every shared slot; without it the send waits', {
    timeout: 30_000,
  }, async () => {
    // The two shared slots may take slow 1 and 2 in either order.
    const inOrder = (started: string[]) => [...started.slice(0, 2).sort(), ...started.slice(2)];
    expect(inOrder(await run('1'))).toEqual(['slow 1', 'slow 2', 'send']);
    expect(inOrder(await run('0'))).toEqual(['slow 1', 'slow 2', 'slow 3']);
  });
});
