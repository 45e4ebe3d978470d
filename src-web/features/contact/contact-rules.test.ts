import { describe, expect, it } from 'vitest';
import { INVALID_EMAIL_MESSAGE, US_ONLY_MESSAGE, validateContact } from './contact-rules';

describe('contact modal validation (SPEC.md section 5)', () => {
  it('requires a value, then a session', () => {
    expect(validateContact({ channel: 'email', value: '  ', session: 's' })).toEqual({
      ok: false,
      error: 'Please enter your contact information',
    });
    expect(validateContact({ channel: 'email', value: 'a@b.co', session: null })).toEqual({
      ok: false,
      error: 'Session not found. Please refresh the page.',
    });
  });
  it('checks the email format and lower-cases it', () => {
    expect(validateContact({ channel: 'email', value: 'not-an-email', session: 's' })).toEqual({
      ok: false,
      error: INVALID_EMAIL_MESSAGE,
    });
    expect(validateContact({ channel: 'email', value: ' Jane@Example.COM ', session: 's' })).toEqual({
      ok: true,
      email: 'jane@example.com',
      phone: null,
    });
  });
  it('normalises phone digits and accepts only US numbers for SMS', () => {
    expect(validateContact({ channel: 'sms', value: '(415) 555-0134', session: 's' })).toEqual({
      ok: true,
      email: null,
      phone: '+14155550134',
    });
    expect(validateContact({ channel: 'sms', value: '1 415 555 0134', session: 's' })).toEqual({
      ok: true,
      email: null,
      phone: '+14155550134',
    });
    expect(validateContact({ channel: 'sms', value: '44 20 7946 0958', session: 's' })).toEqual({
      ok: false,
      error: US_ONLY_MESSAGE,
    });
    // The same libphonenumber check as the server: other +1 countries and premium lines are refused here too.
    for (const value of ['876 555 1234', '1 900 555 1234', '(416) 555-0123']) {
      expect(validateContact({ channel: 'sms', value, session: 's' })).toEqual({ ok: false, error: US_ONLY_MESSAGE });
    }
  });
});
