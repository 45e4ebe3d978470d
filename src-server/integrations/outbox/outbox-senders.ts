import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { Mailer } from '../email/mailer';
import type { SmsSender } from '../sms/sms-sender';
import { insertOutboxMessage, type OutboxInsert } from './outbox.repo';

interface OutboxOptions {
  db: Db;
  logger?: FastifyBaseLogger;
  /** Log whole bodies (they hold sign-in links and codes): development only. */
  logBodies: boolean;
  from: string;
}

/** Stores one message and logs it; returns the outbox row id. */
async function store(options: OutboxOptions, message: Omit<OutboxInsert, 'from'>, note: string): Promise<number> {
  const row = await insertOutboxMessage(options.db, { message: { ...message, from: options.from } });
  const { channel, to, subject, body } = message;
  options.logger?.info({ outboxId: row.id, channel, to, subject, ...(options.logBodies ? { body } : {}) }, note);
  return row.id;
}

/** Email without SMTP_URL: stored in dev_outbox and logged, listed at /dev/outbox. */
export function outboxMailer(options: OutboxOptions): Mailer {
  return {
    kind: 'outbox',
    async send(message) {
      const id = await store(
        options,
        {
          channel: 'email',
          to: message.to,
          subject: message.subject,
          body: message.text,
          html: message.html ?? null,
          headers: message.headers ?? {},
          idempotencyKey: message.idempotencyKey ?? null,
        },
        'email stored in the development outbox (SMTP_URL not set)',
      );
      return { messageId: `outbox-${id}`, accepted: { response: `stored in the development outbox as ${id}` } };
    },
  };
}

/** SMS without Twilio settings: stored in dev_outbox and logged. */
export function outboxSms(options: OutboxOptions): SmsSender {
  return {
    kind: 'outbox',
    async send(message) {
      const id = await store(
        options,
        { channel: 'sms', to: message.to, body: message.body, idempotencyKey: message.idempotencyKey ?? null },
        'SMS stored in the development outbox (Twilio not configured)',
      );
      return { sid: `SMoutbox${id}` };
    },
  };
}
