import type { FastifyBaseLogger } from 'fastify';
import type { Env } from '../../config/env';
import type { Db } from '../../db/client';
import type { AppDeps } from '../../deps';
import { outboxMailer } from '../outbox/outbox-senders';
import { perDeps } from '../per-deps';
import { smtpMailer } from './smtp-mailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Extra headers, e.g. List-Unsubscribe. */
  headers?: Record<string, string>;
  /**
   * The same key always yields the same Message-ID (SMTP) or the same stored message (outbox),
   * so a retried send can be recognised downstream.
   */
  idempotencyKey?: string;
}

export interface Mailer {
  readonly kind: 'smtp' | 'outbox';
  /** Resolves once the server accepted the message; throws DeliveryError otherwise. */
  send(message: MailMessage): Promise<{ messageId: string }>;
}

/** SMTP when SMTP_URL is set, else the development outbox. */
export function createMailer(env: Env, db: Db, logger?: FastifyBaseLogger): Mailer {
  if (env.SMTP_URL) return smtpMailer({ url: env.SMTP_URL, from: env.MAIL_FROM });
  return outboxMailer({ db, logger, logBodies: env.NODE_ENV !== 'production', from: env.MAIL_FROM });
}

const fromEnv = perDeps((deps) => createMailer(deps.env, deps.db, deps.logger));
/** deps.mailer, or the adapter the environment selects (tests that pass only env). */
export function mailerFor(deps: AppDeps): Mailer {
  return deps.mailer ?? fromEnv(deps);
}

/** The bare address of a "Name <addr>" sender. */
export function addressOf(from: string): string {
  return from.match(/<([^>]+)>/)?.[1] ?? from.trim();
}
