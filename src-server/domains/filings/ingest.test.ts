/**
 * Storing scored filings in real PostgreSQL: idempotency, insider rows, tickers, amendments,
 * rules that read stored rows, NOTIFY, and ingest through the replay server's EDGAR paths.
 * The fixtures hold no 4/A, no open-market purchase and no second 13G from one holder: those
 * rows are DERIVED from real documents (a field recoded, a test-only accession number) and the
 * test says so where it does it.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { filings, insiderTransactions } from '../../db/schema';
import { EdgarClient } from '../../integrations/edgar/edgar-client';
import { RateLimiter } from '../../integrations/edgar/rate-limiter';
import { startReplayServer, type ReplayServer } from '../../integrations/edgar/replay/replay-server';
import { loadReplaySet } from '../../integrations/edgar/replay/replay-set';
import { createTestDatabase } from '../../test/db';
import { edgarFixture } from '../../test/edgar-fixtures';
import { timelinePage } from '../ticker-pages/ticker-pages.repo';
import { ingestAccession, storeParsedFiling } from './filings.service';
import { prepareFiling, storeFilings } from './filings.store';
import { parseFiling } from '../../edgar-model/parse';
import type { OwnershipDetail, ParsedFiling } from '../../edgar-model/parse/types';

let database: Database;
let replay: ReplayServer;
let client: EdgarClient;
const notified: string[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  await database.db.execute(sql`insert into tickers (ticker, cik, name) values
    ('AAPL', 320193, 'Apple Inc.'), ('TSLA', 1318605, 'Tesla, Inc.'), ('GOOGL', 1652044, 'Alphabet Inc.'),
    ('GOOG', 1652044, 'Alphabet Inc.'), ('AIR', 1750, 'AAR CORP'), ('CDMO', 704562, 'Avid Bioservices, Inc.')`);
  await database.sql.listen('filing_scored', (id) => void notified.push(id));
  replay = await startReplayServer({ initial: 3 });
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

const store = (parsed: ParsedFiling) => storeParsedFiling(database.db, { parsed, meta: { source: 'manual' } });
const count = async (table: typeof filings | typeof insiderTransactions, where?: ReturnType<typeof eq>) =>
  (await database.db.select({ n: sql<number>`count(*)::int` }).from(table).where(where))[0]?.n ?? 0;
const waitFor = async (check: () => boolean) => {
  for (let i = 0; i < 100 && !check(); i += 1) await new Promise((r) => setTimeout(r, 20));
};
let barriers = 0;
/**
 * Every notification committed so far has arrived: PostgreSQL delivers a channel's notifications
 * in commit order, so once a marker sent now is here, nothing sent before it is still on its way.
 */
const allDelivered = async () => {
  barriers += 1;
  const marker = `barrier-${barriers}`;
  await database.sql.notify('filing_scored', marker);
  await waitFor(() => notified.includes(marker));
  return notified.filter((id) => !id.startsWith('barrier-'));
};

