/**
 * A send whose sender died between "sending" and "sent" may or may not have reached the
 * provider. Before sending again, ask the provider's own log: Twilio's message list for texts,
 * the relay's events API for email (MAIL_EVENTS_URL). The development outbox deduplicates by
 * idempotency key itself. Plain SMTP without an events API cannot be asked: the message goes
 * again with the same Message-ID (receivers drop a repeated Message-ID), logged as such. Web push
 * has no log to ask either: it goes again with the same Topic (the push service replaces an
 * undelivered one) and tag (the browser replaces a shown one).
 */
import type { AppDeps } from '../../deps';
import { messageIdFor } from '../../integrations/email/smtp-mailer';

export type Reconciled = { kind: 'delivered'; messageId: string } | { kind: 'absent' } | { kind: 'wait'; until: Date };

export interface InterruptedSend {
  channel: 'email' | 'sms' | 'push';
  idempotencyKey: string;
  to: string;
  /** SMS: the text ends with this (the alert's short link). */
  suffix?: string;
  /** When the interrupted attempt began. */
  since: Date;
}

export async function reconcileSend(
  deps: AppDeps,
  send: InterruptedSend,
  settleMs: number,
  now = new Date(),
): Promise<Reconciled> {
  if (send.channel === 'push') return { kind: 'absent' };
  if (send.channel === 'sms') {
    const log = deps.sms.kind === 'twilio' ? deps.smsLog : null;
    if (!log || !send.suffix) return { kind: 'absent' };
    const sid = await log.find({ to: send.to, suffix: send.suffix, since: send.since });
    return sid ? { kind: 'delivered', messageId: sid } : { kind: 'absent' };
  }
  if (deps.mailer.kind === 'outbox') return { kind: 'absent' };
  const events = deps.mailEvents;
  if (!events) {
    deps.logger?.warn(
      { key: send.idempotencyKey },
      'interrupted email resent with the same Message-ID (no MAIL_EVENTS_URL to check)',
    );
    return { kind: 'absent' };
  }
  const messageId = messageIdFor(send.idempotencyKey, deps.env.MAIL_FROM);
  if (await events.accepted(messageId)) return { kind: 'delivered', messageId };
  const settled = send.since.getTime() + settleMs;
  return settled > now.getTime() ? { kind: 'wait', until: new Date(settled) } : { kind: 'absent' };
}
