import type { FastifyBaseLogger } from 'fastify';
import type { Env } from '../../config/env';
import type { Db } from '../../db/client';
import { outboxMailer } from '../outbox/outbox-senders';
import type { Mailer } from './mailer';
import { smtpMailer } from './smtp-mailer';

/** SMTP when SMTP_URL is set, else the development outbox. */
export function createMailer(env: Env, db: Db, logger?: FastifyBaseLogger): Mailer {
  if (env.SMTP_URL) return smtpMailer({ url: env.SMTP_URL, from: env.MAIL_FROM });
  return outboxMailer({ db, logger, logBodies: env.NODE_ENV !== 'production', from: env.MAIL_FROM });
}
