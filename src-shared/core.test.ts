import { describe, expect, it } from 'vitest';
import { allowedForms, BRANDS, chatbotAllowed, parseBrandHosts, resolveBrand } from './brands';
import { limitExceededMessage } from './copy';
import { catalogueFormOf, compareFormsForFilter } from './forms';
import { isUsPhone, normalisePhone } from './phone';
import { hasBillingIssue, isPro, minimumPacksFor, planForBillingStatus, tickerLimitFor } from './plans';
import { applySuggestion, lastEntry, parseTickerEntries, quickAddCandidate } from './ticker-entry';

describe('phone normalisation (SPEC.md section 5)', () => {
  it.each([
    ['(202) 555-0143', '+12025550143'],
    ['1 202 555 0143', '+12025550143'],
    ['44 20 7946 0958', '+442079460958'],
    ['+1-202-555-0143', '+12025550143'],
  ])('%s -> %s', (input, expected) => expect(normalisePhone(input)).toBe(expected));
  it('accepts only US numbers for SMS', () => {
    expect(isUsPhone('+12025550143')).toBe(true);
    expect(isUsPhone('+442079460958')).toBe(false);
  });
});

describe('ticker entries', () => {
  it('splits on commas, trims, uppercases and drops blanks', () => {
    expect(parseTickerEntries(' aapl, ,msft ,, apple inc ')).toEqual(['AAPL', 'MSFT', 'APPLE INC']);
  });
  it('quick-add only for 1-5 letters, digits, dot or hyphen', () => {
    expect(quickAddCandidate(' brk.b ')).toBe('BRK.B');
    expect(quickAddCandidate('GOOGLE')).toBeNull();
    expect(quickAddCandidate('A B')).toBeNull();
  });
  it('typeahead completes the last entry and appends "TICKER, "', () => {
    expect(lastEntry('AAPL, ms')).toBe('MS');
    expect(applySuggestion('AAPL, ms', 'MSFT')).toBe('AAPL, MSFT, ');
    expect(applySuggestion('ts', 'TSLA')).toBe('TSLA, ');
  });
});

describe('plans and limits (SPEC.md sections 6 and 9)', () => {
  const free = { isAdmin: false, planType: 'free', planStatus: 'inactive' };
  const pro = { isAdmin: false, planType: 'pro', planStatus: 'active' };
  it('PRO means admin or pro+active', () => {
    expect(isPro(free)).toBe(false);
    expect(isPro(pro)).toBe(true);
    expect(isPro({ ...pro, planStatus: 'canceled' })).toBe(false);
    expect(isPro({ ...free, isAdmin: true })).toBe(true);
  });
  it('free 10, PRO 50, +20 per pack, explicit override wins', () => {
    expect(tickerLimitFor(free)).toBe(10);
    expect(tickerLimitFor(pro)).toBe(50);
    expect(tickerLimitFor({ ...pro, addonPacks: 2 })).toBe(90);
    expect(tickerLimitFor({ ...pro, tickerLimitOverride: 7 })).toBe(7);
    // Packs extend PRO only: a lapsed subscription's packs lapse with it.
    expect(tickerLimitFor({ ...free, addonPacks: 2 })).toBe(10);
    expect(minimumPacksFor(65)).toBe(1);
    expect(minimumPacksFor(50)).toBe(0);
  });
  it('maps Stripe statuses to the plan: past_due keeps PRO with a billing issue', () => {
    expect(planForBillingStatus('active')).toEqual({ planType: 'pro', planStatus: 'active' });
    expect(planForBillingStatus('past_due')).toEqual({ planType: 'pro', planStatus: 'active' });
    expect(hasBillingIssue({ billingStatus: 'past_due' })).toBe(true);
    for (const status of ['unpaid', 'canceled', 'incomplete', 'paused'] as const)
      expect(planForBillingStatus(status).planType).toBe('free');
    expect(planForBillingStatus('incomplete_expired')).toEqual({ planType: 'free', planStatus: 'inactive' });
  });
  it('limit messages carry the right hint', () => {
    expect(limitExceededMessage({ adding: 3, limit: 10, paidPlan: false })).toBe(
      'Adding 3 ticker(s) would exceed your limit of 10. Upgrade to PRO for up to 50 tickers.',
    );
    expect(limitExceededMessage({ adding: 1, limit: 50, paidPlan: true })).toBe(
      'Adding 1 ticker(s) would exceed your limit of 50. Buy +20 more tickers for $5/month in Settings → Ticker Add-ons.',
    );
  });
});

describe('brands and forms (SPEC.md section 9)', () => {
  it('form lists per brand', () => {
    expect(BRANDS['8k'].forms.available).toEqual(['8-K']);
    expect(BRANDS['8k'].forms.upsell).toEqual(['4', '13D', '13G', '10-Q', '10-K']);
    expect(BRANDS.form4.forms.upsell).toEqual(['8-K', '13D', '13G', '10-Q', '10-K', '3', '5']);
    expect(BRANDS.allfilings.forms.default).toEqual(['8-K', '4', '13D', '13G', '10-Q', '10-K']);
    expect(BRANDS.form4.onboarding.steps).toEqual(['contact', 'tickers']);
    expect(allowedForms('8k', true)).toContain('NEW_LISTINGS');
    expect(allowedForms('8k', false)).not.toContain('NEW_LISTINGS');
    // The all-filings brand is the paid plan: nothing for free users, chatbot for PRO only.
    expect(allowedForms('allfilings', false)).toEqual([]);
    expect(allowedForms('allfilings', true)).toContain('13F');
    expect(chatbotAllowed('allfilings', false)).toBe(false);
    expect(chatbotAllowed('allfilings', true)).toBe(true);
    expect(BRANDS.form4.features.billing).toBe(false);
  });
  it('brand by host map, ?brand= only on local hosts, default 8k', () => {
    const hostMap = parseBrandHosts('insiders.example=form4, all.example=allfilings');
    expect(resolveBrand({ host: 'insiders.example', hostMap })).toBe('form4');
    expect(resolveBrand({ host: 'localhost:3000', requested: 'allfilings', hostMap })).toBe('allfilings');
    expect(resolveBrand({ host: 'evil.example', requested: 'allfilings', hostMap })).toBe('8k');
    expect(() => parseBrandHosts('x.example=gold')).toThrow(/BRAND_HOSTS/);
  });
  it('maps EDGAR forms onto the catalogue and orders the filter list', () => {
    expect(catalogueFormOf('SC 13D/A')).toBe('13D');
    expect(catalogueFormOf('424B4')).toBe('NEW_LISTINGS');
    expect(catalogueFormOf('NT 10-K')).toBe('10-K');
    expect(catalogueFormOf('SD')).toBeUndefined();
    expect(['DEF 14A', '10-K', '13D', '8-K', '4', '10-Q'].sort(compareFormsForFilter)).toEqual([
      '4',
      '8-K',
      '10-Q',
      '10-K',
      '13D',
      'DEF 14A',
    ]);
  });
});
