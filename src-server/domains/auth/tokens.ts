import { hash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { LOGIN_CODE_LENGTH } from '#shared/phone';

/** 256-bit random token, URL-safe: sessions and emailed links. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Tokens and codes are stored only as SHA-256 digests; a database leak does not leak sessions. */
export function hashToken(token: string): string {
  // One-shot hash: no Hash object per call (every request hashes its session token).
  return hash('sha256', token, 'hex');
}

/** A 6-digit login code from the CSPRNG (leading zeros kept). */
export function newLoginCode(): string {
  return randomInt(0, 10 ** LOGIN_CODE_LENGTH)
    .toString()
    .padStart(LOGIN_CODE_LENGTH, '0');
}

/** A code's digest is bound to the identifier it was sent to, so it is worthless for another. */
export function hashLoginCode(identifier: string, code: string): string {
  return hashToken(`${identifier}\n${code}`);
}

export function safeEqualHex(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}
