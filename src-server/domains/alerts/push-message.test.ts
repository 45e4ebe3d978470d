import { describe, expect, it } from 'vitest';
import type { FilingFacts } from './alert-messages';
import { alertPush, filingPath, pushOptions } from './push-message';

const filing: FilingFacts = {
  filingId: 42,
  ticker: 'TSLA',
  companyName: 'Tesla, Inc.',
  formType: '8-K',
  importance: 'MEDIUM',
  reasons: [],
  oneLiner: `Tesla reports ${'a long list of items '.repeat(20)}`,
  link: 'https://www.sec.gov/Archives/edgar/data/1318605/x.htm',
  filedAt: new Date('2024-01-02T21:05:00Z'),
  items: null,
  details: null,
};

describe('the push message of an alert', () => {
  it('titles it like the email, clips the one-liner and opens the filing card', () => {
    const message = alertPush(filing, { burst: 2 });
    expect(message.title).toBe('TSLA 8-K · MEDIUM +2 more');
    expect(message.body.length).toBeLessThanOrEqual(180);
    expect(message.body.endsWith('...')).toBe(true);
    expect(message).toMatchObject({ url: '/ticker/TSLA#filing-42', tag: 'filing-42' });
  });

  it("puts a report's change under the one-liner, whole, and shortens the one-liner to make room", () => {
    const reportChange = {
      headline: 'Risk factors: 23% of the text is new since last year; 2 new risk factors, 1 removed',
      detail: 'Legal proceedings 4% new',
      newRiskFactors: 2,
      removedRiskFactors: 1,
    };
    const message = alertPush({ ...filing, formType: '10-K', reportChange });
    expect(message.body.length).toBeLessThanOrEqual(180);
    expect(message.body.split('\n')).toEqual([
      expect.stringMatching(/^Tesla reports .+\.\.\.$/),
      reportChange.headline,
    ]);
  });

  it('opens sec.gov without a ticker, and maps importance to RFC 8030 Urgency', () => {
    expect(filingPath({ ...filing, ticker: null })).toBe(filing.link);
    expect(filingPath({ ...filing, ticker: 'BRK.B' })).toBe('/ticker/BRK.B#filing-42');
    expect(['CRITICAL', 'HIGH', 'MEDIUM', 'LOW'].map((importance) => pushOptions({ importance }, 7).urgency)).toEqual([
      'high',
      'high',
      'normal',
      'low',
    ]);
    expect(pushOptions({ importance: 'HIGH' }, 7)).toMatchObject({ topic: 'alert-7', ttlSeconds: 21600 });
  });
});
