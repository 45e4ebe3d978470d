/**
 * Daily history from the quote provider over Yahoo's v8 chart wire format: a loopback peer
 * serves the recorded real AAPL chart (49 sessions, 2020-08-31 to 2020-11-06). The provider's
 * history replaces a shipped file's bars (one source per ticker), then only new days are fetched.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { createYahooHistory, parseYahooChart } from '../../integrations/market-data/yahoo-chart';
import { createTestDatabase } from '../../test/db';
import * as repo from './prices.repo';
import { refreshFromProvider } from './provider-history.service';
import { loadShippedHistory } from './shipped-history';

const recorded = JSON.parse(
  readFileSync(new URL('../../test/fixtures/prices/chart-AAPL-2020-08-31-to-2020-11-07.json', import.meta.url), 'utf8'),
) as {
  response: { bodyJson: unknown };
};
const requests: URL[] = [];
let down = false;
const peer = createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://peer');
  requests.push(url);
  if (down) return void res.writeHead(503).end();
  const symbol = decodeURIComponent(url.pathname.replace('/v8/finance/chart/', ''));
  res.writeHead(symbol === 'AAPL' ? 200 : 404, { 'content-type': 'application/json' });
  res.end(
    JSON.stringify(
      symbol === 'AAPL'
        ? recorded.response.bodyJson
        : {
            chart: { result: null, error: { code: 'Not Found', description: 'No data found, symbol may be delisted' } },
          },
    ),
  );
});
await new Promise<void>((resolve) => peer.listen(0, '127.0.0.1', resolve));
afterAll(() => new Promise<void>((resolve) => peer.close(() => resolve())));
const provider = createYahooHistory({ baseUrl: `http://127.0.0.1:${(peer.address() as AddressInfo).port}` });
const { db } = await createTestDatabase();

describe('the v8 chart response', () => {
  it('reads one bar per New York trading day, split-adjusted closes as recorded', () => {
    const bars = parseYahooChart(recorded.response.bodyJson);
    expect(bars).toHaveLength(49);
    expect(bars[0]).toEqual({
      day: '2020-08-31',
      open: 127.58000183105469,
      high: 131,
      low: 126,
      close: 129.0399932861328,
      volume: 225702700,
    });
    expect(bars.at(-1)!.day).toBe('2020-11-06');
    expect(new Set(bars.map((b) => b.day)).size).toBe(49);
  });

  it('rejects a body that is not a chart', () => {
    expect(() => parseYahooChart({ quoteResponse: {} })).toThrow(/without a chart/);
  });
});

describe('refreshing from the provider', () => {
  it("replaces a shipped file's bars with the provider's whole history, then appends new days only", async () => {
    await loadShippedHistory(db, { tickers: ['AAPL'] });
    const first = await refreshFromProvider(db, { provider, tickers: ['AAPL', 'ZZZZ'] });
    expect(first).toEqual({ replaced: ['AAPL'], appended: [], empty: ['ZZZZ'], failed: [] });
    expect(requests[0]!.searchParams.get('period1')).toBe('0');
    expect(requests[0]!.searchParams.get('interval')).toBe('1d');
    expect(await repo.readSource(db, { ticker: 'AAPL' })).toMatchObject({
      source: 'yahoo-chart',
      adjustment: 'split',
      bars: 49,
      firstDay: '2020-08-31',
      lastDay: '2020-11-06',
    });

    requests.length = 0;
    const second = await refreshFromProvider(db, { provider, tickers: ['AAPL'] });
    expect(second.appended).toEqual(['AAPL']);
    // A week before the last stored session: 2020-10-30.
    expect(requests[0]!.searchParams.get('period1')).toBe(String(Date.parse('2020-10-30T00:00:00Z') / 1000));
    expect((await repo.readSource(db, { ticker: 'AAPL' }))?.bars).toBe(49);
    // The shipped file no longer applies to a ticker the provider serves.
    expect((await loadShippedHistory(db, { tickers: ['AAPL'] })).kept).toEqual(['AAPL']);
  });

  it('reports a failing provider per ticker and keeps the stored bars', async () => {
    down = true;
    try {
      const report = await refreshFromProvider(db, { provider, tickers: ['AAPL'] });
      expect(report.failed).toEqual([{ ticker: 'AAPL', error: 'Yahoo chart answered 503' }]);
      expect((await repo.readSource(db, { ticker: 'AAPL' }))?.bars).toBe(49);
    } finally {
      down = false;
    }
  });
});
