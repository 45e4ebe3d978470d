/** EDGAR's New York schedule: business days (federal holidays, observed dates), DST, the 06:00 sweep. */
import { describe, expect, it } from 'vitest';
import { federalHolidays, isBusinessDay, nyInstant, previousBusinessDay } from '#shared/us-calendar';
import { deepSweepFloor, isEdgarActive, isExemptFromHold, msUntilActive } from './schedule';

describe('US federal business days', () => {
  it('lists the observed federal holidays (EDGAR closed: none of 2025-10-13 or 2025-11-11 in the recorded data)', () => {
    expect([...federalHolidays(2025)].sort()).toEqual([
      '2025-01-01',
      '2025-01-20',
      '2025-02-17',
      '2025-05-26',
      '2025-06-19',
      '2025-07-04',
      '2025-09-01',
      '2025-10-13',
      '2025-11-11',
      '2025-11-27',
      '2025-12-25',
    ]);
    // New Year's Day 2022 fell on a Saturday: observed Friday 2021-12-31; July 4 2026 (Sat) on Friday the 3rd.
    expect(federalHolidays(2021).has('2021-12-31')).toBe(true);
    expect(federalHolidays(2026).has('2026-07-03')).toBe(true);
    expect(isBusinessDay('2026-11-26')).toBe(false); // Thanksgiving
    expect(isBusinessDay('2026-11-27')).toBe(true);
    expect(isBusinessDay('2025-01-09')).toBe(false); // national day of mourning
    expect(previousBusinessDay('2026-01-20')).toBe('2026-01-16'); // MLK Monday and the weekend skipped
  });

  it('converts New York wall time across DST', () => {
    expect(new Date(nyInstant('2026-03-06', 6 * 3600)).toISOString()).toBe('2026-03-06T11:00:00.000Z'); // EST
    expect(new Date(nyInstant('2026-03-09', 6 * 3600)).toISOString()).toBe('2026-03-09T10:00:00.000Z'); // EDT
    expect(new Date(nyInstant('2025-11-03', 22 * 3600 + 300)).toISOString()).toBe('2025-11-04T03:05:00.000Z');
  });
});

describe('EDGAR poll schedule', () => {
  const at = (date: string, h: number, m = 0) => nyInstant(date, h * 3600 + m * 60);
  it('polls fast 06:00-22:05 ET on business days only', () => {
    expect(isEdgarActive(at('2025-11-18', 5, 59))).toBe(false);
    expect(isEdgarActive(at('2025-11-18', 6, 0))).toBe(true);
    expect(isEdgarActive(at('2025-11-18', 22, 4))).toBe(true);
    expect(isEdgarActive(at('2025-11-18', 22, 5))).toBe(false);
    expect(isEdgarActive(at('2025-11-22', 12))).toBe(false); // Saturday
    expect(isEdgarActive(at('2025-11-27', 12))).toBe(false); // Thanksgiving
    // Spring forward: 06:00 EDT is 10:00Z, and the fast period starts there.
    expect(isEdgarActive(Date.parse('2026-03-09T09:59:59Z'))).toBe(false);
    expect(isEdgarActive(Date.parse('2026-03-09T10:00:00Z'))).toBe(true);
  });

  it('waits for the next 06:00 off hours, capped at the idle interval', () => {
    expect(msUntilActive(at('2025-11-18', 5, 59), 60_000)).toBe(60_000);
    expect(msUntilActive(at('2025-11-18', 5, 59) + 30_000, 60_000)).toBe(30_000);
    expect(msUntilActive(at('2025-11-21', 23), 10 * 86_400_000)).toBe(at('2025-11-24', 6) - at('2025-11-21', 23)); // Friday night -> Monday
  });

  it('sweeps deep 06:00-06:12 down to the previous business day 17:30 ET', () => {
    expect(deepSweepFloor(at('2025-11-24', 6, 5))).toBe(at('2025-11-21', 17, 30)); // Monday -> Friday
    expect(deepSweepFloor(at('2025-11-28', 6, 1))).toBe(at('2025-11-26', 17, 30)); // after Thanksgiving
    expect(deepSweepFloor(at('2025-11-18', 6, 12))).toBeNull();
    expect(deepSweepFloor(at('2025-11-18', 5, 59))).toBeNull();
  });

  it('knows which forms SEC disseminates at once after 17:30', () => {
    expect(['4', '4/A', '3', '144', 'SCHEDULE 13D/A', 'SC 13G'].every(isExemptFromHold)).toBe(true);
    expect(['8-K', '10-Q', '424B2', '6-K'].some(isExemptFromHold)).toBe(false);
  });
});
