/**
 * Price history: every shipped layout parsed from the real files, the idempotent loader (one
 * source per ticker, provider history never overwritten), chart ranges and weekly closes.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/db';
import { parseDailyCsv } from './price-file';
import * as repo from './prices.repo';
import { MAX_DAILY_POINTS, priceSeries, weeklyCloses } from './prices.service';
import { loadShippedHistory, SHIPPED_PRICES_DIR } from './shipped-history';

const file = (path: string) => readFileSync(join(SHIPPED_PRICES_DIR, path), 'utf8');
const { db } = await createTestDatabase();

describe('daily price files', () => {
  it.each([
    // [file, rows, first bar, a known bar]
    [
      'yahoo-csv_dieperdev_2000-2024/AAPL.csv',
      6084,
      { day: '2000-01-03', close: 0.999442 },
      { day: '2024-03-08', close: 170.729996 },
    ],
    [
      'yahoo-yfinance_growwanalysis_2020-2026/TSLA.csv',
      1586,
      { day: '2020-01-02', close: 28.68400001525879 },
      { day: '2026-04-24', close: 376.29998779296875 },
    ],
    [
      'yfinance_samanyugoyal2010_2023-2025/ARW.csv',
      null,
      { day: '2023-07-10', close: 144.27999877929688 },
      { day: '2025-07-08', close: 132 },
    ],
    ['ibkr_canhuihong_2020-2025/AOSL.csv', null, { day: '2020-12-14', close: 24.23 }, null],
    ['ibkr_xuelinghang_2023-2026/JBLU.csv', null, { day: '2023-05-02', close: 7.1 }, null],
  ] as const)('reads %s by its header names', (path, rows, first, known) => {
    const bars = parseDailyCsv(file(path));
    if (rows) expect(bars).toHaveLength(rows);
    expect(bars[0]).toMatchObject(first);
    if (known) expect(bars.find((b) => b.day === known.day)).toMatchObject(known);
    expect(bars.every((b, i) => i === 0 || bars[i - 1]!.day < b.day)).toBe(true);
    expect(bars.every((b) => Number.isInteger(b.volume ?? 0))).toBe(true);
  });

  it('reads the close, never the adjusted close, and turns IB float volumes into integers', () => {
    // AAPL 2024-03-08 in the Yahoo CSV: Close 170.729996, Adj Close 170.503815.
    expect(parseDailyCsv(file('yahoo-csv_dieperdev_2000-2024/AAPL.csv')).at(-1)).toMatchObject({ close: 170.729996 });
    expect(parseDailyCsv(file('ibkr_canhuihong_2020-2025/AOSL.csv'))[0]).toMatchObject({ volume: 284956 });
  });

  it('rejects a file without date and close columns', () => {
    expect(() => parseDailyCsv('symbol,price\nAAPL,1')).toThrow(/no date\/close columns/);
  });
});

describe('loading the shipped history', () => {
  it('loads each ticker once from its one source, then only compares checksums', async () => {
    const first = await loadShippedHistory(db, { tickers: ['AAPL', 'TSLA', 'JBLU'] });
    expect(first.loaded.map((l) => [l.ticker, l.bars])).toEqual([
      ['AAPL', 6084],
      ['TSLA', 1586],
      ['JBLU', expect.any(Number)],
    ]);
    const again = await loadShippedHistory(db, { tickers: ['AAPL', 'TSLA', 'JBLU'] });
    expect(again).toEqual({ loaded: [], unchanged: ['AAPL', 'TSLA', 'JBLU'], kept: [] });
    expect(await repo.readSource(db, { ticker: 'AAPL' })).toMatchObject({
      source: 'file:yahoo-csv_dieperdev_2000-2024',
      adjustment: 'split',
      firstDay: '2000-01-03',
      lastDay: '2024-03-08',
      bars: 6084,
    });
  });

  it('never replaces a ticker whose history came from the quote provider', async () => {
    await repo.replaceHistory(db, {
      ticker: 'NVDA',
      source: 'yahoo-chart',
      adjustment: 'split',
      sha256: null,
      bars: parseDailyCsv(file('yahoo-yfinance_growwanalysis_2020-2026/NVDA.csv')).slice(-5),
    });
    const report = await loadShippedHistory(db, { tickers: ['NVDA'] });
    expect(report.kept).toEqual(['NVDA']);
    expect((await repo.readSource(db, { ticker: 'NVDA' }))?.bars).toBe(5);
  });
});

describe('chart series', () => {
  it('anchors ranges at the last stored bar and sends weekly closes past the daily limit', async () => {
    const year = await priceSeries(db, { ticker: 'AAPL', range: '1Y' });
    expect(year.interval).toBe('daily');
    expect(year.points[0]![0] >= '2023-03-08').toBe(true);
    expect(year.points.at(-1)).toEqual(['2024-03-08', 170.729996]);
    expect(year.source).toEqual({
      provider: 'Yahoo Finance',
      adjustment: 'split',
      first_day: '2000-01-03',
      last_day: '2024-03-08',
    });

    const all = await priceSeries(db, { ticker: 'AAPL', range: 'MAX' });
    expect(all.interval).toBe('weekly');
    expect(all.points.length).toBeLessThan(MAX_DAILY_POINTS);
    expect(all.points.length).toBeGreaterThan(1200);
    // Each weekly point is the last session of its week: 2024-03-08 was a Friday.
    expect(all.points.at(-1)![0]).toBe('2024-03-08');
    expect(await priceSeries(db, { ticker: 'ZZZZ', range: '1Y' })).toEqual({
      source: null,
      interval: 'daily',
      points: [],
    });
  });

  it('keeps the last close of each week', () => {
    expect(
      weeklyCloses([
        ['2024-03-04', 1],
        ['2024-03-08', 2],
        ['2024-03-11', 3],
        ['2024-03-13', 4],
      ]),
    ).toEqual([
      ['2024-03-08', 2],
      ['2024-03-13', 4],
    ]);
  });
});
