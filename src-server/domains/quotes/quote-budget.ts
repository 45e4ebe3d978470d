import { setTimeout as sleep } from 'node:timers/promises';
import type { Db } from '../../db/client';
import type { ProviderGate } from '../../integrations/market-data/market-data';
import { hitIfUnder } from '../auth/rate-limit.repo';

/** The rate_limit_hits bucket every request to the quote provider counts in, whichever process sends it. */
export const QUOTE_BUDGET_BUCKET = 'quoteRequests';
const WINDOW_SECONDS = 60;

interface Log {
  warn(obj: object, msg: string): void;
}

/**
 * The quote provider's request budget for the whole cluster (decision 323): at most `perMinute`
 * requests in any rolling minute, counted in PostgreSQL by the same sliding window as the SMS
 * budget and the per-user rate limits (hitIfUnder: an advisory lock per bucket, one row per
 * request). Past it a request waits for the oldest to leave the window (the refresher is in the
 * background; nobody waits on it), and a warning names the budget.
 */
export function quoteRequestGate(db: Db, options: { perMinute: number; log?: Log }): ProviderGate {
  return async (signal) => {
    for (;;) {
      signal?.throwIfAborted();
      const hit = await hitIfUnder(db, {
        bucket: QUOTE_BUDGET_BUCKET,
        key: 'all',
        limit: options.perMinute,
        windowSeconds: WINDOW_SECONDS,
      });
      if (hit.allowed) return;
      options.log?.warn(
        { budget: 'QUOTES_REQUESTS_PER_MINUTE', limit: options.perMinute, retryAfterSeconds: hit.retryAfterSeconds },
        `QUOTES_REQUESTS_PER_MINUTE of ${options.perMinute} is spent: the quote request waits`,
      );
      await sleep(hit.retryAfterSeconds * 1000, undefined, { signal });
    }
  };
}
