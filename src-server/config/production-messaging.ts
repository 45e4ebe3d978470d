import { ConfigError, type Env } from './env';

const REQUIRED = ['SMTP_URL', 'TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM'] as const;

/**
 * In production, sign-in links and codes must reach people: without SMTP and Twilio they would
 * be written to the development outbox table instead, where anyone with database access reads
 * live credentials. Start-up stops, naming what is missing, unless the opt-in says otherwise.
 */
export function assertProductionMessaging(env: Env): void {
  if (env.NODE_ENV !== 'production' || env.ALLOW_DEV_OUTBOX_IN_PRODUCTION) return;
  const missing = REQUIRED.filter((name) => !env[name]);
  if (missing.length === 0) return;
  throw new ConfigError(
    `Invalid environment configuration:\n  ${missing.join(', ')}: required when NODE_ENV=production ` +
      '(without them sign-in links and codes would go to the development outbox). ' +
      'Set ALLOW_DEV_OUTBOX_IN_PRODUCTION=true to run without them anyway.',
  );
}
