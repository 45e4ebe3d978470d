import { describe, expect, it } from 'vitest';
import { isUsPhone, normalisePhone, sendBudgetKey } from './phone';

describe('US numbers only for SMS (toll fraud)', () => {
  it.each([
    ['+12025550143', 'Washington DC, fiction range 555-01XX'],
    ['+14155550134', 'San Francisco'],
    ['+12125550100', 'New York'],
  ])('accepts %s (%s)', (phone) => expect(isUsPhone(phone)).toBe(true));

  // What "+1 and 10 digits" let through: the rest of the North American plan and non-mobile lines.
  it.each([
    ['+18765551234', 'Jamaica (+1 876)'],
    ['+12684601234', 'Antigua (+1 268)'],
    ['+14165550123', 'Toronto, Canada (+1 416)'],
    ['+16495550123', 'Turks and Caicos (+1 649)'],
    ['+19005551234', 'premium rate 900'],
    ['+18005551234', 'toll-free 800'],
    ['+19765551234', 'premium 976 as area code'],
    ['+19115551234', 'N11 (911) as area code'],
    ['+14115551234', 'N11 (411) as area code'],
    ['+10005551234', 'area code 000'],
    ['+12020000002', 'exchange 000'],
    ['+12021234567', 'exchange starting with 1'],
    ['+15551234567', 'area code 555 (not a real area code)'],
    ['+15005550006', "Twilio's magic test number"],
    ['+120255501430', 'eleven digits after +1'],
    ['+442079460958', 'United Kingdom'],
    ['+1202555014', 'nine digits'],
  ])('refuses %s (%s)', (phone) => expect(isUsPhone(phone)).toBe(false));

  it('normalised input from a form gets the same answer', () => {
    expect(isUsPhone(normalisePhone('(202) 555-0143'))).toBe(true);
    expect(isUsPhone(normalisePhone('1 876 555 1234'))).toBe(false);
    expect(isUsPhone(normalisePhone('900-555-1234'))).toBe(false);
  });
});

describe('per-address send budget key', () => {
  it('drops the +tag so plus-addressed variants share one budget', () => {
    expect(sendBudgetKey('a+1@x.com')).toBe('a@x.com');
    expect(sendBudgetKey('a+2@x.com')).toBe('a@x.com');
    expect(sendBudgetKey('A+Promo+More@X.com')).toBe('a@x.com');
    expect(sendBudgetKey('a@x.com')).toBe('a@x.com');
  });
  it('keeps distinct inboxes and phones apart', () => {
    expect(sendBudgetKey('ab@x.com')).not.toBe(sendBudgetKey('a@x.com'));
    expect(sendBudgetKey('a@y.com')).not.toBe(sendBudgetKey('a@x.com'));
    // A local part that is only a +tag has nothing to strip down to.
    expect(sendBudgetKey('+tag@x.com')).toBe('+tag@x.com');
    expect(sendBudgetKey('+12025550143')).toBe('+12025550143');
  });
});
