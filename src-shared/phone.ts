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

/** SMS goes only to US numbers: +1 followed by 10 digits. */
export function isUsPhone(e164: string): boolean {
  return /^\+1\d{10}$/.test(e164);
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
