import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { Mailer, MailMessage } from '../email/mailer';
import type { SmsMessage, SmsSender } from '../sms/sms-sender';
import { insertOutboxMessage } from './outbox.repo';

interface OutboxOptions {
  db: Db;
  logger?: FastifyBaseLogger;
  /** Log whole bodies (they hold sign-in links and codes): development only. */
  logBodies: boolean;
  from: string;
}

/** Email without SMTP_URL: stored in dev_outbox and logged, listed at /dev/outbox. */
export function outboxMailer(options: OutboxOptions): Mailer {
  return {
    kind: 'outbox',
    async send(message: MailMessage) {
      const row = await insertOutboxMessage(options.db, {
        message: {
          channel: 'email',
          to: message.to,
          from: options.from,
          subject: message.subject,
          body: message.text,
          html: message.html ?? null,
          headers: message.headers ?? {},
          idempotencyKey: message.idempotencyKey ?? null,
        },
      });
      options.logger?.info(
        { outboxId: row.id, to: message.to, subject: message.subject, ...(options.logBodies ? { text: message.text } : {}) },
        'email stored in the development outbox (SMTP_URL not set)',
      );
      return { messageId: `outbox-${row.id}` };
    },
  };
}

/** SMS without Twilio settings: stored in dev_outbox and logged. */
export function outboxSms(options: OutboxOptions): SmsSender {
  return {
    kind: 'outbox',
    async send(message: SmsMessage) {
      const row = await insertOutboxMessage(options.db, {
        message: {
          channel: 'sms',
          to: message.to,
          from: options.from,
          body: message.body,
          idempotencyKey: message.idempotencyKey ?? null,
        },
      });
      options.logger?.info(
        { outboxId: row.id, to: message.to, ...(options.logBodies ? { body: message.body } : {}) },
        'SMS stored in the development outbox (Twilio not configured)',
      );
      return { sid: `SMoutbox${row.id}` };
    },
  };
}
