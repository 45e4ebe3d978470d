import type { Env } from '../../config/env';
import type { Db } from '../../db/client';
import { createMarketData } from '../../integrations/market-data';
import type { MarketDataProvider } from '../../integrations/market-data/market-data';
import { quoteRequestGate } from './quote-budget';
import { QUOTE_MAX_AGE_MS } from './quote-refresher';
import { notifyQuotesWanted } from './quotes.repo';

/** A reader that saw the same stale quote asks again after this long (the leader may have changed). */
export const ASK_AGAIN_MS = 10_000;
/** Past this many remembered asks, the expired ones are forgotten. */
const ASKED_PRUNE_AT = 10_000;

interface Log {
  warn(obj: object, msg: string): void;
}

/** A quote as a reader saw it: the ticker and when its stored quote was fetched (null: never). */
export interface SeenQuote {
  ticker: string;
  fetchedMs: number | null | undefined;
}

/**
 * What the readers of every process hold (deps.quotes): they read quotes from the quotes table
 * and hand the stale ones over here, never waiting. The fetching itself is done by one process
 * of the cluster, the quote refresher's leader (quotes.workers.ts); this side asks it through a
 * NOTIFY (quotes_wanted), once per stale quote it saw and again after ASK_AGAIN_MS, so page views
 * cost no provider requests and a lost ask (no leader at that moment) is repeated.
 */
export class QuoteRequests {
  private readonly asked = new Map<string, { at: number; seen: number | null }>();
  private wanted = new Set<string>();
  private flushing = false;

  constructor(
    private readonly db: Db,
    /** The provider the leader fetches from (its requests pass the shared budget). */
    readonly provider: MarketDataProvider,
    private readonly log?: Log,
  ) {}

  isStale(fetchedMs: number | null | undefined, now = Date.now()): boolean {
    return fetchedMs == null || now - fetchedMs > QUOTE_MAX_AGE_MS;
  }

  /** Asks the leader for the stale ones among these quotes; never waits. */
  requestIfStale(quotes: Iterable<SeenQuote>): void {
    const now = Date.now();
    for (const { ticker, fetchedMs } of quotes) {
      if (!this.isStale(fetchedMs, now)) continue;
      const seen = fetchedMs ?? null;
      const last = this.asked.get(ticker);
      if (last && last.seen === seen && now - last.at < ASK_AGAIN_MS) continue;
      this.asked.set(ticker, { at: now, seen });
      this.wanted.add(ticker);
    }
    if (this.wanted.size > 0 && !this.flushing) {
      this.flushing = true;
      // One NOTIFY for what the readers of this turn found, after their responses.
      setImmediate(() => void this.flush());
    }
  }

  private async flush(): Promise<void> {
    const tickers = [...this.wanted];
    this.wanted = new Set();
    this.flushing = false;
    try {
      await notifyQuotesWanted(this.db, { tickers });
    } catch (err) {
      // Not asked after all: the next read asks again.
      for (const t of tickers) this.asked.delete(t);
      this.log?.warn({ err, tickers: tickers.length }, 'asking the quote refresher failed');
    }
    if (this.asked.size > ASKED_PRUNE_AT) {
      const now = Date.now();
      for (const [t, a] of this.asked) if (now - a.at >= ASK_AGAIN_MS) this.asked.delete(t);
    }
  }
}

/** deps.quotes from env: null when QUOTES_PROVIDER is off; the provider's requests pass the shared budget. */
export function createQuoteRequests(
  env: Pick<Env, 'QUOTES_PROVIDER' | 'QUOTES_YAHOO_BASE_URL' | 'QUOTES_REQUESTS_PER_MINUTE'>,
  db: Db,
  log?: Log,
): QuoteRequests | null {
  const gate = quoteRequestGate(db, { perMinute: env.QUOTES_REQUESTS_PER_MINUTE, log });
  const provider = createMarketData(env, { gate });
  return provider ? new QuoteRequests(db, provider, log) : null;
}
