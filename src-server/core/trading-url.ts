import { COPY } from './copy';

/** Trading platform URL templates (SPEC.md sections 3 and 5), shared by server and web. */
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
  if ((parsed.protocol !== 'https:' && parsed.protocol !== 'http:') || !parsed.hostname) return TRADING_URL_SCHEME_MESSAGE;
  if (!/^https?:\/\//i.test(template)) return TRADING_URL_SCHEME_MESSAGE;
  return null;
}
