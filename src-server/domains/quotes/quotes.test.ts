import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createYahooQuotes, YahooQuoteError } from '../../integrations/market-data/yahoo';
import { createMarketData } from '../../integrations/market-data';
import { startTestApp, testEnv } from '../../test/app';
import { startYahooPeer } from '../../test/peers/yahoo';
import { createSignedInUser } from '../../test/users';
import { createQuoteRequests } from './quote-requests';
import { startQuoteRefresh } from './quotes.workers';

const peer = await startYahooPeer();
afterAll(() => peer.close());

const { url, deps } = await startTestApp({
  env: { QUOTES_PROVIDER: 'yahoo', QUOTES_YAHOO_BASE_URL: peer.url },
  customise: (d) => ({ ...d, quotes: createQuoteRequests(d.env, d.db, { warn: () => {} }) }),
});
// This process is the only one, so it becomes the quote refresher's leader.
const refresher = await startQuoteRefresh(deps, { retryMs: 100, checkMs: 5_000, handoverMs: 50 });
afterAll(() => refresher.stop());
for (const deadline = Date.now() + 15_000; !refresher.isLeader(); await new Promise((r) => setTimeout(r, 20)))
  if (Date.now() > deadline) throw new Error('the only process never became the quote refresher');

/** Values of the recorded responses (src-server/test/fixtures/quotes/quote-AAPL.json, quote-AMZN.json). */
const AAPL = {
  ticker: 'AAPL',
  price: 244.6,
  changePercent: 1.2710667,
  marketCap: 3674405863424,
  peRatio: 38.763866,
  eps: 6.31,
  dividendYield: 0.41,
  volume: 40896227,
  avgVolume: 50443058,
  week52Low: 164.08,
  week52High: 260.1,
  currency: 'USD',
  marketTime: new Date('2025-02-14T21:00:00.000Z'),
};

describe('Yahoo v7 quote adapter against a loopback peer in the wire format', () => {
  it('handshakes (cookie, crumb) and maps a batched answer; unknown symbols are absent', async () => {
    const yahoo = createYahooQuotes({ baseUrl: peer.url });
    const quotes = await yahoo.fetchQuotes(['AAPL', 'AMZN', 'BABA', 'ZZZZ']);
    expect(quotes.map((q) => q.ticker)).toEqual(['AAPL', 'AMZN', 'BABA']);
    expect(quotes[0]).toEqual(AAPL);
    expect(quotes[1]).toMatchObject({ ticker: 'AMZN', price: 228.68, dividendYield: null });
    expect(peer.quoteCalls.at(-1)).toEqual(['AAPL', 'AMZN', 'BABA', 'ZZZZ']);
    expect(peer.userAgents.every((ua) => ua.startsWith('Mozilla/5.0'))).toBe(true);
  });

  it('gets a new crumb once when Yahoo rejects the old one', async () => {
    const yahoo = createYahooQuotes({ baseUrl: peer.url });
    await yahoo.fetchQuotes(['GOOG']);
    peer.rotateCrumb();
    expect((await yahoo.fetchQuotes(['GOOG']))[0]).toMatchObject({ ticker: 'GOOG', price: 186.87 });
  });

  it('fails with a typed error when Yahoo is down', async () => {
    peer.setDown(true);
    try {
      await expect(createYahooQuotes({ baseUrl: peer.url }).fetchQuotes(['AAPL'])).rejects.toBeInstanceOf(
        YahooQuoteError,
      );
    } finally {
      peer.setDown(false);
    }
  });

  it('is off unless QUOTES_PROVIDER selects it', () => {
    expect(createMarketData(testEnv())).toBeUndefined();
    expect(createMarketData(testEnv({ QUOTES_PROVIDER: 'yahoo' }))?.name).toBe('yahoo');
  });
});

