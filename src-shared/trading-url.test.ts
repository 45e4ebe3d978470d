import { describe, expect, it } from 'vitest';
import {
  TRADING_PLATFORMS,
  TRADING_URL_SCHEME_MESSAGE,
  platformOfUrl,
  resolvePlatformChoice,
  tradeUrl,
} from './trading-url';

describe('trading platforms (SPEC.md sections 3 and 5)', () => {
  it('offers the nine platforms, each real one with a {TICKER} https template', () => {
    expect(TRADING_PLATFORMS.map((p) => p.name)).toEqual([
      'Robinhood',
      'Webull',
      'Charles Schwab',
      'E*TRADE',
      'Fidelity',
      'TD Ameritrade',
      'Interactive Brokers',
      'Vanguard',
      'Custom',
    ]);
    for (const p of TRADING_PLATFORMS.filter((p) => p.template)) {
      expect(p.template).toMatch(/^https:\/\/[^{]+\{TICKER\}/);
    }
  });
  it('substitutes the URL-encoded ticker', () => {
    expect(tradeUrl('https://robinhood.com/stocks/{TICKER}', 'BRK.B')).toBe('https://robinhood.com/stocks/BRK.B');
    expect(tradeUrl('https://x.example/q?s={TICKER}&again={TICKER}', 'A&B/C')).toBe(
      'https://x.example/q?s=A%26B%2FC&again=A%26B%2FC',
    );
  });
  it('validates the choice with the spec messages', () => {
    expect(resolvePlatformChoice(null, '')).toEqual({ ok: false, error: 'Please select a trading platform' });
    expect(resolvePlatformChoice('sharebroker', '')).toEqual({ ok: false, error: 'Invalid platform selected' });
    expect(resolvePlatformChoice('custom', 'https://broker.example/trade')).toEqual({
      ok: false,
      error: 'Custom URL must contain {TICKER} placeholder',
    });
    expect(resolvePlatformChoice('robinhood', '')).toEqual({ ok: true, url: 'https://robinhood.com/stocks/{TICKER}' });
    expect(resolvePlatformChoice('custom', ' https://broker.example/t/{TICKER} ')).toEqual({
      ok: true,
      url: 'https://broker.example/t/{TICKER}',
    });
  });
  it('refuses non-http(s) custom URLs', () => {
    for (const url of ['javascript:alert({TICKER})', 'data:text/html,{TICKER}', '/relative/{TICKER}']) {
      expect(resolvePlatformChoice('custom', url)).toEqual({ ok: false, error: TRADING_URL_SCHEME_MESSAGE });
    }
  });
  it('recognises a saved URL as its platform, else Custom', () => {
    expect(platformOfUrl('https://robinhood.com/stocks/{TICKER}')).toBe('robinhood');
    expect(platformOfUrl('https://broker.example/{TICKER}')).toBe('custom');
    expect(platformOfUrl(null)).toBeNull();
  });
});
