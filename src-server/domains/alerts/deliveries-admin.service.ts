/**
 * /admin/notifications beyond the dead-letter list (alerts-admin.service.ts): deliveries by
 * channel and status, provider health, the bulk retry job, and a test message to the admin.
 */
import { AppError } from '#shared/app-error';
import type { Db } from '../../db/client';
import { DeliveryError } from '../../integrations/delivery-error';
import type { Mailer } from '../../integrations/email/mailer';
import type { SmsSender } from '../../integrations/sms/sms-sender';
import type { Progress } from '../admin/admin-jobs.service';
import * as admin from './alerts-admin.repo';
import * as repo from './deliveries-admin.repo';

export const DELIVERY_CHANNELS = ['email', 'sms', 'push', 'digest', 'brief'] as const;
export const DELIVERY_STATUSES = ['queued', 'sending', 'sent', 'dead', 'cancelled'] as const;

export async function deliverySummary(db: Db, { hours }: { hours: number }) {
  return { hours, counts: await repo.deliveryCounts(db, { hours }) };
}

export async function listDeliveries(
  db: Db,
  {
    channel,
    status,
    beforeId,
    limit,
  }: { channel?: string | null; status?: string | null; beforeId?: number | null; limit: number },
) {
  const rows = await repo.listDeliveries(db, {
    channel: channel ?? null,
    status: status ?? null,
    beforeId: beforeId ?? null,
    limit,
  });
  const deliveries = rows.map((r) => ({
    id: r.id,
    channel: r.channel,
    status: r.status,
    attempts: r.attempts,
    lastError: r.last_error,
    errorCode: r.error_code,
    providerMessageId: r.provider_message_id,
    createdAt: r.created_at,
    sentAt: r.sent_at,
    /** SMS: Twilio's delivered callback; email: the mail server's 250 acceptance (decision 208). */
    deliveredAt: r.delivered_at,
    providerStatus: r.provider_status,
    providerResponse: r.provider_response,
    user: { id: r.user_id, email: r.email, phone: r.phone },
    filing: { id: r.filing_id, ticker: r.ticker, form: r.form_type },
  }));
  return { deliveries, nextBeforeId: deliveries.length === limit ? deliveries.at(-1)!.id : null };
}

/** Which adapter each channel uses, what it accepted and refused lately, and its latest error. */
export async function providerHealth(
  db: Db,
  { mailer, sms, hours }: { mailer: Mailer; sms: SmsSender; hours: number },
) {
  const rows = await repo.providerFigures(db, { hours });
  const adapter: Record<string, string> = {
    email: mailer.kind === 'smtp' ? 'SMTP' : 'development outbox',
    sms: sms.kind === 'twilio' ? 'Twilio' : 'development outbox',
  };
  return {
    hours,
    // "Accepted" is what the adapter took: the development outbox stores every message (sign-in
    // links and codes, notices too), so its own count is the figure; SMTP and Twilio count the
    // alerts and digests we recorded as accepted (issue 28: "0 accepted" while the outbox held 9).
    providers: rows.map((r) => ({
      channel: r.channel,
      adapter: adapter[r.channel] ?? r.channel,
      sent: adapter[r.channel] === 'development outbox' ? r.outbox : r.sent + r.digests,
      counts: adapter[r.channel] === 'development outbox' ? 'every message stored in the outbox' : 'alerts and digests',
      failed: r.failed,
      lastSentAt: adapter[r.channel] === 'development outbox' ? r.last_outbox_at : r.last_sent_at,
      lastError: r.last_error,
      lastErrorAt: r.last_error_at,
    })),
  };
}

/** The bulk retry job: every dead alert back to the queue, 200 at a time. */
export async function retryAllDead(db: Db, { progress }: { progress: Progress }) {
  const total = await repo.deadCount(db);
  let afterId = 0;
  let done = 0;
  let requeued = 0;
  await progress({ done, total, changed: requeued });
  for (;;) {
    const ids = await repo.deadIds(db, { afterId, limit: 200 });
    if (ids.length === 0) break;
    requeued += await admin.requeueDead(db, { ids });
    done += ids.length;
    afterId = ids.at(-1)!;
    await progress({ done, total: Math.max(total, done), changed: requeued });
  }
  return { requeued };
}

/** A test message to the admin's own verified address or phone, through the live adapter. */
export async function sendTestMessage(
  { mailer, sms }: { mailer: Mailer; sms: SmsSender },
  { channel, admin: user }: { channel: 'email' | 'sms'; admin: { email: string | null; phone: string | null } },
): Promise<{ channel: 'email' | 'sms'; to: string; providerId: string }> {
  const to = channel === 'email' ? user.email : user.phone;
  if (!to) {
    throw new AppError(
      'CONFLICT',
      channel === 'email'
        ? 'Your admin account has no email address to send to.'
        : 'Your admin account has no phone number to text.',
      {
        reason: 'admin_contact_missing',
      },
    );
  }
  const text = 'Test message from the admin console: this channel delivers.';
  try {
    if (channel === 'email')
      return {
        channel,
        to,
        providerId: (await mailer.send({ to, subject: 'Admin console test email', text })).messageId,
      };
    return { channel, to, providerId: (await sms.send({ to, body: text })).sid };
  } catch (error) {
    if (error instanceof DeliveryError) {
      throw new AppError('UNAVAILABLE', `The provider refused the test message: ${error.message}`, {
        reason: 'provider_refused',
      });
    }
    throw error;
  }
}
