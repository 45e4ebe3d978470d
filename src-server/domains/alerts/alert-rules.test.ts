/** Pure rules of alerts: quiet hours, retry backoff, SMS length, digest order, cursors. */
import { describe, expect, it } from 'vitest';
import { parseCursor } from '../../live/live.service';
import { alertSms, groupForDigest, type FilingFacts } from './alert-messages';
import { backoffMs } from './alerts.config';
import { quietUntil } from './quiet-hours';

const at = (iso: string) => new Date(iso);

describe('quiet hours', () => {
  const nightNY = { timeZone: 'America/New_York', startMinute: 22 * 60, endMinute: 7 * 60 };

  it('holds a send inside a period that wraps midnight until the period ends, in the user zone', () => {
    // 03:10 in New York (EDT, UTC-4) is inside 22:00-07:00: held until 07:00 local.
    expect(quietUntil(at('2025-06-10T07:10:30Z'), nightNY)?.toISOString()).toBe('2025-06-10T11:00:00.000Z');
    // 23:30 local, before midnight.
    expect(quietUntil(at('2025-06-11T03:30:00Z'), nightNY)?.toISOString()).toBe('2025-06-11T11:00:00.000Z');
  });

  it('lets everything through outside the period, or without quiet hours', () => {
    expect(quietUntil(at('2025-06-10T16:00:00Z'), nightNY)).toBeNull();
    expect(quietUntil(at('2025-06-10T11:00:00Z'), nightNY)).toBeNull();
    expect(quietUntil(at('2025-06-10T07:10:00Z'), { ...nightNY, startMinute: null })).toBeNull();
    expect(quietUntil(at('2025-06-10T07:10:00Z'), { ...nightNY, endMinute: 22 * 60 })).toBeNull();
  });

  it('handles a daytime period and an unknown zone (the default zone)', () => {
    const lunch = { timeZone: 'Europe/London', startMinute: 12 * 60, endMinute: 13 * 60 };
    expect(quietUntil(at('2025-01-15T12:20:00Z'), lunch)?.toISOString()).toBe('2025-01-15T13:00:00.000Z');
    expect(quietUntil(at('2025-01-15T07:10:00Z'), { ...nightNY, timeZone: 'Mars/Olympus' })?.toISOString()).toBe(
      '2025-01-15T12:00:00.000Z',
    );
  });
});

describe('retry backoff', () => {
  it('doubles per attempt within +-20% and stops growing at an hour', () => {
    const settings = { retryBaseMs: 30_000 };
    expect(backoffMs(settings, 1, () => 0.5)).toBe(30_000);
    expect(backoffMs(settings, 3, () => 0.5)).toBe(120_000);
    expect(backoffMs(settings, 3, () => 0)).toBe(96_000);
    expect(backoffMs(settings, 3, () => 1)).toBe(144_000);
    expect(backoffMs(settings, 20, () => 0.5)).toBe(3_600_000);
  });
});

const filing = (over: Partial<FilingFacts>): FilingFacts => ({
  filingId: 42,
  ticker: 'TSLA',
  companyName: 'Tesla, Inc.',
  formType: '8-K',
  importance: 'HIGH',
  reasons: [],
  oneLiner: 'Tesla filed an 8-K',
  link: null,
  filedAt: at('2025-01-01T00:00:00Z'),
  ...over,
});

describe('alert texts', () => {
  it('fits one SMS (160 characters) and always keeps the short link', () => {
    const long = filing({
      oneLiner:
        'Elon Musk sold 4,400,000 shares at an average $191.63 ($843.2M) in nine open-market sales under no 10b5-1 plan, and more words'.repeat(
          2,
        ),
    });
    const text = alertSms(long, { brandName: 'Insider Trades', publicUrl: 'https://alerts.example' });
    expect(text.length).toBeLessThanOrEqual(160);
    expect(text.startsWith('Insider Trades: TSLA HIGH 8-K: Elon Musk sold')).toBe(true);
    expect(text).toMatch(/\.\.\. https:\/\/alerts\.example\/f\/42$/);
  });

  it('orders a digest by ticker (most important first) and by importance within a ticker', () => {
    const groups = groupForDigest([
      filing({ ticker: 'AAPL', importance: 'LOW', filingId: 1 }),
      filing({ ticker: 'MSFT', importance: 'HIGH', filingId: 2 }),
      filing({ ticker: 'AAPL', importance: 'HIGH', filingId: 3 }),
      filing({ ticker: 'TSLA', importance: 'CRITICAL', filingId: 4 }),
    ]);
    expect(groups.map((g) => [g.ticker, g.filings.map((f) => f.filingId)])).toEqual([
      ['TSLA', [4]],
      ['AAPL', [3, 1]],
      ['MSFT', [2]],
    ]);
  });
});

describe('live cursor', () => {
  it('accepts only a filing id as lastEventId', () => {
    expect(parseCursor('1234')).toBe(1234);
    expect(parseCursor(undefined)).toBeNull();
    expect(parseCursor('12; drop table')).toBeNull();
    expect(parseCursor('9'.repeat(30))).toBeNull();
  });
});
