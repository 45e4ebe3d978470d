import { z } from 'zod';
import { USER_AGENT } from './yahoo';

/**
 * Daily price history from Yahoo Finance's v8 chart API (`/v8/finance/chart/{symbol}?interval=1d`),
 * the endpoint yahoo-finance2's `chart()` calls. It needs no crumb. `close` is split-adjusted only
 * (Yahoo's convention; `adjclose` also removes dividends), the same as the shipped Yahoo files.
 */
export interface HistoryBar {
  day: string;
  open: number | null;
  high: number | null;
  low: number | null;
  close: number;
  volume: number | null;
}

export interface PriceHistoryProvider {
  /** Stored as the ticker's price source. */
  readonly source: string;
  /** How `close` is adjusted: 'split'. */
  readonly adjustment: string;
  /** Bars from `from` (YYYY-MM-DD; null: the whole history) to today, oldest first; [] for an unknown symbol. */
  fetchDaily(ticker: string, options: { from: string | null; signal?: AbortSignal }): Promise<HistoryBar[]>;
}

const series = z.array(z.number().nullable()).catch([]);
const chartSchema = z.object({
  chart: z.object({
    result: z
      .array(
        z.object({
          meta: z.object({ exchangeTimezoneName: z.string().catch('America/New_York') }),
          timestamp: z.array(z.number()).optional(),
          indicators: z.object({
            quote: z.array(z.object({ open: series, high: series, low: series, close: series, volume: series })).min(1),
          }),
        }),
      )
      .nullish(),
    error: z.unknown().nullish(),
  }),
});

export class YahooChartError extends Error {
  override name = 'YahooChartError';
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

/** A chart body into daily bars; sessions without a close (halts, partial data) are skipped. */
export function parseYahooChart(body: unknown): HistoryBar[] {
  const parsed = chartSchema.safeParse(body);
  if (!parsed.success) throw new YahooChartError('Yahoo answered without a chart');
  const [result] = parsed.data.chart.result ?? [];
  if (!result?.timestamp) return [];
  const dayOf = new Intl.DateTimeFormat('en-CA', {
    timeZone: result.meta.exchangeTimezoneName,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
  const quote = result.indicators.quote[0]!;
  const byDay = new Map<string, HistoryBar>();
  result.timestamp.forEach((seconds, i) => {
    const close = quote.close[i];
    if (close == null) return;
    const volume = quote.volume[i];
    const day = dayOf.format(new Date(seconds * 1000));
    byDay.set(day, {
      day,
      open: quote.open[i] ?? null,
      high: quote.high[i] ?? null,
      low: quote.low[i] ?? null,
      close,
      volume: volume == null ? null : Math.round(volume),
    });
  });
  return [...byDay.values()].sort((a, b) => (a.day < b.day ? -1 : 1));
}

export function createYahooHistory(options: { baseUrl?: string; timeoutMs?: number } = {}): PriceHistoryProvider {
  const base = options.baseUrl?.replace(/\/+$/, '') ?? 'https://query2.finance.yahoo.com';
  const timeoutMs = options.timeoutMs ?? 15_000;
  return {
    source: 'yahoo-chart',
    adjustment: 'split',
    async fetchDaily(ticker, { from, signal }) {
      const period1 = from ? Math.floor(Date.parse(`${from}T00:00:00Z`) / 1000) : 0;
      const query = new URLSearchParams({
        interval: '1d',
        period1: String(period1),
        period2: String(Math.floor(Date.now() / 1000)),
        events: 'split',
      });
      const timeout = AbortSignal.timeout(timeoutMs);
      const response = await fetch(`${base}/v8/finance/chart/${encodeURIComponent(ticker)}?${query}`, {
        headers: { 'User-Agent': USER_AGENT, Accept: 'application/json' },
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      });
      // Yahoo answers 404 with a chart error for symbols it does not know.
      if (response.status === 404) {
        await response.body?.cancel();
        return [];
      }
      if (!response.ok) {
        await response.body?.cancel();
        throw new YahooChartError(`Yahoo chart answered ${response.status}`, response.status);
      }
      return parseYahooChart(await response.json());
    },
  };
}
