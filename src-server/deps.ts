import type { FastifyBaseLogger } from 'fastify';
import type { Env } from './config/env';
import type { Db, Sql } from './db/client';
import type { Mailer } from './integrations/email/mailer';
import type { SmsSender } from './integrations/sms/sms-sender';

/**
 * Everything the app needs from outside, passed into buildApp so tests choose each part.
 * Integrations (mail, SMS, EDGAR, quotes, LLM, live hub) are added here by their domains.
 */
export interface AppDeps {
  env: Env;
  db: Db;
  sql: Sql;
  /** Email and SMS; absent, the adapter the environment selects is used (mailerFor / smsFor). */
  mailer?: Mailer;
  sms?: SmsSender;
  /** Optional parent logger; buildApp creates one from env when absent. */
  logger?: FastifyBaseLogger;
}
