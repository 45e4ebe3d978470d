import type { FastifyBaseLogger } from 'fastify';
import { ConfigError, type Env } from '../../config/env';
import type { Db } from '../../db/client';
import { outboxSms } from '../outbox/outbox-senders';
import type { SmsSender } from './sms-sender';
import { twilioSender } from './twilio-sender';

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
    throw new ConfigError(
      `Invalid environment configuration:\n  ${missing.join(', ')}: required when any TWILIO_ variable is set`,
    );
  }
  return outboxSms({ db, logger, logBodies: env.NODE_ENV !== 'production', from: 'dev-outbox' });
}
