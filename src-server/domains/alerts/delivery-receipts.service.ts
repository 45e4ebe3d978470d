/**
 * Delivery receipts of alert texts (decision 208): each SMS is sent with a StatusCallback URL
 * naming its alert; Twilio posts every status change there, signed. The transport checks the
 * signature; this records the status on the alert (and the burst alerts sent inside it).
 */
import type { AppDeps } from '../../deps';
import type { Db } from '../../db/client';
import { publicUrl } from '../auth/request-info';
import { applySmsStatus, SMS_STATUS_RANK, type SmsStatus, type SmsStatusOutcome } from './delivery-receipts.repo';

export { SMS_STATUS_RANK, type SmsStatus };

/** Where Twilio posts an alert text's status changes (under /api). */
export const SMS_STATUS_PATH = '/sms/status';

/**
 * The StatusCallback for an alert text: PUBLIC_URL/api/sms/status/<alert id>, or null without
 * PUBLIC_URL (Twilio cannot reach a localhost default). The alert id is not a secret: only
 * Twilio's signature makes a callback count, and it must name this alert's message SID.
 */
export function smsStatusCallbackUrl(deps: Pick<AppDeps, 'env'>, alertId: number): string | null {
  if (!deps.env.PUBLIC_URL) return null;
  return `${publicUrl(deps)}/api${SMS_STATUS_PATH}/${alertId}`;
}

/**
 * Records one verified status callback. Replays and late arrivals of an earlier status change
 * nothing ('unchanged'); a SID that is not this alert's message changes nothing ('unknown').
 */
export async function recordSmsStatus(
  db: Db,
  params: { alertId: number; messageSid: string; status: SmsStatus; errorCode: string | null },
): Promise<SmsStatusOutcome> {
  return applySmsStatus(db, params);
}