describe('storing scored filings', () => {
  it('stores an accession once: the second store changes nothing and does not notify', async () => {
    const parsed = () => parseFiling(edgarFixture('0000899243-22-035394_tsla_musk_S_9_rows.txt'));
    const first = await store(parsed());
    expect(first).toMatchObject({ inserted: true });
    await waitFor(() => notified.includes(String(first.id)));
    expect(notified).toEqual([String(first.id)]);
    const second = await store(parsed());
    expect(second).toEqual({ id: first.id, inserted: false, score: expect.any(Object) });
    expect(await count(filings, eq(filings.accessionNo, '0000899243-22-035394'))).toBe(1);
    expect(await count(insiderTransactions, eq(insiderTransactions.filingId, first.id))).toBe(9);
    const [row] = await database.db.select().from(filings).where(eq(filings.id, first.id));
    expect(row).toMatchObject({
      formType: '4',
      catalogueForm: '4',
      cik: 1318605,
      ticker: 'TSLA',
      filerCik: 1494730,
      importance: 'HIGH',
      importanceRank: 3,
      oneLiner: 'Elon Musk sold 4,400,000 shares at an average $191.63 ($843.2M, $189.578-$197.70)',
      insiderCik: '1494730',
      executiveNames: ['Elon Musk'],
      dataIncomplete: false,
      source: 'manual',
    });
    expect(row?.acceptedAt?.toISOString()).toBe('2022-11-09T01:18:10.000Z');
    expect(row?.filedAt.toISOString()).toBe('2022-11-09T01:18:10.000Z');
    expect(await allDelivered()).toEqual([String(first.id)]);
  });

  it('one insider row per reporting owner x table row (Berkshire + Buffett Form 3; test-only accession, the document has none)', async () => {
    const parsed = parseFiling(edgarFixture('form3_snow_berkshire_buffett_2020-09-18_two_owners.xml'), {
      accessionNo: '9999999999-20-000001',
    });
    const { id } = await store(parsed);
    const rows = await database.db
      .select()
      .from(insiderTransactions)
      .where(eq(insiderTransactions.filingId, id))
      .orderBy(insiderTransactions.ownerIndex);
    expect(rows.map((r) => [r.ownerIndex, r.ownerName, r.isTenPercentOwner, r.isHolding, r.sharesOwnedAfter])).toEqual([
      [0, 'BERKSHIRE HATHAWAY INC', true, true, 6125376],
      [1, 'BUFFETT WARREN E', true, true, 6125376],
    ]);
    const [filing] = await database.db.select().from(filings).where(eq(filings.id, id));
    expect(filing?.executiveNames).toEqual(['Berkshire Hathaway Inc.', 'Warren E. Buffett']);
    // No EDGAR header: the filed date comes from the signature, and the filing says so.
    expect((filing?.details as { datesFrom: string } | undefined)?.datesFrom).toMatch(/document itself/);
  });

  it('resolves the ticker through the issuer CIK, preferring the class the document names', async () => {
    const goog = await store(
      parseFiling(edgarFixture('goog_brin_2022-04-13_S_indirect.xml'), { accessionNo: '0001209191-22-024552' }),
    );
    const apple8k = await store(parseFiling(edgarFixture('0001193125-19-292676_aapl_8.01_9.01.txt')));
    // Google Inc. (CIK 1288776, 2015) is not in today's catalogue: the document's own symbol stands.
    const google2015 = await store(
      parseFiling(edgarFixture('goog_brin_2015-10-02_C_S_many_rows.xml'), { accessionNo: '0001127602-15-028697' }),
    );
    const tickers = await database.db
      .select({ id: filings.id, ticker: filings.ticker })
      .from(filings)
      .where(sql`${filings.id} in (${goog.id}, ${apple8k.id}, ${google2015.id})`);
    expect(Object.fromEntries(tickers.map((t) => [t.id, t.ticker]))).toEqual({
      [goog.id]: 'GOOG',
      [apple8k.id]: 'AAPL',
      [google2015.id]: 'GOOG',
    });
  });

  it('links an amendment to the filing it amends, in either arrival order (derived 4/A: Maestri recoded, test-only accession)', async () => {
    const original = () =>
      parseFiling(edgarFixture('aapl_maestri_2020-10-09_S_10b5-1.xml'), {
        accessionNo: '0000320193-20-000086',
        filedDate: '2020-10-13',
      });
    const amendment = () => {
      const p = original();
      p.accessionNo = '9999999999-20-000002';
      p.formType = '4/A';
      p.isAmendment = true;
      p.filedDate = '2020-10-20';
      return p;
    };
    const a = await store(amendment());
    const o = await store(original());
    const [row] = await database.db.select().from(filings).where(eq(filings.id, a.id));
    expect(row).toMatchObject({ amendsFilingId: o.id, amendsAccessionNo: '0000320193-20-000086' });
    await database.db.delete(filings).where(eq(filings.id, a.id));
    const again = await store(amendment());
    const [linked] = await database.db.select().from(filings).where(eq(filings.id, again.id));
    expect(linked?.amendsFilingId).toBe(o.id);
  });

  it('scores a cluster from stored rows: the third insider buying within 10 days is CRITICAL (derived P rows, test-only accessions)', async () => {
    const buy = (accessionNo: string, owner: string) => {
      const p = parseFiling(edgarFixture('0001127602-25-001055_aar_S_with_EX-24.txt'), {});
      p.accessionNo = accessionNo;
      const d = p.detail as OwnershipDetail;
      d.owners = d.owners.map((o) => ({ ...o, name: owner, displayName: owner, cik: null }));
      d.rows = d.rows.map((r) => ({ ...r, code: 'P', acquiredDisposed: 'A' }));
      return p;
    };
    expect((await store(buy('9999999999-25-000011', 'First Buyer'))).score.importance).toBe('HIGH');
    expect((await store(buy('9999999999-25-000012', 'Second Buyer'))).score.importance).toBe('HIGH');
    const third = await store(buy('9999999999-25-000013', 'Third Buyer'));
    expect(third.score.importance).toBe('CRITICAL');
    expect(third.score.reasons).toContain('3 insiders bought within 10 days (also First Buyer, Second Buyer)');
  });

  it("compares a 13G with the holder's previous one on the same company (derived 13G/A: percent recoded, test-only accession)", async () => {
    await store(parseFiling(edgarFixture('0001076809-24-000144_SC13G.nc')));
    const later = parseFiling(edgarFixture('0001076809-24-000144_SC13G.nc'));
    later.accessionNo = '9999999999-25-000021';
    later.formType = 'SC 13G/A';
    later.isAmendment = true;
    later.filedDate = '2025-02-14';
    if (later.detail?.kind === 'beneficial') later.detail.percentOfClass = 8.4;
    const s = await store(later);
    expect(s.score.importance).toBe('MEDIUM');
    expect(s.score.oneLiner).toBe(
      'Glazer Capital, LLC reports 8.4% of Avid Bioservices, Inc. (was 5.31%) (2 reporting persons) (Amends the SC 13G of 2024-12-13: percent of class 5.31% -> 8.4%)',
    );
  });
});

