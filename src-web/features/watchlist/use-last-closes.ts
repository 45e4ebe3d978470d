import { trpc } from '../../lib/trpc';
import type { WatchlistItem } from './watchlist-types';

export interface LastClose {
  day: string;
  close: number;
}

const NO_CLOSES: ReadonlyMap<string, LastClose> = new Map();

/**
 * The last stored daily close of each card without a quote (live quotes are off by default, and
 * the app ships daily prices): one batched query for those tickers, kept like the watchlist.
 */
export function useLastCloses(items: WatchlistItem[]): ReadonlyMap<string, LastClose> {
  const tickers = items
    .filter((item) => item.current_price == null)
    .map((item) => item.ticker)
    .sort();
  const query = trpc.prices.lastCloses.useQuery({ tickers }, { enabled: tickers.length > 0, staleTime: 5 * 60_000 });
  if (!query.data) return NO_CLOSES;
  return new Map(query.data.map((row) => [row.ticker, { day: row.day, close: row.close }]));
}
