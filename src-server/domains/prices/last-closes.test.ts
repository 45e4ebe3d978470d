import { createTRPCClient, httpBatchLink } from '@trpc/client';
import { describe, expect, it } from 'vitest';
import { startTestApp } from '../../test/app';
import type { AppRouter } from '../../transport/trpc/app-router';
import { loadShippedHistory } from './shipped-history';

const { url, deps } = await startTestApp();
await loadShippedHistory(deps.db, { tickers: ['AAPL', 'TSLA'] });
const client = createTRPCClient<AppRouter>({ links: [httpBatchLink({ url: `${url}/trpc` })] });

describe('prices.lastCloses (cards while live quotes are off)', () => {
  it("gives each ticker's newest stored close and its day; tickers without bars are left out", async () => {
    const rows = await client.prices.lastCloses.query({ tickers: ['aapl', 'TSLA', 'NOPE'] });
    const byTicker = new Map(rows.map((r) => [r.ticker, r]));
    expect([...byTicker.keys()].sort()).toEqual(['AAPL', 'TSLA']);
    for (const row of rows) {
      const [newest] = await deps.sql<{ day: string; close: number }[]>`
        select day::text as day, close from price_bars where ticker = ${row.ticker} order by day desc limit 1`;
      expect(row).toEqual({ ticker: row.ticker, day: newest!.day, close: newest!.close });
    }
  });
});
