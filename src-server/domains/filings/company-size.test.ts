/**
 * What sizes an 8-K's deal (and a Form 4 sale) on a filing's date, on real PostgreSQL and real data only (decision
 * 366): real 10-K/10-Q documents stored through the ingest's own storeParsedFiling (eval/importance/filings/periodic and
 * test/fixtures/edgar/corpus, SOURCES.md there), the shipped daily closes (prices/data, SOURCES.md) and Apple's recorded
 * Yahoo quote (test/fixtures/quotes). The fixtures hold no deal 8-K of a company whose report is here, so the deal's
 * filing date is the input and the score's wording is tested in score/current.test.ts.
 */
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { beforeAll, afterAll, describe, expect, it } from 'vitest';
import { projectPath } from '../../config/paths';
import { parseFiling } from '../../edgar-model/parse';
import { createYahooQuotes } from '../../integrations/market-data/yahoo';
import { createTestDatabase } from '../../test/db';
import { startYahooPeer } from '../../test/peers/yahoo';
import { loadShippedHistory } from '../prices/shipped-history';
import { saveQuotes } from '../quotes/quotes.repo';
import { ensureShippedCatalogue } from '../tickers/catalogue.service';
import { companySizeForDeal, marketValueForSale } from './company-size.service';
import { storeParsedFiling } from './filings.store';

const { db } = await createTestDatabase();
const TESLA = 1318605;
const APPLE = 320193;
const IBM = 51143;

/**
 * A report as the feed would announce it: CIK and filing date from the feed (the bare documents carry no SEC header), a
 * stand-in accession key as the importance eval gives documents without one.
 */
async function storeReport(path: string, hints: { formType: string; cik: number; filedDate: string }) {
  const bytes = readFileSync(projectPath(path));
  const raw = (path.endsWith('.gz') ? gunzipSync(bytes) : bytes).toString('utf8');
  const parsed = parseFiling(raw, { accessionNo: `test-${path.split('/').pop()}`, companyName: null, ...hints });
  await storeParsedFiling(db, { parsed, meta: { source: 'replay' } });
}

/** The reports stored before each deal date below: path, form, CIK and the day EDGAR received it. */
const REPORTS: [string, string, number, string][] = [
  ['eval/importance/filings/periodic/tsla-10-q-2025-07-24.html.gz', '10-Q', TESLA, '2025-07-24'],
  ['eval/importance/filings/periodic/ibm-10-q-2025-07-24.html.gz', '10-Q', IBM, '2025-07-24'],
  ['eval/importance/filings/periodic/aapl-10-k-2024-11-01.html.gz', '10-K', APPLE, '2024-11-01'],
  // Apple's 10-Q of May 2000: 162,743,706 shares as of May 5, 2000, before the 2-for-1 split of June 2000.
  ['src-server/test/fixtures/edgar/corpus/0000912057-00-023442.txt', '10-Q', APPLE, '2000-05-11'],
];

beforeAll(async () => {
  await ensureShippedCatalogue(db);
  await loadShippedHistory(db, { tickers: ['TSLA', 'AAPL'] });
  for (const [path, formType, cik, filedDate] of REPORTS) await storeReport(path, { formType, cik, filedDate });
});

describe('the shares outstanding on the latest report × the close of the filing day', () => {
  it("Tesla: its 10-Q's 3,225,448,889 shares (Jul 17, 2025) × the close of Sep 2, 2025 ($329.36, split-adjusted)", async () => {
    const filedAt = new Date('2025-09-02T20:30:00Z');
    const size = await companySizeForDeal(db, { cik: TESLA, filedAt });
    expect(size).toEqual({
      kind: 'market-value',
      usd: 3_225_448_889 * 329.3599853515625,
      from: { source: 'cover-shares', form: '10-Q', asOf: '2025-07-17', closeDay: '2025-09-02' },
    });
    // A Form 4 sale of the same day is weighed against the same market value; a Saturday takes the Friday's close.
    expect(await marketValueForSale(db, { cik: TESLA, ticker: 'TSLA', filedAt })).toEqual(size);
    expect((await companySizeForDeal(db, { cik: TESLA, filedAt: new Date('2025-08-30T14:00:00Z') }))?.from).toEqual({
      source: 'cover-shares',
      form: '10-Q',
      asOf: '2025-07-17',
      closeDay: '2025-08-29',
    });
  });

  it('a report filed after the deal, or a count stated more than 15 months before it, does not size it', async () => {
    // Tesla's 10-Q was filed on Jul 24, 2025: a deal of Jul 1 has no stored count on or before it, and no quote.
    expect(await companySizeForDeal(db, { cik: TESLA, filedAt: new Date('2025-07-01T20:00:00Z') })).toBeNull();
    expect(await companySizeForDeal(db, { cik: TESLA, filedAt: new Date('2026-11-02T20:00:00Z') })).toBeNull();
  });

  it("is not taken when the closes are split-adjusted long after the count: Apple's 2000 count against today's basis", async () => {
    // 162.7M shares × a split-adjusted close of 2000 (about $0.9 after four splits) would size Apple at about $150M,
    // a 224th of its value then. The closes end in 2024, 24 years after the count: not its share basis.
    expect(await companySizeForDeal(db, { cik: APPLE, filedAt: new Date('2000-06-01T20:00:00Z') })).toBeNull();
  });
});

describe("the quote path (decision 362), else the report's total assets", () => {
  it("IBM, with no stored close or quote: total assets of $148.6B from its 10-Q's balance sheet (Jun 30, 2025)", async () => {
    expect(await companySizeForDeal(db, { cik: IBM, filedAt: new Date('2025-09-02T20:30:00Z') })).toEqual({
      kind: 'total-assets',
      usd: 148_585_000_000,
      from: { source: 'balance-sheet', form: '10-Q', asOf: '2025-06-30' },
    });
    // Total assets do not price a sale.
    expect(await marketValueForSale(db, { cik: IBM, filedAt: new Date('2025-09-02T20:30:00Z') })).toBeNull();
  });

  it('Apple in February 2025: no close near the filing (the shipped closes end in March 2024), so the quote of Feb 14', async () => {
    // Before the quote is stored, the 10-K's total assets size it.
    const filedAt = new Date('2025-02-20T21:05:00Z');
    expect(await companySizeForDeal(db, { cik: APPLE, filedAt })).toEqual({
      kind: 'total-assets',
      usd: 364_980_000_000,
      from: { source: 'balance-sheet', form: '10-K', asOf: '2024-09-28' },
    });
    const peer = await startYahooPeer();
    afterAll(() => peer.close());
    await saveQuotes(db, {
      source: 'yahoo',
      quotes: await createYahooQuotes({ baseUrl: peer.url }).fetchQuotes(['AAPL']),
      missing: [],
    });
    expect(await companySizeForDeal(db, { cik: APPLE, filedAt })).toEqual({
      kind: 'market-value',
      usd: 3_674_405_863_424,
      from: { source: 'quote', quotedDay: '2025-02-14' },
    });
  });
});
