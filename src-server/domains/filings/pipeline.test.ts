/**
 * End to end: replay server -> feed poller -> job queue (graphile-worker) -> fetch, parse, score,
 * store -> NOTIFY filing_scored; and backfill from submissions JSON, started by a watchlist insert.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { companies, edgarBackfills, filings } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { createEdgarSource } from '../../integrations/edgar/edgar-source';
import { startReplayServer, type ReplayServer } from '../../integrations/edgar/replay/replay-server';
import { startJobRunner, type JobRunner } from '../../jobs/runner';
import { TASKS } from '../../background';
import type { RunningWorkers } from '../../jobs/workers';
import { testEnv } from '../../test/app';
import { createTestDatabase } from '../../test/db';
import { createTestDeps } from '../../test/deps';
import { runBackfill } from './backfill.service';
import { startEdgarIngest } from './filings.workers';
import { until } from '../../test/until';

let database: Database;
let replay: ReplayServer;
let deps: AppDeps;
let ingest: RunningWorkers;
let runner: JobRunner;
const notified: number[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  await database.db.execute(
    sql`insert into tickers (ticker, cik, name) values ('AAPL', 320193, 'Apple Inc.'), ('TSLA', 1318605, 'Tesla, Inc.'), ('NVDA', 1045810, 'NVIDIA CORP')`,
  );
  await database.sql.listen('filing_scored', (id) => void notified.push(Number(id)));
  replay = await startReplayServer({ initial: 3 });
  const env = testEnv({
    EDGAR_BASE_URL: replay.url,
    EDGAR_POLL_SECONDS: '1',
    EDGAR_RATE_PER_SECOND: '8',
    EDGAR_BACKFILL_DAYS: '90',
  });
  deps = createTestDeps({ env, database }, { edgar: createEdgarSource(env, { db: database.db }), llm: null });
  ingest = await startEdgarIngest(deps);
  runner = await startJobRunner(deps, TASKS, { concurrency: 4, pollIntervalMs: 500 });
});

afterAll(async () => {
  await ingest?.stop();
  await runner?.stop();
  await replay?.close();
});

describe('live pipeline against the replay', () => {
  it('stores each released filing once and notifies its id after commit', async () => {
    await until(async () => notified.length >= 3 && notified, '3 filings', { timeoutMs: 20_000, everyMs: 100 });
    replay.releaseNext();
    await until(async () => notified.length >= 4 && notified, 'the 4th filing', { timeoutMs: 20_000, everyMs: 100 });
    const rows = await database.db.select().from(filings).orderBy(filings.id);
    expect(rows.map((r) => r.accessionNo).sort()).toEqual(
      ['0000899243-22-035394', '0000320193-20-000086', '0001045810-23-000128', '0001628280-25-058337'].sort(),
    );
    expect(new Set(notified)).toEqual(new Set(rows.map((r) => r.id)));
    const musk = rows.find((r) => r.accessionNo === '0000899243-22-035394');
    expect(musk).toMatchObject({ ticker: 'TSLA', source: 'replay', importance: 'HIGH' });
    expect(musk?.acceptedAt?.toISOString()).toBe('2022-11-09T01:18:10.000Z');
    expect(musk?.detectedAt).toBeInstanceOf(Date);
    expect(musk!.storedAt.getTime()).toBeGreaterThanOrEqual(musk!.detectedAt!.getTime());
    // A bare document: acceptance time from the feed entry (the replay's submissions-JSON value).
    const maestri = rows.find((r) => r.accessionNo === '0000320193-20-000086');
    expect(maestri).toMatchObject({ ticker: 'AAPL', importance: 'LOW', formType: '4' });
    expect(maestri?.acceptedAt?.toISOString()).toBe('2020-10-13T18:30:27.000Z');
    // Meta's 8-K: a director resigns, no dispute stated. LOW by its content (docs/scoring.md), not HIGH by item number.
    const meta8k = rows.find((r) => r.accessionNo === '0001628280-25-058337');
    expect(meta8k).toMatchObject({ items: ['5.02'], importance: 'LOW', catalogueForm: '8-K' });
  });

  it('backfills a company from submissions JSON: filings of the window, documents EDGAR has', async () => {
    const client = await deps.edgar!.start();
    const { queued } = await runBackfill(database.db, {
      client,
      cik: 320193,
      days: 16,
      now: new Date('2019-08-28T00:00:00Z'),
    });
    // 2019-08-12..28: three Form 4s (Aug 14, 26, 27); a short window keeps the one-at-a-time bulk queue quick.
    expect(queued).toBe(3);
    // Levinson's Form 4 (filed 2019-08-14) is in the window and in the recorded set.
    const levinson = await until(
      async () => (await database.db.select().from(filings).where(eq(filings.accessionNo, '0000320193-19-000086')))[0],
      'the backfilled Form 4',
      { timeoutMs: 20_000, everyMs: 100 },
    );
    expect(levinson).toMatchObject({
      source: 'backfill',
      ticker: 'AAPL',
      oneLiner: 'Arthur D. Levinson sold 17,500 shares at $201.69 ($3.5M)',
    });
    const [apple] = await database.db.select().from(companies).where(eq(companies.cik, 320193));
    expect(apple).toMatchObject({ sic: '3571', sicDescription: 'Electronic Computers', exchange: 'Nasdaq' });
    expect((await runBackfill(database.db, { client, cik: 320193, days: 90 })).queued).toBe(0); // once per company
  });

  it('a ticker entering a watchlist starts its backfill (trigger NOTIFY -> watcher -> job)', async () => {
    const [user] = await database.db.execute<{ id: string }>(sql`insert into users default values returning id`);
    await database.db.execute(
      sql`insert into watchlist_items (user_id, ticker, forms) values (${user!.id}, 'TSLA', '{4}')`,
    );
    const done = await until(
      async () => (await database.db.select().from(edgarBackfills).where(eq(edgarBackfills.cik, 1318605)))[0],
      'the TSLA backfill',
      { timeoutMs: 20_000, everyMs: 100 },
    );
    expect(done.status).toBe('done');
    const [tesla] = await database.db.select().from(companies).where(eq(companies.cik, 1318605));
    expect(tesla).toMatchObject({ sic: '3711', name: 'Tesla, Inc.' });
  });
});
