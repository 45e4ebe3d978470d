/** The tier-0 question router and its time phrases: pure, no database. */
import { describe, expect, it } from 'vitest';
import { routeQuestion, type KnownCompany } from './router';
import { parseWindow } from './time-phrases';

const known: KnownCompany[] = [
  { cik: 1318605, tickers: ['TSLA'], names: ['Tesla, Inc.'] },
  { cik: 320193, tickers: ['AAPL'], names: ['Apple Inc.', 'APPLE INC'] },
  { cik: 1045810, tickers: ['NVDA'], names: ['NVIDIA CORP'] },
  { cik: 880984, tickers: [], names: ['ACORN ENERGY, INC.'] },
  { cik: 1652044, tickers: ['GOOG'], names: ['Alphabet Inc.'] },
  { cik: 1288776, tickers: ['GOOG'], names: ['GOOGLE INC.'] },
];
const insiders = [
  { cik: 1494730, name: 'Elon Musk' },
  { cik: 1513362, name: 'Luca Maestri' },
];
// Wednesday 2025-11-26, 10:00 in New York.
const now = new Date('2025-11-26T15:00:00Z');
const route = (q: string, watchlistCiks: number[] = [1318605, 320193]) =>
  routeQuestion(q, { now, known, insiders, watchlistCiks });
const day = (d: Date | null) => d?.toISOString() ?? null;

describe('time phrases (New York days)', () => {
  it('reads this week, since a weekday, since a date without a year, quarters and months', () => {
    expect(day(parseWindow('What did NVDA file this week?', now).from)).toBe('2025-11-24T05:00:00.000Z');
    expect(day(parseWindow('anything since Monday?', now).from)).toBe('2025-11-24T05:00:00.000Z');
    // March 3 is before daylight time starts (March 9, 2025): midnight is 05:00 UTC.
    expect(day(parseWindow('filings since March 3', now).from)).toBe('2025-03-03T05:00:00.000Z');
    expect(day(parseWindow('filings since Dec 3', now).from)).toBe('2024-12-03T05:00:00.000Z');
    const q3 = parseWindow('earnings in Q3 2025', now);
    expect([day(q3.from), day(q3.to)]).toEqual(['2025-07-01T04:00:00.000Z', '2025-10-01T04:00:00.000Z']);
    const month = parseWindow('in Feb 2005', now);
    expect([day(month.from), day(month.to)]).toEqual(['2005-02-01T05:00:00.000Z', '2005-03-01T05:00:00.000Z']);
    expect(day(parseWindow('in the last 90 days', now).from)).toBe('2025-08-28T04:00:00.000Z');
    expect(parseWindow('What did Apple file?', now)).toEqual({ from: null, to: null, phrase: null });
  });
});

describe('question router', () => {
  it('maps plain-words events to 8-K items', () => {
    expect(route('Did Tesla report a CEO change?')).toMatchObject({
      intent: 'items',
      items: ['5.02'],
      ciks: [1318605],
    });
    expect(route('Did Apple report earnings in Q3 2023?')).toMatchObject({
      intent: 'items',
      items: ['2.02'],
      ciks: [320193],
    });
    expect(route('Any restatement at $TSLA?')).toMatchObject({ intent: 'items', items: ['4.02'] });
    expect(route('Did Acorn Energy change officers in Jan 2025?')).toMatchObject({
      intent: 'items',
      items: ['5.02'],
      ciks: [880984],
    });
    expect(route('Did anyone report item 1.05?').items).toEqual(['1.05']);
  });

  it('resolves cashtags, capitalised tickers and company names; lower-case words are not tickers', () => {
    expect(route('$nvda filings').ciks).toEqual([1045810]);
    expect(route('What did NVDA file?').ciks).toEqual([1045810]);
    expect(route('what did nvidia file?').ciks).toEqual([1045810]);
    // GOOG was filed under two CIKs (Google Inc., then Alphabet): both are searched.
    expect(route('Insider trades at GOOG in 2015?').ciks.sort()).toEqual([1288776, 1652044]);
    expect(route('Is it a good day to read filings?', []).ciks).toEqual([]);
  });

  it('uses the watchlist when no company is named, and says so in the scope', () => {
    expect(route('Anything CRITICAL in my list since Monday?')).toMatchObject({
      intent: 'importance',
      scope: 'watchlist',
      ciks: [1318605, 320193],
      levels: [4],
    });
    expect(route('Any CRITICAL filings?', [])).toMatchObject({ scope: 'all', ciks: [] });
  });

  it('routes insiders, people, stakes, dates, counts and alerts', () => {
    expect(route('Any open-market insider buying at TSLA in 90 days?')).toMatchObject({
      intent: 'insider',
      codes: { codes: ['P'] },
    });
    expect(route('How many shares did Musk sell in his 2022-11-08 Form 4?')).toMatchObject({
      intent: 'insider_person',
      insider: { cik: 1494730 },
      codes: { codes: ['S'] },
    });
    expect(route('Who filed 13G/A on AAPL?')).toMatchObject({ intent: 'stakes', forms: ['SC 13G'] });
    expect(route('When was AAPL’s last 10-Q? Is one late?')).toMatchObject({ intent: 'dates', forms: ['10-Q'] });
    expect(route('How many 8-Ks did TSLA and AAPL file in 2022?')).toMatchObject({ intent: 'count', forms: ['8-K'] });
    expect(route('When was I alerted about that 8-K?')).toMatchObject({ intent: 'alerts' });
    expect(route('Why is the TSLA 8-K HIGH?')).toMatchObject({ intent: 'why' });
  });

  it('refuses advice and never guesses on unclear or unknown questions', () => {
    for (const q of ['Should I buy NVDA?', 'Is AAPL a good investment?', 'buy TSLA now?', 'Will TSLA go up?'])
      expect(route(q).intent).toBe('advice');
    expect(route('Did Luca Maestri sell AAPL stock?').intent).toBe('insider_person');
    expect(route('hmm?').intent).toBe('help');
    expect(route('Tell me a joke').intent).toBe('help');
    expect(route('Any news on $ZZZZ?')).toMatchObject({ intent: 'help', unknownTickers: ['ZZZZ'] });
  });
});
