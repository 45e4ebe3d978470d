import type { Env } from '../../config/env';
import type { MarketDataProvider } from './market-data';
import { createYahooQuotes } from './yahoo';

/** The provider QUOTES_PROVIDER selects; undefined when quotes are off (the offline default). */
export function createMarketData(env: Pick<Env, 'QUOTES_PROVIDER' | 'QUOTES_YAHOO_BASE_URL'>): MarketDataProvider | undefined {
  if (env.QUOTES_PROVIDER === 'yahoo') return createYahooQuotes({ baseUrl: env.QUOTES_YAHOO_BASE_URL });
  return undefined;
}
