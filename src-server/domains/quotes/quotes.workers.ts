/**
 * The quote refresher of the cluster (issue 27): one process at a time fetches quotes, the one
 * holding the `quote-refresher` advisory-lock leadership (jobs/leader.ts, decision 322). It hears
 * every process's readers through LISTEN quotes_wanted and stores what it fetches in the quotes
 * table, where every process reads it (the watchlist cache follows through its per-ticker stamps).
 * Started by every web process whatever RUN_WORKERS says (background.ts WEB_WORKERS).
 */
import { CHANNELS, listenTo } from '../../db/channels';
import type { AppDeps } from '../../deps';
import { runAsLeader } from '../../jobs/leader';
import type { RunningWorkers } from '../../jobs/workers';
import { QuoteRefresher } from './quote-refresher';

export interface QuoteRefreshing extends RunningWorkers {
  isLeader(): boolean;
  /** Resolves once what this process's refresher has queued is fetched and stored (tests). */
  idle(): Promise<void>;
}

export async function startQuoteRefresh(
  deps: AppDeps,
  timing: { retryMs?: number; checkMs?: number; handoverMs?: number } = {},
): Promise<QuoteRefreshing> {
  const quotes = deps.quotes;
  if (!quotes) return { stop: async () => {}, isLeader: () => false, idle: async () => {} };
  let current: QuoteRefresher | null = null;
  const leadership = runAsLeader(deps.databaseUrl, {
    name: 'quote-refresher',
    retryMs: timing.retryMs ?? 5_000,
    checkMs: timing.checkMs,
    handoverMs: timing.handoverMs,
    log: (m) => deps.logger?.info(m),
    start: async () => {
      const refresher = new QuoteRefresher({ db: deps.db, provider: quotes.provider, log: deps.logger });
      const listening = await listenTo(deps.sql, CHANNELS.quotesWanted, (tickers) => refresher.request(tickers));
      current = refresher;
      deps.logger?.info('quotes: this process is the quote refresher');
      return {
        async stop() {
          current = null;
          await listening.unlisten();
          // Aborts a fetch or a budget wait under way; the next leader hears the readers ask again.
          await refresher.stop();
        },
      };
    },
  });
  return {
    isLeader: () => leadership.isLeader(),
    idle: async () => current?.idle(),
    stop: () => leadership.stop(),
  };
}
