import { describe, expect, it } from 'vitest';
import { canConfirmDelete, hourLabel, timeZoneOptions } from './settings-rules';

describe('settings helpers', () => {
  it('words digest hours in 12-hour time', () => {
    expect([0, 8, 12, 13, 23].map(hourLabel)).toEqual(['12:00 AM', '8:00 AM', '12:00 PM', '1:00 PM', '11:00 PM']);
  });
  it('always offers the saved time zone first', () => {
    const zones = timeZoneOptions('Europe/Paris');
    expect(zones[0]).toBe('Europe/Paris');
    expect(zones).toContain('America/New_York');
    expect(new Set(zones).size).toBe(zones.length);
  });
  it('deletes only after typing DELETE', () => {
    expect(canConfirmDelete('delete ')).toBe(true);
    expect(canConfirmDelete('yes')).toBe(false);
  });
});
