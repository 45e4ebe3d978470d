import { describe, expect, it } from 'vitest';
import { formRows, formStatus, toggleForm } from './form-rows';

describe('form-types table', () => {
  it('8-K brand, free: 8-K open, the upsell forms locked, no hidden forms', () => {
    const rows = formRows('8k', false);
    expect(rows.map((r) => [r.form, r.locked])).toEqual([
      ['8-K', false],
      ['4', true],
      ['10-Q', true],
      ['10-K', true],
      ['13D', true],
      ['13G', true],
    ]);
  });
  it('Form 4 brand lists Form 4 first', () => {
    const rows = formRows('form4', false);
    expect(rows[0]).toEqual({ form: '4', description: 'insider trades', locked: false });
    expect(rows.map((r) => r.form)).toEqual(['4', '8-K', '10-Q', '10-K', '13D', '13G', '3', '5']);
    expect(formRows('form4', true)[0]?.form).toBe('4');
  });
  it('PRO sees every form unlocked (NEW_LISTINGS has its own block)', () => {
    const rows = formRows('8k', true);
    expect(rows).toHaveLength(12);
    expect(rows.every((r) => !r.locked)).toBe(true);
    expect(rows.map((r) => r.form)).not.toContain('NEW_LISTINGS');
  });
  it('status: PRO lock, Active, or off', () => {
    const [eightK, four] = formRows('8k', false);
    expect(formStatus(eightK!, ['8-K'])).toBe('active');
    expect(formStatus(eightK!, [])).toBe('off');
    expect(formStatus(four!, ['4'])).toBe('locked');
  });
  it('locked forms cannot be checked', () => {
    const [eightK, four] = formRows('8k', false);
    expect(toggleForm(['8-K'], four!)).toEqual(['8-K']);
    expect(toggleForm(['8-K'], eightK!)).toEqual([]);
    expect(toggleForm([], eightK!)).toEqual(['8-K']);
  });
});
