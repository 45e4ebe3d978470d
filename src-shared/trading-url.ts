import { COPY } from './copy';

/** Trading platforms and their URL templates (SPEC.md sections 3 and 5), shared by server and web. */
export const TICKER_PLACEHOLDER = '{TICKER}';
export const TRADING_URL_MAX_LENGTH = 2000;
export const TRADING_URL_SCHEME_MESSAGE = 'Custom URL must start with http:// or https://';

/**
 * Why a trading URL template cannot be saved, or null when it can: it must contain {TICKER}
 * (the spec's message) and be an absolute http(s) URL, so javascript:, data: and relative
 * URLs never reach a link the user clicks.
 */
export function tradingUrlProblem(url: string): string | null {
  const template = url.trim();
  if (!template.includes(TICKER_PLACEHOLDER)) return COPY.customUrlNeedsTicker;
  if (template.length > TRADING_URL_MAX_LENGTH) return `The URL is longer than ${TRADING_URL_MAX_LENGTH} characters.`;
  let parsed: URL;
  try {
    parsed = new URL(template.split(TICKER_PLACEHOLDER).join('X'));
  } catch {
    return TRADING_URL_SCHEME_MESSAGE;
  }
  if ((parsed.protocol !== 'https:' && parsed.protocol !== 'http:') || !parsed.hostname)
    return TRADING_URL_SCHEME_MESSAGE;
  if (!/^https?:\/\//i.test(template)) return TRADING_URL_SCHEME_MESSAGE;
  return null;
}

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
