import type { Env } from '../../config/env';
import type { MarketDataProvider, ProviderGate } from './market-data';
import { createYahooQuotes } from './yahoo';
import { createYahooHistory, type PriceHistoryProvider } from './yahoo-chart';

/**
 * The provider QUOTES_PROVIDER selects; undefined when quotes are off (the offline default).
 * `gate` is awaited before each of its requests (the shared budget, QUOTES_REQUESTS_PER_MINUTE).
 */
export function createMarketData(
  env: Pick<Env, 'QUOTES_PROVIDER' | 'QUOTES_YAHOO_BASE_URL'>,
  options: { gate?: ProviderGate } = {},
): MarketDataProvider | undefined {
  if (env.QUOTES_PROVIDER === 'yahoo')
    return createYahooQuotes({ baseUrl: env.QUOTES_YAHOO_BASE_URL, gate: options.gate });
  return undefined;
}

/** Daily price history from the same provider (chart API); undefined offline (the shipped files serve). */
export function createPriceHistory(
  env: Pick<Env, 'QUOTES_PROVIDER' | 'QUOTES_YAHOO_BASE_URL'>,
): PriceHistoryProvider | undefined {
  if (env.QUOTES_PROVIDER === 'yahoo') return createYahooHistory({ baseUrl: env.QUOTES_YAHOO_BASE_URL });
  return undefined;
}
