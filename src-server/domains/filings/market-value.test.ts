/**
 * The market value that sizes a deal is the one of the filing's date (issue #25), from real data: Apple's
 * recorded Yahoo quote (2025-02-14, $244.60, market value $3,674,405,863,424: test/fixtures/quotes/quote-AAPL.json,
 * served by the Yahoo peer in its wire format) and Apple's shipped split-adjusted daily closes (2000 to
 * 2024-03-08: prices/data/yahoo-csv_dieperdev_2000-2024/AAPL.csv).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createYahooQuotes } from '../../integrations/market-data/yahoo';
import { createTestDatabase } from '../../test/db';
import { startYahooPeer } from '../../test/peers/yahoo';
import { loadShippedHistory } from '../prices/shipped-history';
import { saveQuotes } from '../quotes/quotes.repo';
import { ensureShippedCatalogue } from '../tickers/catalogue.service';
import { marketValueInputs } from './filings.repo';
import { marketValueAsOf } from './market-value';

const { db } = await createTestDatabase();
const APPLE_CIK = 320193;
const QUOTED_VALUE = 3674405863424;
const SHARES_TODAY = QUOTED_VALUE / 244.6;

beforeAll(async () => {
  const peer = await startYahooPeer();
  afterAll(() => peer.close());
  await ensureShippedCatalogue(db);
  await loadShippedHistory(db, { tickers: ['AAPL'] });
  await saveQuotes(db, {
    source: 'yahoo',
    quotes: await createYahooQuotes({ baseUrl: peer.url }).fetchQuotes(['AAPL']),
    missing: [],
  });
});

const valueOn = async (filed: string) => {
  const inputs = await marketValueInputs(db, { cik: APPLE_CIK, day: filed.slice(0, 10) });
  return inputs ? marketValueAsOf(inputs, new Date(filed)) : null;
};

describe("a company's market value on a filing's date", () => {
  it("is the quote's for a filing within a month of it", async () => {
    expect(await valueOn('2025-02-20T21:05:00Z')).toBe(QUOTED_VALUE);
    expect(await valueOn('2025-01-20T12:00:00Z')).toBe(QUOTED_VALUE);
  });

  it("is today's share count times that day's split-adjusted close within five years", async () => {
    // 2021-06-01 closed at $124.28 (split-adjusted): about $1.87T (Apple's own count then gave about $2.07T).
    expect(await valueOn('2021-06-01T20:30:00Z')).toBeCloseTo(SHARES_TODAY * 124.279999, -3);
    // Filed on a Saturday: the Friday's close prices it.
    expect(await valueOn('2021-05-29T14:00:00Z')).toBeCloseTo(SHARES_TODAY * 124.610001, -3);
  });

  it('is not known for a filing from years before the quote, nor past the last stored close', async () => {
    // In 2000 today's $3.7T would size every Apple deal as a tuck-in; the count then was not today's.
    expect(await valueOn('2000-03-01T21:00:00Z')).toBeNull();
    // Within five years of the quote but six months after the shipped closes end (2024-03-08).
    expect(await valueOn('2024-09-03T20:00:00Z')).toBeNull();
  });

  it('is not carried back through a close that is not split-adjusted', () => {
    const inputs = { marketCap: QUOTED_VALUE, price: 244.6, quotedAt: new Date('2025-02-14T21:00:00Z') };
    const day = { closeDay: '2021-06-01', close: 124.279999 };
    expect(marketValueAsOf({ ...inputs, ...day, adjustment: 'none' }, new Date('2021-06-01T20:30:00Z'))).toBeNull();
    expect(marketValueAsOf({ ...inputs, ...day, adjustment: 'split+dividend' }, new Date('2021-06-01T20:30:00Z'))).toBe(
      SHARES_TODAY * 124.279999,
    );
  });
});
