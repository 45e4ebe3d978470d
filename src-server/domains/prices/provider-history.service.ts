/**
 * Daily history from the quote provider, when one is configured. A ticker whose bars came from
 * a shipped file (or that has none) gets the provider's whole history in place of them, so its
 * bars share one adjustment; after that only the newest days are fetched and appended.
 */
import type { Db } from '../../db/client';
import type { PriceHistoryProvider } from '../../integrations/market-data/yahoo-chart';
import * as repo from './prices.repo';

/** Re-fetch a few days before the last bar: the provider may correct the latest sessions. */
const OVERLAP_DAYS = 7;

export interface ProviderRefresh {
  replaced: string[];
  appended: string[];
  /** The provider knows no prices for these. */
  empty: string[];
  failed: { ticker: string; error: string }[];
}

function daysBefore(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - days);
  return date.toISOString().slice(0, 10);
}

export async function refreshFromProvider(
  db: Db,
  params: { provider: PriceHistoryProvider; tickers: string[]; signal?: AbortSignal },
): Promise<ProviderRefresh> {
  const { provider } = params;
  const report: ProviderRefresh = { replaced: [], appended: [], empty: [], failed: [] };
  for (const ticker of params.tickers) {
    if (params.signal?.aborted) break;
    try {
      const current = await repo.readSource(db, { ticker });
      const incremental = current?.source === provider.source && current.lastDay != null;
      const bars = await provider.fetchDaily(ticker, {
        from: incremental ? daysBefore(current.lastDay!, OVERLAP_DAYS) : null,
        signal: params.signal,
      });
      if (bars.length === 0) {
        report.empty.push(ticker);
      } else if (incremental) {
        await repo.appendBars(db, { ticker, source: provider.source, adjustment: provider.adjustment, bars });
        report.appended.push(ticker);
      } else {
        await repo.replaceHistory(db, {
          ticker,
          source: provider.source,
          adjustment: provider.adjustment,
          sha256: null,
          bars,
        });
        report.replaced.push(ticker);
      }
    } catch (error) {
      report.failed.push({ ticker, error: error instanceof Error ? error.message : String(error) });
    }
  }
  return report;
}

/** Every watched ticker, one at a time (a polite pace for a free API). */
export async function refreshWatchedFromProvider(
  db: Db,
  params: { provider: PriceHistoryProvider; signal?: AbortSignal },
): Promise<ProviderRefresh> {
  return refreshFromProvider(db, { ...params, tickers: await repo.watchedTickers(db) });
}
