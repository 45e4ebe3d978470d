/** The replay a newcomer sees: every popular ticker the landing pages suggest has recorded filings. */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { BRANDS } from '#shared/brands';
import { loadReplaySet } from './replay-set';

const tickers = JSON.parse(
  readFileSync(fileURLToPath(new URL('../../../domains/tickers/data/company_tickers.json', import.meta.url)), 'utf8'),
) as Record<string, { cik_str: number; ticker: string }>;
const cikOf = new Map(Object.values(tickers).map((t) => [t.ticker, t.cik_str]));

describe('replay corpus', () => {
  const set = loadReplaySet();
  it('serves the larger corpus of real filings across forms', () => {
    expect(set.length).toBeGreaterThanOrEqual(70);
    for (const form of ['4', '8-K', '10-K', '10-Q', 'SC 13G', '13F-HR', 'D', '424B4'])
      expect(set.some((f) => f.formType === form)).toBe(true);
  });
  it("every brand's suggested tickers have filings in the replay (the 8-K brand's have 8-Ks, the Form 4 brand's Form 4s)", () => {
    for (const brand of Object.values(BRANDS)) {
      for (const ticker of brand.onboarding.defaultTickerSuggestions) {
        const cik = cikOf.get(ticker);
        const own = set.filter((f) => f.cik === cik);
        expect(own.length, `${brand.id} ${ticker}`).toBeGreaterThan(0);
        if (brand.forms.primaryForm)
          expect(
            own.some((f) => f.formType === brand.forms.primaryForm),
            `${brand.id} ${ticker} ${brand.forms.primaryForm}`,
          ).toBe(true);
      }
    }
  });
});
