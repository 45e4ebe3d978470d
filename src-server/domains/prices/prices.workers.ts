import type { AppDeps } from '../../deps';
import type { RunningWorkers } from '../../jobs/workers';
import { refreshWatchedFromProvider } from './provider-history.service';
import { loadShippedHistory } from './shipped-history';

/** With a quote provider, watched tickers' daily history is brought up to date this often. */
const PROVIDER_REFRESH_MS = 6 * 60 * 60_000;

/**
 * Loads the shipped daily price files at start, in the background (the first load of ~45,000
 * bars takes a second or two; later starts only compare checksums). With a quote provider, the
 * watched tickers' history then follows the provider every six hours.
 */
export async function startPriceHistory(deps: AppDeps): Promise<RunningWorkers> {
  const abort = new AbortController();
  const log = deps.logger;
  let timer: NodeJS.Timeout | undefined;
  const refresh = async () => {
    if (!deps.priceHistory || abort.signal.aborted) return;
    const report = await refreshWatchedFromProvider(deps.db, { provider: deps.priceHistory, signal: abort.signal });
    if (report.failed.length > 0) log?.warn({ failed: report.failed }, 'price history refresh failed for some tickers');
    if (!abort.signal.aborted) timer = setTimeout(() => void run(refresh), PROVIDER_REFRESH_MS);
  };
  const run = (step: () => Promise<unknown>) =>
    step().catch((err: unknown) => log?.error({ err }, 'price history worker failed'));
  const running = run(async () => {
    const report = await loadShippedHistory(deps.db, { signal: abort.signal });
    if (report.loaded.length > 0)
      log?.info({ tickers: report.loaded.map((l) => l.ticker) }, 'shipped price history loaded');
    await refresh();
  });
  return {
    async stop() {
      abort.abort();
      clearTimeout(timer);
      await running;
    },
  };
}
