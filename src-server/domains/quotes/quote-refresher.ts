import type { Db } from '../../db/client';
import type { MarketDataProvider } from '../../integrations/market-data/market-data';
import { saveQuotes } from './quotes.repo';

/** Quotes older than this are refreshed in the background when someone reads them. */
export const QUOTE_MAX_AGE_MS = 60_000;
/** After a failed fetch, a ticker is not asked again for this long. */
const RETRY_AFTER_MS = 60_000;

interface Log {
  warn(obj: object, msg: string): void;
}

/**
 * Background quote fetching, in the quote refresher's leader only (quotes.workers.ts): it gets the
 * stale tickers every process's readers asked for (quote-requests.ts), fetches them in
 * provider-sized batches and stores them in the quotes table, where the next read in any process
 * finds them. A ticker is never queued twice, and failures back off, so a dead provider costs one
 * request a minute per ticker, not one per page view.
 */
export class QuoteRefresher {
  private readonly pending = new Set<string>();
  /** Queued or being fetched: not queued again. */
  private readonly busy = new Set<string>();
  private readonly retryAt = new Map<string, number>();
  private readonly abort = new AbortController();
  private running: Promise<void> | undefined;

  constructor(private readonly options: { db: Db; provider: MarketDataProvider; log?: Log }) {}

  /** Queues tickers for a background fetch; never waits. */
  request(tickers: Iterable<string>): void {
    if (this.abort.signal.aborted) return;
    const now = Date.now();
    for (const ticker of tickers) {
      if (this.busy.has(ticker) || (this.retryAt.get(ticker) ?? 0) > now) continue;
      this.busy.add(ticker);
      this.pending.add(ticker);
    }
    if (this.pending.size > 0 && !this.running) {
      this.running = this.drain().finally(() => {
        this.running = undefined;
      });
    }
  }

  /** Resolves once everything queued so far is fetched and stored (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.running !== undefined) await this.running;
  }

  async stop(): Promise<void> {
    this.abort.abort();
    this.pending.clear();
    this.busy.clear();
    await this.idle();
  }

  private async drain(): Promise<void> {
    // Let the request that queued the work finish first.
    await new Promise((resolve) => setImmediate(resolve));
    const { provider, db, log } = this.options;
    while (this.pending.size > 0 && !this.abort.signal.aborted) {
      const batch = [...this.pending].slice(0, provider.maxBatch);
      batch.forEach((t) => {
        this.pending.delete(t);
      });
      try {
        const quotes = await provider.fetchQuotes(batch, { signal: this.abort.signal });
        const found = new Set(quotes.map((q) => q.ticker));
        await saveQuotes(db, { source: provider.name, quotes, missing: batch.filter((t) => !found.has(t)) });
        batch.forEach((t) => {
          this.retryAt.delete(t);
        });
      } catch (err) {
        if (this.abort.signal.aborted) return;
        const retryAt = Date.now() + RETRY_AFTER_MS;
        batch.forEach((t) => {
          this.retryAt.set(t, retryAt);
        });
        log?.warn({ err, provider: provider.name, tickers: batch.length }, 'quote refresh failed');
      } finally {
        batch.forEach((t) => {
          this.busy.delete(t);
        });
      }
    }
  }
}
