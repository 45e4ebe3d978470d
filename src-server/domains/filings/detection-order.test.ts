/**
 * A backlog (the after-close rush, a catch-up after an outage): annual and quarterly reports wait
 * behind the small live forms (decision 321). Real PostgreSQL, the real job runner with one slot,
 * the replay server's recorded filings: a 10-K detected first is still stored after a Form 4
 * detected a moment later, and both are stored.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import type { AppDeps } from '../../deps';
import { createEdgarSource } from '../../integrations/edgar/edgar-source';
import { startReplayServer, type ReplayServer } from '../../integrations/edgar/replay/replay-server';
import { startJobRunner, type JobRunner } from '../../jobs/runner';
import { TASKS } from '../../background';
import { testEnv } from '../../test/app';
import { createTestDatabase } from '../../test/db';
import { createTestDeps } from '../../test/deps';
import { pipelineIdle } from '../../test/pipeline-idle';
import { enqueueDetected } from './detection.service';
import { ingestJobKey } from './filings.jobs';
import { REPORT_PRIORITY } from './ingest-queues';

const TESLA_10K = { accessionNo: '0001628280-25-003063', cik: 1318605, formType: '10-K', companyName: 'Tesla, Inc.' };
const APPLE_FORM_4 = { accessionNo: '0000320193-20-000086', cik: 320193, formType: '4', companyName: 'Apple Inc.' };

let database: Database;
let replay: ReplayServer;
let deps: AppDeps;
let runner: JobRunner | null = null;

beforeAll(async () => {
  database = await createTestDatabase();
  await database.db.execute(
    sql`insert into tickers (ticker, cik, name) values ('AAPL', 320193, 'Apple Inc.'), ('TSLA', 1318605, 'Tesla, Inc.')`,
  );
  // Nothing in the feed: the archive serves every recorded filing, and the test detects them itself.
  replay = await startReplayServer({ initial: 0, intervalMs: 0 });
  const env = testEnv({ EDGAR_BASE_URL: replay.url, EDGAR_RATE_PER_SECOND: '8' });
  deps = createTestDeps({ env, database }, { edgar: createEdgarSource(env, { db: database.db }), llm: null });
  await deps.edgar?.start();
});

afterAll(async () => {
  await runner?.stop();
  await replay?.close();
});

describe('ingest order in a backlog', () => {
  it('stores a Form 4 before a 10-K that was detected first', async () => {
    const detectedAt = new Date();
    // Both queued before any worker runs, the 10-K first: a backlog as the runner finds it.
    for (const f of [TESLA_10K, APPLE_FORM_4]) {
      await enqueueDetected(database.db, { source: 'feed', filings: [{ ...f, detectedAt, via: 'feed' }] });
    }
    const queued = await database.db.execute<{ accession: string; priority: number }>(
      sql`select key as accession, priority from graphile_worker.jobs order by id`,
    );
    expect(queued.map((j) => [j.accession, j.priority])).toEqual([
      [ingestJobKey(TESLA_10K.accessionNo), REPORT_PRIORITY],
      [ingestJobKey(APPLE_FORM_4.accessionNo), 0],
    ]);

    runner = await startJobRunner(deps, TASKS, { concurrency: 1, pollIntervalMs: 200 });
    await expect
      .poll(() => pipelineIdle(database.db, { alerts: false }), { timeout: 30_000, interval: 200 })
      .toBe(true);
    const stored = await database.db.execute<{ accession_no: string }>(
      sql`select accession_no from filings order by stored_at, id`,
    );
    expect(stored.map((r) => r.accession_no)).toEqual([APPLE_FORM_4.accessionNo, TESLA_10K.accessionNo]);
  });
});
