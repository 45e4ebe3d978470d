import type { FastifyBaseLogger } from 'fastify';
import { ConfigError, type Env } from '../../config/env';
import type { Db } from '../../db/client';
import type { AppDeps } from '../../deps';
import { createLogger } from '../../ops/logger';
import { outboxSms } from '../outbox/outbox-senders';
import { perDeps } from '../per-deps';
import { budgetedSms } from './sms-budget';
import { twilioSender } from './twilio-sender';

export interface SmsMessage {
  /** E.164, US only (+1XXXXXXXXXX). */
  to: string;
  body: string;
  /**
   * Stored with the outbox message (a repeat returns the first). Twilio's Messages API has no
   * idempotency key, so with Twilio a caller must not resend a message it may have sent.
   */
  idempotencyKey?: string;
}

export interface SmsSender {
  readonly kind: 'twilio' | 'outbox';
  /** Resolves with the provider's message SID once accepted; throws DeliveryError otherwise. */
  send(message: SmsMessage): Promise<{ sid: string }>;
}

const TWILIO_VARS = ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM'] as const;

/** Twilio when its three variables are set, the development outbox when none is. */
export function createSmsSender(env: Env, db: Db, logger?: FastifyBaseLogger): SmsSender {
  const missing = TWILIO_VARS.filter((name) => !env[name]);
  if (missing.length === 0) {
    return twilioSender({
      apiBase: env.TWILIO_API_BASE,
      accountSid: env.TWILIO_ACCOUNT_SID!,
      authToken: env.TWILIO_AUTH_TOKEN!,
      from: env.TWILIO_FROM!,
    });
  }
  if (missing.length < TWILIO_VARS.length) {
    throw new ConfigError(`Invalid environment configuration:\n  ${missing.join(', ')}: required when any TWILIO_ variable is set`);
  }
  return outboxSms({ db, logger, logBodies: env.NODE_ENV !== 'production', from: 'dev-outbox' });
}

const budgeted = perDeps((deps) =>
  budgetedSms(deps.sms ?? createSmsSender(deps.env, deps.db, deps.logger), {
    db: deps.db,
    perHour: deps.env.SMS_HOURLY_BUDGET,
    logger: () => deps.logger ?? (fallbackLogger ??= createLogger(deps.env)),
  }),
);
let fallbackLogger: FastifyBaseLogger | undefined;
/** deps.sms, or the adapter the environment selects (tests that pass only env), within SMS_HOURLY_BUDGET. */
export function smsFor(deps: AppDeps): SmsSender {
  return budgeted(deps);
}
