import { COPY } from '../../../src-server/core/copy';
import { isEmail, isUsPhone, normaliseEmail, normalisePhone } from '../../../src-server/core/phone';

export type ContactChannel = 'email' | 'sms';

export const INVALID_EMAIL_MESSAGE = 'Please enter a valid email address';
export const US_ONLY_MESSAGE = 'Text alerts are available for US mobile numbers only (10 digits, e.g. 202 555 0143).';

/** Validates the contact modal (SPEC.md section 5); returns the value to send or the message. */
export function validateContact(params: {
  channel: ContactChannel;
  value: string;
  session: string | null;
}): { ok: true; email: string | null; phone: string | null } | { ok: false; error: string } {
  const value = params.value.trim();
  if (!value) return { ok: false, error: COPY.contactRequired };
  if (!params.session) return { ok: false, error: COPY.sessionNotFound };
  if (params.channel === 'email') {
    const email = normaliseEmail(value);
    return isEmail(email) ? { ok: true, email, phone: null } : { ok: false, error: INVALID_EMAIL_MESSAGE };
  }
  const phone = normalisePhone(value);
  return isUsPhone(phone) ? { ok: true, email: null, phone } : { ok: false, error: US_ONLY_MESSAGE };
}
