/**
 * /admin/filings services on real replayed filings: search and keyset pages, a filing's facts and
 * rules, rescoring (one and a range, as a job with progress), re-ingest through the replay, and
 * an importance review that users see as "reviewed" and a rescore does not undo.
 */
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { isAppError } from '#shared/app-error';
import { EdgarClient } from '../../integrations/edgar/edgar-client';
import { RateLimiter } from '../../integrations/edgar/rate-limiter';
import { startReplayServer } from '../../integrations/edgar/replay/replay-server';
import { createTestDatabase } from '../../test/db';
import { storeReplayFilings } from '../../test/replay-filings';
import { createSignedInUser } from '../../test/users';
import { ensureShippedCatalogue } from '../tickers/catalogue.service';
import { getAdminJob, runAdminJob, startAdminJob } from '../admin/admin-jobs.service';
import { FILING_DTO_COLUMNS, toFilingDto, type FilingDtoSource } from './filing-dto';
import {
  clearImportanceReview,
  filingAdminDetail,
  reingestFiling,
  rescoreFiling,
  rescoreRange,
  reviewImportance,
  searchFilingsAdmin,
} from './filings-admin.service';

// Item 5.02: a director resigns effective immediately, no dispute stated. LOW by content (docs/scoring.md,
// "a director joins or leaves without dispute"); the item-number rules before issue #25 rated it HIGH.
const META_8K = '0001628280-25-058337';
const MUSK_FORM4 = '0000899243-22-035394';
const APPLE_8K_2019 = '0001193125-19-292676';

const database = await createTestDatabase();
const db = database.db;
// SEC's ticker file as shipped: the search resolves META to Meta's CIK.
await ensureShippedCatalogue(db);
const ids = await storeReplayFilings(db, [META_8K, MUSK_FORM4, APPLE_8K_2019]);
const metaId = ids.get(META_8K)!;
const admin = await createSignedInUser(db, { email: 'ops@example.com', isAdmin: true });
const replay = await startReplayServer({ initial: 71 });
afterAll(() => replay.close());
const client = new EdgarClient({
  baseUrl: replay.url,
  dataBaseUrl: replay.url,
  userAgent: 'Filing Alerts Test ops@example.com',
  limiter: new RateLimiter(10),
});

async function userView(id: number) {
  const [row] = await db.execute<FilingDtoSource>(sql`select ${FILING_DTO_COLUMNS} from filings f where f.id = ${id}`);
  return toFilingDto(row!);
}
const noProgress = async () => {};

