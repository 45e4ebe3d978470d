/** Price history reads for ticker pages: chart series and a last-close summary. */
import type { Db } from '../../db/client';
import type { ChartRange } from '#shared/chart-ranges';
import * as repo from './prices.repo';

const RANGE_MONTHS: Record<ChartRange, number | null> = { '1M': 1, '3M': 3, '6M': 6, '1Y': 12, '5Y': 60, MAX: null };

/** Above this many daily closes the series is sent as weekly closes (enough for a chart's width). */
export const MAX_DAILY_POINTS = 1300;

export interface PriceSourceInfo {
  /** Who produced the bars, in words ('Yahoo Finance', 'Interactive Brokers'). */
  provider: string;
  /** 'split' | 'split+dividend' | 'none' */
  adjustment: string;
  first_day: string | null;
  last_day: string | null;
}

export interface PriceSeries {
  source: PriceSourceInfo | null;
  interval: 'daily' | 'weekly';
  /** [day, close], oldest first. */
  points: [string, number][];
}

const PROVIDERS: [RegExp, string][] = [
  [/yahoo|yfinance/i, 'Yahoo Finance'],
  [/ibkr/i, 'Interactive Brokers'],
  [/robinhood/i, 'Robinhood'],
  [/alphavantage/i, 'Alpha Vantage'],
  [/nasdaq/i, 'Nasdaq.com'],
];

export function describeSource(row: repo.PriceSourceRow): PriceSourceInfo {
  return {
    provider: PROVIDERS.find(([pattern]) => pattern.test(row.source))?.[1] ?? row.source,
    adjustment: row.adjustment,
    first_day: row.firstDay,
    last_day: row.lastDay,
  };
}

export function shiftMonths(day: string, months: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCMonth(date.getUTCMonth() - months);
  return date.toISOString().slice(0, 10);
}

/** Monday of the ISO week, as YYYY-MM-DD. */
function weekOf(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - ((date.getUTCDay() + 6) % 7));
  return date.toISOString().slice(0, 10);
}

/** The last close of each week, dated on its own trading day (so markers can snap to it). */
export function weeklyCloses(points: [string, number][]): [string, number][] {
  const out: [string, number][] = [];
  for (const point of points) {
    const last = out[out.length - 1];
    if (last && weekOf(last[0]) === weekOf(point[0])) out[out.length - 1] = point;
    else out.push(point);
  }
  return out;
}

/** Closes for a range that ends at the ticker's last stored bar (history may end in the past). */
export async function priceSeries(
  db: Db,
  { ticker, range }: { ticker: string; range: ChartRange },
): Promise<PriceSeries> {
  const source = await repo.readSource(db, { ticker });
  if (!source?.lastDay) return { source: null, interval: 'daily', points: [] };
  const months = RANGE_MONTHS[range];
  const from = months == null ? null : shiftMonths(source.lastDay, months);
  const daily = (await repo.closesSince(db, { ticker, from })).map((r): [string, number] => [r.day, r.close]);
  const weekly = daily.length > MAX_DAILY_POINTS;
  return {
    source: describeSource(source),
    interval: weekly ? 'weekly' : 'daily',
    points: weekly ? weeklyCloses(daily) : daily,
  };
}

/** The last stored daily close and its trading day per ticker (cards without a live quote). */
export async function lastStoredCloses(
  db: Db,
  { tickers }: { tickers: string[] },
): Promise<{ ticker: string; day: string; close: number }[]> {
  const wanted = [...new Set(tickers.map((t) => t.trim().toUpperCase()).filter(Boolean))];
  return repo.lastCloses(db, { tickers: wanted });
}