describe('storing a batch (concurrent ingest jobs share one transaction)', () => {
  it('stores each accession once, links an amendment batched with its original, and notifies each new id once (derived 4/A, test-only accessions)', async () => {
    const original = () => ({
      ...parseFiling(edgarFixture('0001045810-23-000128_nvda_shoquist_F.txt')),
      accessionNo: '9999999999-23-000031',
    });
    const amendment = () => {
      const p = original();
      p.accessionNo = '9999999999-23-000032';
      p.formType = '4/A';
      p.isAmendment = true;
      return p;
    };
    const prepare = (parsed: ParsedFiling) => prepareFiling(database.db, { parsed, meta: { source: 'manual' } });
    const batch = await Promise.all([prepare(amendment()), prepare(original()), prepare(original())]);
    const [a, o, o2] = await storeFilings(database.db, { prepared: batch });
    expect([a?.inserted, o?.inserted, o2?.inserted]).toEqual([true, true, false]);
    expect(o2?.id).toBe(o?.id);
    const [row] = await database.db.select().from(filings).where(eq(filings.id, a!.id));
    expect(row).toMatchObject({ amendsFilingId: o!.id, amendsAccessionNo: '9999999999-23-000031', ticker: 'NVDA' });
    expect(await count(insiderTransactions, eq(insiderTransactions.filingId, o!.id))).toBeGreaterThan(0);
    const ours = () => notified.filter((id) => id === String(a!.id) || id === String(o!.id));
    await allDelivered();
    expect(ours().sort()).toEqual([String(a!.id), String(o!.id)].sort());
    const again = await storeFilings(database.db, { prepared: [await prepare(original())] });
    expect(again).toEqual([{ id: o!.id, inserted: false, score: expect.any(Object) }]);
  });
});

describe('an amendment prepared before its original was stored', () => {
  it('is linked when the original commits in an earlier batch (derived 4/A, test-only accessions)', async () => {
    const parsed = parseFiling(edgarFixture('0001045810-23-000128_nvda_shoquist_F.txt'));
    // A reporting owner of its own, so no original stored by another test matches.
    const original = { ...parsed, accessionNo: '9999999999-23-000041', filer: { ...parsed.filer!, cik: 999_999_041 } };
    const amendment = { ...original, accessionNo: '9999999999-23-000042', formType: '4/A', isAmendment: true };
    const prepare = (parsed: ParsedFiling) => prepareFiling(database.db, { parsed, meta: { source: 'manual' } });
    const preparedAmendment = await prepare(amendment);
    expect(preparedAmendment.filing.amendsFilingId).toBeNull();
    const [o] = await storeFilings(database.db, { prepared: [await prepare(original)] });
    const [a] = await storeFilings(database.db, { prepared: [preparedAmendment] });
    const [row] = await database.db.select().from(filings).where(eq(filings.id, a!.id));
    expect(row).toMatchObject({ amendsFilingId: o!.id, amendsAccessionNo: '9999999999-23-000041' });
  });
});

