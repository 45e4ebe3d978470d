/**
 * Report diffs end to end through the local EDGAR peer (the replay server, EDGAR's own paths) and
 * real PostgreSQL: a 10-Q's comparable found through the company's submissions JSON and fetched
 * once (the same quarter a year earlier, not the quarter before), and a 10-K pair scored with its
 * change, both real (replay-data/SOURCES.md).
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { filings, reportDiffs, reportSections } from '../../db/schema';
import { EdgarClient } from '../../integrations/edgar/edgar-client';
import { RateLimiter } from '../../integrations/edgar/rate-limiter';
import { startReplayServer, type ReplayServer } from '../../integrations/edgar/replay/replay-server';
import { createTestDatabase } from '../../test/db';
import { APPLE_10K_PAIR, store10kPair, WALMART_10K_PAIR } from '../../test/report-pair';
import { analyseFiling } from '../filings/analysis.service';
import { ingestAccession } from '../filings/filings.service';
import { createSignedInUser } from '../../test/users';
import { ask } from '../assistant/assistant.service';
import { alertEmail, alertSms } from '../alerts/alert-messages';
import { reportAlertLinesOf } from './report-alert';
import { compareWithPrevious } from './reports.service';

let database: Database;
let replay: ReplayServer;
let client: EdgarClient;
const requests: string[] = [];
const reports = { priority: 'sweep' as const, waitMs: 30_000 };

beforeAll(async () => {
  database = await createTestDatabase();
  await database.db.execute(sql`insert into tickers (ticker, cik, name) values
    ('AAPL', 320193, 'Apple Inc.'), ('WMT', 104169, 'Walmart Inc.')`);
  replay = await startReplayServer({ onRequest: (r) => requests.push(r.path) });
  client = new EdgarClient({
    baseUrl: replay.url,
    dataBaseUrl: replay.url,
    userAgent: 'Filing Alerts Test ops@example.com',
    limiter: new RateLimiter(10),
  });
});

afterAll(async () => {
  await replay.close();
});

describe('a 10-Q compared with the same quarter a year earlier', () => {
  it('finds it in the filing index, fetches it once, stores both reports and the diff', async () => {
    requests.length = 0;
    const outcome = await ingestAccession(database.db, {
      client,
      ref: { accessionNo: '0000320193-24-000081', cik: 320193, formType: '10-Q', source: 'replay' },
      reports,
    });
    expect(outcome.status).toBe('stored');
    // After the ingest's own document fetch: one filing index, one document of the comparable.
    const afterIngest = requests.slice(requests.findIndex((p) => p.startsWith('/submissions/')));
    expect(afterIngest).toEqual([
      '/submissions/CIK0000320193.json',
      '/Archives/edgar/data/320193/000032019323000077/aapl-20230701.htm',
    ]);
    const [diff] = await database.db
      .select()
      .from(reportDiffs)
      .where(eq(reportDiffs.accessionNo, '0000320193-24-000081'));
    // Q3 FY2024 (ended 2024-06-29) against Q3 FY2023 (ended 2023-07-01), not Q2 FY2024 or the 10-K.
    expect(diff).toMatchObject({
      priorAccessionNo: '0000320193-23-000077',
      periodOfReport: '2024-06-29',
      priorPeriodOfReport: '2023-07-01',
      kind: '10-Q',
      documentUrl: 'https://www.sec.gov/Archives/edgar/data/320193/000032019324000081/aapl-20240629.htm',
    });
    expect(diff?.diff.sections.map((s) => s.item)).toEqual(['I-2', 'I-3', 'I-4', 'II-1', 'II-1A']);
    const stored = await database.db.select({ a: reportSections.accessionNo }).from(reportSections);
    expect(stored.map((r) => r.a).sort()).toEqual(['0000320193-23-000077', '0000320193-24-000081']);

    // Stored: comparing again reads nothing from EDGAR.
    requests.length = 0;
    await compareWithPrevious(database.db, {
      client,
      report: {
        accessionNo: '0000320193-24-000081',
        cik: 320193,
        formType: '10-Q',
        periodOfReport: '2024-06-29',
        filedDate: null,
        primaryDocument: 'aapl-20240629.htm',
      },
      priority: 'sweep',
    });
    expect(requests).toEqual([]);
  });
});

describe('a 10-K scored with what changed since the previous one', () => {
  it('Apple FY2025: the older report is read first, the newer one rises to HIGH with the reason and its removed factor', async () => {
    await store10kPair(database.db, APPLE_10K_PAIR);
    const [row] = await database.db.select().from(filings).where(eq(filings.accessionNo, '0000320193-25-000079'));
    expect(row?.importance).toBe('HIGH');
    // Dated by the feed's filing date (2025-10-31), not the period end the document states (2025-09-27).
    expect(row?.filedAt.toISOString().slice(0, 10)).toBe('2025-10-31');
    expect(row?.reasons[0]).toMatch(/^Risk factors rewrote 2\d% of their text; typical for large companies: 12%/);
    expect(row?.reasons).toContain('Risk factors since the previous 10-K: 0 new, 1 removed');
    const [older] = await database.db.select().from(filings).where(eq(filings.accessionNo, '0000320193-24-000123'));
    expect(older?.importance).toBe('MEDIUM');
  });

  it("the assistant answers what changed in Apple's risk factors from the stored diff, citing both reports", async () => {
    const { user } = await createSignedInUser(database.db, { email: 'reader@example.com' });
    const answer = await ask(database.db, { userId: user.id, question: "What changed in Apple's risk factors?" });
    expect(answer.intent).toBe('report_changes');
    // Both reports cited: this year's for the measures, last year's for the factor it dropped.
    expect(answer.citations).toEqual([
      '0000320193-25-000079',
      '0000320193-24-000123',
      '0000320193-25-000079#1A',
      '0000320193-24-000123#1A',
    ]);
    expect(new Set(answer.citations.map((c) => c.split('#')[0]))).toEqual(
      new Set(['0000320193-25-000079', '0000320193-24-000123']),
    );
    expect(answer.text).toMatch(
      /^AAPL's 10-K filed 2025-\d\d-\d\d \[\[acc:0000320193-25-000079\]\], compared with its previous 10-K/,
    );
    expect(answer.text).toContain(
      'Removed: “The Company’s retail stores are subject to numerous risks and uncertainties.” [[acc:0000320193-24-000123#1A]]',
    );
  });

  it('the alert carries the two-line summary and the count of new and removed risk factors', async () => {
    const [row] = await database.db.select().from(filings).where(eq(filings.accessionNo, '0000320193-25-000079'));
    const f = row!;
    const lines = await reportAlertLinesOf(database.db, { filings: [{ filingId: f.id, formType: f.formType }] });
    const filing = {
      filingId: f.id,
      ticker: f.ticker,
      companyName: f.companyName,
      formType: f.formType,
      importance: f.importance,
      reasons: f.reasons,
      oneLiner: f.oneLiner,
      link: f.primaryDocUrl,
      filedAt: f.filedAt,
      reportChange: lines.get(f.id) ?? null,
    };
    const ctx = {
      brandName: '8-K Alerts',
      brandColor: '#1d4ed8',
      publicUrl: 'https://alerts.example',
      timeZone: 'America/New_York',
      unsubscribeUrl: 'https://alerts.example/unsubscribe/x',
      postalAddress: null,
    };
    const mail = await alertEmail('reader@example.com', filing, ctx, {
      routing: { route: 'realtime_email', settings: { emailMinRank: 3, smsMinRank: 4 } },
    });
    expect(mail.text).toMatch(
      /What changed since last year:\nRisk factors: 2\d% of the text is new since last year; 0 new risk factors, 1 removed\nLegal proceedings \d+% new, MD&A \d+% new, Business \d+% new/,
    );
    expect(mail.html).toContain('WHAT CHANGED SINCE LAST YEAR');
    expect(alertSms(filing, ctx)).toContain('(0 new risk factors, 1 removed)');
  });
});

describe('the rule-based analysis of a report reads its stored change', () => {
  it("Walmart FY2025: what to watch names the risk factor new since FY2024 (Apple's, with none new, has no watch)", async () => {
    await store10kPair(database.db, WALMART_10K_PAIR);
    const idOf = async (accessionNo: string) =>
      (await database.db.select({ id: filings.id }).from(filings).where(eq(filings.accessionNo, accessionNo)))[0]!.id;
    const walmart = await analyseFiling(database.db, { llm: null, filingId: await idOf('0000104169-25-000021') });
    expect(walmart.kind).toBe('rules');
    expect(walmart.rules.whatToWatch).toEqual([
      expect.stringMatching(/^Whether the new risk factor \(“Illegal or inappropriate activity of our independent/),
    ]);
    expect(walmart.summary).toContain('What to watch: Whether the new risk factor');
    const apple = await analyseFiling(database.db, { llm: null, filingId: await idOf('0000320193-25-000079') });
    expect(apple.rules.whatToWatch).toEqual([]);
    expect(apple.summary).not.toContain('What to watch');
  });
});
