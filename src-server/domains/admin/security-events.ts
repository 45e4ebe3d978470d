import { securityEvents } from '../../db/schema';
import type { Db } from '../../db/client';
import { maskEmail, maskPhone } from '#shared/mask';

export type SecurityEventKind = 'sign_in' | 'code_failed' | 'rate_limited' | 'webhook_signature_failed';
export const SECURITY_EVENT_KINDS: readonly SecurityEventKind[] = [
  'sign_in',
  'code_failed',
  'rate_limited',
  'webhook_signature_failed',
];

/** An email or phone as security events keep it (masked: the log is read by every admin). */
export function maskedContact(value: unknown): string | null {
  if (typeof value !== 'string' || !value.trim()) return null;
  return value.includes('@') ? maskEmail(value.trim().toLowerCase()) : maskPhone(value.trim());
}

/**
 * Records a security event for /admin/activity. Best effort on the pool (never inside the
 * caller's transaction, which may be rolling back): a failure here is logged by nobody and never
 * turns the request it describes into an error.
 */
export async function recordSecurityEvent(
  db: Db,
  event: {
    kind: SecurityEventKind;
    userId?: string | null;
    subject?: string | null;
    detail?: Record<string, unknown> | null;
    ip?: string | null;
  },
): Promise<void> {
  try {
    await db.insert(securityEvents).values({
      kind: event.kind,
      userId: event.userId ?? null,
      subject: event.subject?.slice(0, 200) ?? null,
      detail: event.detail ?? null,
      ip: event.ip ?? null,
    });
  } catch {
    // The event log must not take the request down with it.
  }
}