describe('ingest through EDGAR paths (replay server)', () => {
  it('full submission, index headers, bare document via index.json, and unknown accessions', async () => {
    const musk = await ingestAccession(database.db, {
      client,
      ref: { accessionNo: '0000899243-22-035394', cik: 1318605, formType: '4', source: 'replay' },
    });
    expect(musk.status).toBe('duplicate'); // stored above; not fetched again
    const maestri = await ingestAccession(database.db, {
      client,
      ref: { accessionNo: '0000320193-20-000086', cik: 320193, formType: '4', source: 'replay' },
    });
    expect(maestri.status).toBe('duplicate');
    const nvda = await ingestAccession(database.db, {
      client,
      ref: {
        accessionNo: '0001045810-23-000128',
        cik: 1045810,
        formType: '4',
        source: 'replay',
        detectedAt: '2026-01-01T00:00:00.000Z',
      },
    });
    expect(nvda.status).toBe('stored');
    const [row] = await database.db.select().from(filings).where(eq(filings.accessionNo, '0001045810-23-000128'));
    expect(row).toMatchObject({
      indexUrl: 'https://www.sec.gov/Archives/edgar/data/1045810/000104581023000128/0001045810-23-000128-index.htm',
      source: 'replay',
      oneLiner: 'Debora Shoquist had 7,449 shares withheld for taxes',
    });
    expect(row?.detectedAt?.toISOString()).toBe('2026-01-01T00:00:00.000Z');
    const unknown = await ingestAccession(database.db, {
      client,
      ref: { accessionNo: '0001327811-25-999999', cik: 1327811, formType: '4', source: 'feed' },
    });
    expect(unknown).toEqual({ status: 'not_available' });
    const tsla10k = await ingestAccession(database.db, {
      client,
      ref: { accessionNo: '0001564590-20-004475', cik: 1318605, formType: '10-K', source: 'replay' },
    });
    const applesTenQ = await ingestAccession(database.db, {
      client,
      ref: { accessionNo: '0000320193-17-000009', cik: 320193, formType: '10-Q', source: 'replay' },
    });
    const amd = await ingestAccession(database.db, {
      client,
      ref: {
        accessionNo: '0000002488-24-000005',
        cik: 2488,
        formType: '4',
        filedDate: '2024-01-17',
        primaryDocument: 'xslF345X05/wk-form4_1705525913.xml',
        source: 'replay',
      },
    });
    expect([tsla10k.status, applesTenQ.status, amd.status]).toEqual(['stored', 'stored', 'stored']);
    const [amdRow] = await database.db.select().from(filings).where(eq(filings.accessionNo, '0000002488-24-000005'));
    expect(amdRow).toMatchObject({
      cik: 2488,
      formType: '4',
      primaryDocUrl:
        'https://www.sec.gov/Archives/edgar/data/2488/000000248824000005/xslF345X05/wk-form4_1705525913.xml',
    });
    expect(amdRow?.filedAt.toISOString()).toBe('2024-01-17T05:00:00.000Z'); // filing date, New York midnight
  });

  it("a 10-K known only by its period end shows no filed date: Meta's FY2023 report is not filed Dec 31, 2023", async () => {
    // A bare document has no SEC header: the filing date comes with the feed entry, as the replay's manifest
    // records it: null for Meta's FY2023 10-K, 2025-01-30 for its FY2024 10-K.
    for (const accessionNo of ['0001326801-24-000012', '0001326801-25-000017']) {
      const filedDate = loadReplaySet().find((f) => f.accessionNo === accessionNo)?.filedDate ?? null;
      const ref = { accessionNo, cik: 1326801, formType: '10-K', filedDate, source: 'replay' as const };
      expect((await ingestAccession(database.db, { client, ref })).status).toBe('stored');
    }
    const rows = await timelinePage(database.db, {
      cik: 1326801,
      filter: { forms: [], ranks: [] },
      cursor: null,
      limit: 10,
      newSince: null,
      userId: null,
      withAnalysis: false,
    });
    expect(rows.map((r) => [r.accession_no, new Date(r.filed_ms).toISOString(), r.filed_date_unknown])).toEqual([
      ['0001326801-25-000017', '2025-01-30T05:00:00.000Z', false],
      // Kept at its period end only to order the timeline.
      ['0001326801-24-000012', '2023-12-31T05:00:00.000Z', true],
    ]);
    const [meta2023] = await database.db.select().from(filings).where(eq(filings.accessionNo, '0001326801-24-000012'));
    expect((meta2023?.details as { datesFrom?: string } | undefined)?.datesFrom).toBe(
      'the period the document reports on (filing date unknown)',
    );
  });
});
