import { COPY } from '../../../src-server/core/copy';
import { TICKER_PLACEHOLDER, tradingUrlProblem } from '../../../src-server/core/trading-url';

export { TICKER_PLACEHOLDER };

/** The nine choices of SPEC.md section 3, each a quote/trade page with {TICKER} in its URL. */
export const TRADING_PLATFORMS = [
  { id: 'robinhood', name: 'Robinhood', template: 'https://robinhood.com/stocks/{TICKER}' },
  { id: 'webull', name: 'Webull', template: 'https://www.webull.com/search?keyword={TICKER}' },
  { id: 'schwab', name: 'Charles Schwab', template: 'https://client.schwab.com/app/research/#/stocks/{TICKER}' },
  { id: 'etrade', name: 'E*TRADE', template: 'https://us.etrade.com/etx/mkt/quotes?symbol={TICKER}' },
  {
    id: 'fidelity',
    name: 'Fidelity',
    template: 'https://digital.fidelity.com/prgw/digital/research/quote/dashboard/summary?symbol={TICKER}',
  },
  {
    id: 'tdameritrade',
    name: 'TD Ameritrade',
    template: 'https://research.tdameritrade.com/grid/public/research/stocks/summary?symbol={TICKER}',
  },
  {
    id: 'ibkr',
    name: 'Interactive Brokers',
    template: 'https://www.interactivebrokers.com/en/trading/symbol-search.php?symbol={TICKER}',
  },
  { id: 'vanguard', name: 'Vanguard', template: 'https://investor.vanguard.com/search?query={TICKER}' },
  { id: 'custom', name: 'Custom', template: null },
] as const;

export type PlatformId = (typeof TRADING_PLATFORMS)[number]['id'];

/** The platform a saved URL belongs to (Custom when it matches none of the templates). */
export function platformOfUrl(url: string | null | undefined): PlatformId | null {
  if (!url) return null;
  return TRADING_PLATFORMS.find((p) => p.template === url)?.id ?? 'custom';
}

/** Substitutes the URL-encoded ticker for every {TICKER}. */
export function tradeUrl(template: string, ticker: string): string {
  return template.split(TICKER_PLACEHOLDER).join(encodeURIComponent(ticker));
}

/**
 * Validates the modal's choice and returns the template to save, or the spec's message:
 * none chosen, unknown platform, Custom without {TICKER}; plus absolute http(s) only.
 */
export function resolvePlatformChoice(
  platform: string | null | undefined,
  customUrl: string,
): { ok: true; url: string } | { ok: false; error: string } {
  if (!platform) return { ok: false, error: COPY.selectPlatform };
  const choice = TRADING_PLATFORMS.find((p) => p.id === platform);
  if (!choice) return { ok: false, error: COPY.invalidPlatform };
  if (choice.template) return { ok: true, url: choice.template };
  const url = customUrl.trim();
  const problem = tradingUrlProblem(url);
  return problem ? { ok: false, error: problem } : { ok: true, url };
}
