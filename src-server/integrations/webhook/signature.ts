/**
 * The generic JSON format's signature, as Stripe signs its webhooks (decision 313):
 * `Filing-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, t + "." + raw body)>`.
 * A receiver recomputes v1 over the raw bytes it received, compares in constant time and
 * refuses a t too far from its clock (replays).
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** Filing-Signature, as Node spells incoming header names (lower case). */
export const SIGNATURE_HEADER = 'filing-signature';
/** How far a receiver should let t be from its own clock. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

export function newWebhookSecret(): string {
  return `fa_whsec_${randomBytes(32).toString('base64url')}`;
}

export function signatureOf(secret: string, timestamp: number, rawBody: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex');
}

export function signatureHeader(secret: string, timestamp: number, rawBody: string): string {
  return `t=${timestamp},v1=${signatureOf(secret, timestamp, rawBody)}`;
}

/** The receiver's check (the documented snippet does the same): true only for a fresh, matching signature. */
export function verifySignature(
  secret: string,
  header: string | undefined,
  rawBody: string,
  nowSeconds = Math.floor(Date.now() / 1000),
): boolean {
  if (!header) return false;
  const parts = new Map<string, string[]>();
  for (const item of header.split(',')) {
    const [key, value] = item.split('=', 2) as [string, string | undefined];
    if (value !== undefined) parts.set(key.trim(), [...(parts.get(key.trim()) ?? []), value.trim()]);
  }
  const t = Number(parts.get('t')?.[0]);
  if (!Number.isInteger(t) || Math.abs(nowSeconds - t) > SIGNATURE_TOLERANCE_SECONDS) return false;
  const expected = Buffer.from(signatureOf(secret, t, rawBody), 'hex');
  return (parts.get('v1') ?? []).some((v) => {
    const given = Buffer.from(v, 'hex');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}