interface QuoteItem {
  ticker: string;
  current_price: number | null;
  change_percent: number | null;
  market_cap: number | null;
  quote_updated_at: string | null;
}
async function watcher(email: string, tickers: string): Promise<string> {
  const { session } = await createSignedInUser(deps.db, { email });
  const add = await fetch(`${url}/api/subscribe`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-session': session },
    body: JSON.stringify({ tickers, forms: '8-K' }),
  });
  expect(add.status).toBe(200);
  return session;
}
async function watchlist(session: string): Promise<Record<string, QuoteItem>> {
  const response = await fetch(`${url}/api/watchlist`, { headers: { 'x-session': session } });
  expect(response.status).toBe(200);
  const body = (await response.json()) as { watchlist: QuoteItem[] };
  return Object.fromEntries(body.watchlist.map((i) => [i.ticker, i]));
}

describe('quotes on the watchlist (cache table, background refresh)', () => {
  it('the first read answers at once with empty quote fields; the refresh fills them in', async () => {
    const session = await watcher('quotes@example.com', 'AAPL, AMZN, MSFT');

    const release = peer.hold();
    const first = await watchlist(session);
    expect(first.AAPL).toMatchObject({ current_price: null, market_cap: null, quote_updated_at: null });
    // The provider has not even answered yet: the read did not wait for it.
    await expect.poll(() => peer.waiting).toBe(1);
    release();
    await refresher.idle();

    const second = await watchlist(session);
    expect(second.AAPL).toMatchObject({
      current_price: 244.6,
      change_percent: 1.2710667,
      market_cap: 3674405863424,
      pe_ratio: 38.763866,
      eps: 6.31,
      dividend_yield: 0.41,
      volume: 40896227,
      avg_volume: 50443058,
      week_52_low: 164.08,
      week_52_high: 260.1,
    });
    expect(Date.now() - Date.parse(second.AAPL!.quote_updated_at!)).toBeLessThan(60_000);
    expect(second.AMZN).toMatchObject({ current_price: 228.68, dividend_yield: null });
    // Yahoo's recordings have no MSFT quote: fields stay null, the attempt is remembered.
    expect(second.MSFT).toMatchObject({ current_price: null });
    expect(second.MSFT!.quote_updated_at).not.toBeNull();

    // Fresh quotes are not asked for at all.
    const calls = peer.quoteCalls.length;
    await watchlist(session);
    await refresher.idle();
    expect(peer.quoteCalls.length).toBe(calls);
  });

  it('quotes older than 60 s are fetched again in the background', async () => {
    const session = await watcher('stale@example.com', 'AAPL');
    await deps.db.execute(
      sql`update quotes set fetched_at = now() - interval '61 seconds', price = 1 where ticker = 'AAPL'`,
    );
    const calls = peer.quoteCalls.length;
    expect((await watchlist(session)).AAPL!.current_price).toBe(1);
    await expect.poll(() => peer.quoteCalls.length).toBe(calls + 1);
    await refresher.idle();
    expect(peer.quoteCalls.slice(calls)).toEqual([['AAPL']]);
    expect((await watchlist(session)).AAPL!.current_price).toBe(244.6);
  });

  it('a dead provider leaves the fields empty and the page working, and is not hammered', async () => {
    const session = await watcher('down@example.com', 'GOOG');
    peer.setDown(true);
    try {
      const before = peer.userAgents.length;
      expect((await watchlist(session)).GOOG!.current_price).toBeNull();
      await expect.poll(() => peer.userAgents.length).toBeGreaterThan(before);
      await refresher.idle();
      const tried = peer.userAgents.length;
      expect(tried).toBeGreaterThan(before);
      expect((await watchlist(session)).GOOG!.current_price).toBeNull();
      await refresher.idle();
      expect(peer.userAgents.length).toBe(tried);
    } finally {
      peer.setDown(false);
    }
  });

  it('tickers.profile carries the cached quote', async () => {
    const response = await fetch(
      `${url}/trpc/tickers.profile?input=${encodeURIComponent(JSON.stringify({ ticker: 'AAPL' }))}`,
    );
    const body = (await response.json()) as { result: { data: QuoteItem } };
    expect(body.result.data).toMatchObject({ ticker: 'AAPL', current_price: 244.6, market_cap: 3674405863424 });
  });
});
