import { COPY } from '../../../src-server/core/copy';

export const TICKER_PLACEHOLDER = '{TICKER}';

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

export const CUSTOM_URL_SCHEME_MESSAGE = 'Custom URL must start with http:// or https://';

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
  if (!url.includes(TICKER_PLACEHOLDER)) return { ok: false, error: COPY.customUrlNeedsTicker };
  let parsed: URL;
  try {
    parsed = new URL(url.split(TICKER_PLACEHOLDER).join('X'));
  } catch {
    return { ok: false, error: CUSTOM_URL_SCHEME_MESSAGE };
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return { ok: false, error: CUSTOM_URL_SCHEME_MESSAGE };
  return { ok: true, url };
}
