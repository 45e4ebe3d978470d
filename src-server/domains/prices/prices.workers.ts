import type { AppDeps } from '../../deps';
import type { RunningWorkers } from '../../jobs/workers';
import { loadShippedHistory } from './shipped-history';

/**
 * Loads the shipped daily price files at start, in the background (the first load of ~45,000
 * bars takes a second or two; later starts only compare checksums).
 */
export async function startPriceHistory(deps: AppDeps): Promise<RunningWorkers> {
  const loading = loadShippedHistory(deps.db)
    .then((report) => {
      if (report.loaded.length > 0) {
        deps.logger?.info({ tickers: report.loaded.map((l) => l.ticker), bars: report.loaded.reduce((n, l) => n + l.bars, 0) }, 'price history loaded');
      }
    })
    .catch((err: unknown) => deps.logger?.error({ err }, 'price history load failed'));
  return { stop: () => loading };
}
