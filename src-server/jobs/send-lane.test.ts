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
import { addJob } from './queue';
import { defineTask } from './registry';
import { startJobRunnerWorker } from './runner';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});

/** A slow job that holds its slot until released, and a send that records when it ran. */
function lanes() {
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  const started: string[] = [];
  const slow = defineTask({ name: 'test.slow', payload: z.object({ n: z.number() }), handler: async ({ n }) => void (started.push(`slow ${n}`), await held) });
  const send = defineTask({ name: 'test.send', payload: z.object({}), handler: async () => void started.push('send') });
  return { slow, send, started, release };
}

async function run(sendConcurrency: string) {
  const { slow, send, started, release } = lanes();
  const deps: AppDeps = { env: testEnv({ JOBS_CONCURRENCY: '2', JOBS_SEND_CONCURRENCY: sendConcurrency }), db: database.db, sql: database.sql, databaseUrl: database.url };
  const runner = await startJobRunnerWorker(deps, { tasks: [slow, send], sendLane: [send], pollIntervalMs: 100 });
  try {
    for (const n of [1, 2, 3]) await addJob(database.db, { task: 'test.slow', payload: { n } });
    await expect.poll(() => started.length, { timeout: 10_000 }).toBe(2);
    await addJob(database.db, { task: 'test.send', payload: {} });
    // Either the lane runs it now, or nothing does until a shared slot frees.
    await new Promise((r) => setTimeout(r, 1_500));
    return [...started];
  } finally {
    release();
    await runner.stop();
    await database.db.execute(sql`delete from graphile_worker._private_jobs`);
  }
}

describe('the send lane', () => {
  it('runs a send while ingest-like jobs hold every shared slot; without it the send waits', { timeout: 30_000 }, async () => {
    const withLane = await run('1');
    expect(withLane.filter((s) => s.startsWith('slow'))).toHaveLength(2);
    expect(withLane).toContain('send');
    const without = await run('0');
    expect(without.filter((s) => s.startsWith('slow'))).toHaveLength(2);
    expect(without).not.toContain('send');
  });
});
