import { parsePhoneNumberFromString } from 'libphonenumber-js/mobile';

/**
 * Phone normalisation of SPEC.md section 5: keep digits; 10 digits get +1, 11 digits starting
 * with 1 get +, anything else gets + before the digits.
 */
export function normalisePhone(input: string): string {
  const digits = input.replace(/\D/g, '');
  if (digits.length === 10) return `+1${digits}`;
  if (digits.length === 11 && digits.startsWith('1')) return `+${digits}`;
  return `+${digits}`;
}

/**
 * SMS goes only to US numbers that can receive texts. "+1 and 10 digits" also takes Jamaica,
 * Antigua and the rest of the +1 plan, premium 900 and toll-free lines and invalid exchanges
 * (toll fraud), so the number is checked against libphonenumber's mobile metadata: valid, a
 * mobile-capable type, and in the US. Shared by the server and the web form, so both agree.
 */
export function isUsPhone(e164: string): boolean {
  if (!/^\+1\d{10}$/.test(e164)) return false;
  const parsed = parsePhoneNumberFromString(e164);
  return parsed !== undefined && parsed.country === 'US' && parsed.isValid();
}

/** Sign-in codes sent by text are exactly this many digits (SPEC.md sections 5 and 9). */
export const LOGIN_CODE_LENGTH = 6;

/** An identifier with @ is an email, otherwise a phone. */
export function identifierKind(identifier: string): 'email' | 'phone' {
  return identifier.includes('@') ? 'email' : 'phone';
}

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export function isEmail(value: string): boolean {
  return value.length <= 254 && EMAIL_RE.test(value);
}

export function normaliseEmail(value: string): string {
  return value.trim().toLowerCase();
}

/**
 * The key a per-address send budget counts against: an email's +tag is dropped (a+1@x.com and
 * a+2@x.com reach one inbox, so they share one budget); a phone is its own key.
 */
export function sendBudgetKey(contact: string): string {
  const at = contact.lastIndexOf('@');
  if (at < 0) return contact;
  const local = contact.slice(0, at);
  const plus = local.indexOf('+');
  return `${plus > 0 ? local.slice(0, plus) : local}${contact.slice(at)}`.toLowerCase();
}
