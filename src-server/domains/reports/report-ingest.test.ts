/**
 * When EDGAR fails the diff's requests, the report is stored at once without it, and a background
 * job finishes the diff later (real Apple 10-Qs through the local EDGAR peer, real PostgreSQL).
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppDeps } from '../../deps';
import type { Database } from '../../db/client';
import { filings, reportDiffs } from '../../db/schema';
import { EdgarClient } from '../../integrations/edgar/edgar-client';
import { RateLimiter } from '../../integrations/edgar/rate-limiter';
import { startReplayServer, type ReplayServer } from '../../integrations/edgar/replay/replay-server';
import { createTestDatabase } from '../../test/db';
import { ingestAccession } from '../filings/filings.service';
import { REPORT_PRIORITY } from '../filings/ingest-queues';
import { reportDiffTask } from './reports.tasks';

let database: Database;
let replay: ReplayServer;
let client: EdgarClient;
let edgarDown = true;

beforeAll(async () => {
  database = await createTestDatabase();
  replay = await startReplayServer({
    override: (path) => (edgarDown && path.startsWith('/submissions/') ? 503 : undefined),
  });
  client = new EdgarClient({
    baseUrl: replay.url,
    dataBaseUrl: replay.url,
    userAgent: 'Filing Alerts Test ops@example.com',
    limiter: new RateLimiter(10),
    maxRetries: 0,
  });
});

afterAll(async () => {
  await replay.close();
});

describe('a report diff EDGAR cannot serve yet', () => {
  it('stores the report at once, then a job computes the diff and rescores the report', async () => {
    const accessionNo = '0000320193-24-000081';
    const outcome = await ingestAccession(database.db, {
      client,
      ref: { accessionNo, cik: 320193, formType: '10-Q', source: 'replay' },
      reports: { priority: 'sweep', waitMs: 30_000 },
    });
    expect(outcome.status).toBe('stored');
    expect(await database.db.select().from(reportDiffs)).toEqual([]);
    const [job] = await database.db.execute<{ payload: Record<string, unknown>; priority: number }>(
      sql`select payload, priority from graphile_worker._private_jobs where key = ${`report-diff:${accessionNo}`}`,
    );
    expect(job?.payload).toMatchObject({ accessionNo, cik: 320193, periodOfReport: '2024-06-29', priority: 'sweep' });
    // Behind live ingests (priority 0), like the report itself (decision 332).
    expect(job?.priority).toBe(REPORT_PRIORITY);

    edgarDown = false;
    const deps = { db: database.db, edgar: { start: async () => client } } as unknown as AppDeps;
    await reportDiffTask.handler(job!.payload as never, { deps } as never);
    const [diff] = await database.db.select().from(reportDiffs).where(eq(reportDiffs.accessionNo, accessionNo));
    expect(diff?.priorAccessionNo).toBe('0000320193-23-000077');
    const [row] = await database.db.select().from(filings).where(eq(filings.accessionNo, accessionNo));
    expect(row?.importance).toBe('MEDIUM');
  });

  it("a newer report read before its comparable gets its diff queued when the comparable arrives (Apple's 10-Ks)", async () => {
    for (const accessionNo of ['0000320193-25-000079', '0000320193-24-000123'])
      await ingestAccession(database.db, {
        client,
        ref: { accessionNo, cik: 320193, formType: '10-K', source: 'replay' },
        reports: { priority: 'sweep', waitMs: 30_000 },
      });
    const newer = '0000320193-25-000079';
    expect(await database.db.select().from(reportDiffs).where(eq(reportDiffs.accessionNo, newer))).toEqual([]);
    const [job] = await database.db.execute<{ payload: Record<string, unknown>; priority: number }>(
      sql`select payload, priority from graphile_worker._private_jobs where key = ${`report-diff:${newer}`}`,
    );
    expect(job?.payload).toMatchObject({ accessionNo: newer, periodOfReport: '2025-09-27', primaryDocument: null });
    expect(job?.priority).toBe(REPORT_PRIORITY);
    const deps = { db: database.db, edgar: { start: async () => client } } as unknown as AppDeps;
    await reportDiffTask.handler(job!.payload as never, { deps } as never);
    const [row] = await database.db.select().from(filings).where(eq(filings.accessionNo, newer));
    expect(row?.importance).toBe('HIGH');
    expect(row?.reasons[0]).toMatch(/^Risk factors rewrote 2\d% of their text/);
  });

  it('waits for one diff at a time: a second report arriving meanwhile is stored at once, its diff queued', async () => {
    // The first report's diff requests (sweep priority) hang until released; its own documents do not.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    edgarDown = false;
    let sweepAsked = false;
    const limiter = new RateLimiter(10);
    const gated = new EdgarClient({
      baseUrl: replay.url,
      dataBaseUrl: replay.url,
      userAgent: 'Filing Alerts Test ops@example.com',
      limiter: {
        take: async (priority) => {
          if (priority !== 'sweep') return limiter.take();
          sweepAsked = true;
          return held;
        },
      },
      maxRetries: 0,
    });
    const ingest = (accessionNo: string, formType: string) =>
      ingestAccession(database.db, {
        client: gated,
        ref: { accessionNo, cik: 1318605, formType, source: 'replay' },
        // Long enough that a second report waiting too would outlast the test.
        reports: { priority: 'sweep', waitMs: 300_000 },
      });
    const first = ingest('0001628280-25-003063', '10-K');
    await expect.poll(() => sweepAsked, { timeout: 20_000 }).toBe(true);
    const second = await ingest('0001628280-24-002390', '10-K');
    expect(second.status).toBe('stored');
    expect(await jobKeys()).toContain('report-diff:0001628280-24-002390');
    release();
    expect((await first).status).toBe('stored');
    expect(await jobKeys()).not.toContain('report-diff:0001628280-25-003063');
  });
});

async function jobKeys(): Promise<string[]> {
  const rows = await database.db.execute<{ key: string }>(sql`select key from graphile_worker._private_jobs`);
  return rows.map((r) => r.key);
}