describe('filings admin', () => {
  it('searches by ticker, form, importance and date, newest first, paged by keyset', async () => {
    expect(
      (
        await searchFilingsAdmin(db, { ticker: 'meta', limit: 10, importance: null, from: null, to: null, after: null })
      ).items.map((f) => f.accessionNo),
    ).toEqual([META_8K]);
    expect(
      (
        await searchFilingsAdmin(db, { form: '4', limit: 10, importance: null, from: null, to: null, after: null })
      ).items.map((f) => f.accessionNo),
    ).toEqual([MUSK_FORM4]);
    expect(
      (await searchFilingsAdmin(db, { limit: 10, importance: 'LOW', from: null, to: null, after: null })).items.map(
        (f) => f.accessionNo,
      ),
    ).toContain(META_8K);
    expect(
      (await searchFilingsAdmin(db, { limit: 10, importance: 'HIGH', from: null, to: null, after: null })).items.map(
        (f) => f.accessionNo,
      ),
    ).not.toContain(META_8K);
    expect(
      (
        await searchFilingsAdmin(db, { limit: 10, importance: null, from: '2019-11-15', to: '2019-11-15', after: null })
      ).items.map((f) => f.accessionNo),
    ).toEqual([APPLE_8K_2019]);
    const first = await searchFilingsAdmin(db, { limit: 2, importance: null, from: null, to: null, after: null });
    const second = await searchFilingsAdmin(db, {
      limit: 2,
      importance: null,
      from: null,
      to: null,
      after: first.next,
    });
    expect([...first.items, ...second.items].map((f) => f.accessionNo)).toEqual([META_8K, MUSK_FORM4, APPLE_8K_2019]);
    expect(second.next).toBeNull();
  });

  it('shows a filing’s parsed facts, the rules that fired and its score', async () => {
    const detail = await filingAdminDetail(db, { id: metaId });
    expect(detail).toMatchObject({
      accessionNo: META_8K,
      importance: 'LOW',
      review: null,
      facts: { kind: 'current' },
    });
    // Content facts, not the item's title.
    expect(detail.reasons.join(' ')).toMatch(
      /A director leaves the board: Dina Powell McCormick; no CEO, CFO or chair change/,
    );
    expect(detail.rules).not.toHaveLength(0);
    await expect(filingAdminDetail(db, { id: 99_999_999 })).rejects.toMatchObject({ reason: 'filing_not_found' });
  });

  it('rescoring an unchanged filing from its stored parse reproduces its score exactly', async () => {
    for (const id of ids.values()) {
      const before = await filingAdminDetail(db, { id });
      expect((await rescoreFiling(db, { id })).changed).toBe(false);
      const after = await filingAdminDetail(db, { id });
      expect({ i: after.importance, r: after.reasons, o: after.oneLiner, s: after.summaryText }).toEqual({
        i: before.importance,
        r: before.reasons,
        o: before.oneLiner,
        s: before.summaryText,
      });
    }
  });

  it('a range rescore after a rule change runs as a job, reports progress and how many labels changed', async () => {
    // As the item-number rules stored it: every Item 5.02 rated HIGH. Content rules rate a director's exit LOW.
    await db.execute(sql`update filings set importance = 'HIGH', importance_rank = 3 where id = ${metaId}`);
    const job = await startAdminJob(db, {
      kind: 'filings.rescore',
      params: { from: '2019-01-01', to: '2026-12-31' },
      createdBy: admin.user.id,
    });
    expect(job.status).toBe('queued');
    const [queued] = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from graphile_worker.jobs where key = ${`admin-job:${job.id}`}`,
    );
    expect(queued!.n).toBe(1);
    const steps: number[] = [];
    await runAdminJob(db, {
      jobId: job.id,
      lastAttempt: true,
      handlers: {
        'filings.rescore': (p, { progress }) =>
          rescoreRange(db, {
            from: String(p.from),
            to: String(p.to),
            form: null,
            progress: async (x) => {
              steps.push(x.done);
              return progress(x);
            },
          }),
      },
    });
    const done = await getAdminJob(db, { id: job.id });
    expect(done).toMatchObject({
      status: 'done',
      total: 3,
      done: 3,
      changed: 1,
      result: { filings: 3, changed: 1, moves: { 'HIGH->LOW': 1 } },
    });
    expect(steps[0]).toBe(0);
    expect((await userView(metaId)).importance).toBe('LOW');
    // A finished job delivered twice does not run again.
    await runAdminJob(db, { jobId: job.id, lastAttempt: true, handlers: {} });
    expect((await getAdminJob(db, { id: job.id })).status).toBe('done');
  });

  it('an importance review shows to users as "reviewed"; a rescore keeps it and records the rules’ level', async () => {
    const { before, after } = await reviewImportance(db, {
      id: metaId,
      importance: 'MEDIUM',
      reason: 'Departure reported by the press as a protest',
    });
    expect(before).toMatchObject({ importance: 'LOW', rulesImportance: null });
    expect(after).toMatchObject({
      importance: 'MEDIUM',
      rulesImportance: 'LOW',
      reviewReason: 'Departure reported by the press as a protest',
    });
    expect(await userView(metaId)).toMatchObject({ importance: 'MEDIUM', reviewed: true });
    expect(
      await rescoreRange(db, { from: '2025-12-19', to: '2025-12-19', form: '8-K', progress: noProgress }),
    ).toMatchObject({ filings: 1, changed: 0 });
    expect(await userView(metaId)).toMatchObject({ importance: 'MEDIUM', reviewed: true });
    expect((await filingAdminDetail(db, { id: metaId })).rulesImportance).toBe('LOW');
    await clearImportanceReview(db, { id: metaId });
    expect(await userView(metaId)).toMatchObject({ importance: 'LOW', reviewed: false });
    const again = await clearImportanceReview(db, { id: metaId }).catch((e: unknown) => e);
    expect(isAppError(again) && again.reason).toBe('filing_not_reviewed');
  });

  it('re-ingests a filing from EDGAR (the replay) and rescores the fresh parse', async () => {
    await db.execute(sql`update filings set reasons = '[]'::jsonb, details = null where id = ${metaId}`);
    const result = await reingestFiling(db, { id: metaId, client });
    expect(result).toMatchObject({ id: metaId, after: 'LOW' });
    const detail = await filingAdminDetail(db, { id: metaId });
    expect(detail.reasons.join(' ')).toMatch(/A director leaves the board/);
    expect(detail.facts).toMatchObject({ kind: 'current' });
  });

  it('a range fetched again re-parses each filing with today’s parser (readings added since it was stored)', async () => {
    // A parse stored before the content readings existed: no facts to rescore from.
    await db.execute(sql`update filings set reasons = '[]'::jsonb, details = null where id = ${metaId}`);
    const fromStored = await rescoreRange(db, {
      from: '2025-12-19',
      to: '2025-12-19',
      form: '8-K',
      progress: noProgress,
    });
    expect(fromStored).toEqual({ filings: 1, changed: 0, moves: {} });
    expect((await filingAdminDetail(db, { id: metaId })).facts).not.toHaveProperty('kind');
    const fetched = await rescoreRange(db, {
      from: '2025-12-19',
      to: '2025-12-19',
      form: '8-K',
      progress: noProgress,
      client,
    });
    expect(fetched).toEqual({ filings: 1, changed: 0, moves: {}, refetched: 1, unavailable: 0 });
    const detail = await filingAdminDetail(db, { id: metaId });
    expect(detail.facts).toMatchObject({ kind: 'current' });
    expect(detail.reasons.join(' ')).toMatch(/A director leaves the board/);
  });

  it('a filing EDGAR cannot serve keeps its stored parse and is counted, the rest of the range goes on', async () => {
    const offline = new EdgarClient({
      baseUrl: 'http://127.0.0.1:9',
      dataBaseUrl: 'http://127.0.0.1:9',
      userAgent: 'Filing Alerts Test ops@example.com',
      limiter: new RateLimiter(10),
    });
    const r = await rescoreRange(db, {
      from: '2025-12-19',
      to: '2025-12-19',
      form: '8-K',
      progress: noProgress,
      client: offline,
    });
    expect(r).toMatchObject({ filings: 1, changed: 0, refetched: 0, unavailable: 1 });
    expect((await filingAdminDetail(db, { id: metaId })).facts).toMatchObject({ kind: 'current' });
  });
});
