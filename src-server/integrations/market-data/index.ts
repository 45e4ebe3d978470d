import type { Env } from '../../config/env';
import type { MarketDataProvider } from './market-data';
import { createYahooQuotes } from './yahoo';
import { createYahooHistory, type PriceHistoryProvider } from './yahoo-chart';

/** The provider QUOTES_PROVIDER selects; undefined when quotes are off (the offline default). */
export function createMarketData(env: Pick<Env, 'QUOTES_PROVIDER' | 'QUOTES_YAHOO_BASE_URL'>): MarketDataProvider | undefined {
  if (env.QUOTES_PROVIDER === 'yahoo') return createYahooQuotes({ baseUrl: env.QUOTES_YAHOO_BASE_URL });
  return undefined;
}

/** Daily price history from the same provider (chart API); undefined offline (the shipped files serve). */
export function createPriceHistory(env: Pick<Env, 'QUOTES_PROVIDER' | 'QUOTES_YAHOO_BASE_URL'>): PriceHistoryProvider | undefined {
  if (env.QUOTES_PROVIDER === 'yahoo') return createYahooHistory({ baseUrl: env.QUOTES_YAHOO_BASE_URL });
  return undefined;
}
