import { describe, expect, it } from 'vitest';
import { formatFiledTime, formatMarketCap, formatLag, formatRelativeTime } from './format';

describe('market cap (SPEC.md section 9: T with 2 decimals, B and M with 1)', () => {
  it.each([
    [3_456_789_000_000, '$3.46T'],
    [1_000_000_000_000, '$1.00T'],
    [999_949_999_999, '$999.9B'],
    [12_340_000_000, '$12.3B'],
    [45_670_000, '$45.7M'],
    [1_000_000, '$1.0M'],
    [950_000, '$950,000'],
  ])('%d -> %s', (value, text) => expect(formatMarketCap(value)).toBe(text));
  it('shows a dash when unknown', () => {
    expect(formatMarketCap(null)).toBe('—');
    expect(formatMarketCap(undefined)).toBe('—');
  });
});

describe('receipt lags (issue 28)', () => {
  const exact = (s: number) => `${s} s`;
  it.each([
    [42, '+42 s'],
    [86_400, '+86400 s'],
    [5 * 86_400, '5 days later'],
    [400 * 86_400, 'a year later'],
    [6365 * 3600 * 4, '2 years later'],
  ])('%d s -> %s', (seconds, text) => expect(formatLag(seconds, exact)).toBe(text));
});

describe('relative time (minutes < 60, hours < 24, days < 7, weeks < 4, months, then the date)', () => {
  const now = Date.parse('2025-06-30T12:00:00Z');
  const ago = (ms: number) => new Date(now - ms).toISOString();
  const m = 60_000;
  it.each([
    [30_000, 'just now'],
    [5 * m, '5m ago'],
    [59 * m, '59m ago'],
    [60 * m, '1h ago'],
    [23 * 60 * m, '23h ago'],
    [24 * 60 * m, '1d ago'],
    [6 * 24 * 60 * m, '6d ago'],
    [7 * 24 * 60 * m, '1w ago'],
    [27 * 24 * 60 * m, '3w ago'],
    [28 * 24 * 60 * m, '1 month ago'],
    [95 * 24 * 60 * m, '3 months ago'],
    [1250 * 24 * 60 * m, 'Jan 27, 2022'],
  ])('%d ms ago -> %s', (ms, text) => expect(formatRelativeTime(ago(ms), now)).toBe(text));
  it('is empty for missing or invalid dates', () => {
    expect(formatRelativeTime(null, now)).toBe('');
    expect(formatRelativeTime('not a date', now)).toBe('');
  });
});

describe('when a filing was filed', () => {
  it('a filing known only by its date shows that date, not its stored midnight as a time (Apple 10-Q, Aug 4, 2023)', () => {
    // Stored at midnight New York time (04:00 UTC in summer), without an acceptance time.
    expect(formatFiledTime('2023-08-04T04:00:00.000Z', null)).toBe('Aug 4, 2023');
    expect(formatFiledTime('2024-01-08T05:00:00.000Z', undefined)).toBe('Jan 8, 2024');
  });

  it('a filing with its acceptance time shows date and time', () => {
    expect(formatFiledTime('2023-08-04T20:31:00.000Z', '2023-08-04T20:31:00.000Z')).toMatch(
      /^Aug 4, 2023, \d{1,2}:31 [AP]M$/,
    );
  });
});
