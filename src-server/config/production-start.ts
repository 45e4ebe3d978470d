import { ConfigError, type Env } from './env';

const MESSAGING = ['SMTP_URL', 'TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM'] as const;

/**
 * What production must not do quietly: write sign-in links and codes to the development outbox
 * table (anyone with database access would read live credentials), or serve the recorded EDGAR
 * replay as if it were the live feed. Start-up stops, naming each missing variable and its
 * explicit opt-in.
 */
export function assertProductionStart(env: Env): void {
  if (env.NODE_ENV !== 'production') return;
  const problems: string[] = [];
  const missing = MESSAGING.filter((name) => !env[name]);
  if (missing.length > 0 && !env.ALLOW_DEV_OUTBOX_IN_PRODUCTION) {
    problems.push(
      `  ${missing.join(', ')}: required when NODE_ENV=production ` +
        '(without them sign-in links and codes would go to the development outbox). ' +
        'Set ALLOW_DEV_OUTBOX_IN_PRODUCTION=true to run without them anyway.',
    );
  }
  if (!env.EDGAR_USER_AGENT && env.EDGAR_SOURCE !== 'replay') {
    problems.push(
      '  EDGAR_USER_AGENT: required when NODE_ENV=production (without it the app would serve recorded ' +
        'filings from the replay). Set EDGAR_SOURCE=replay to run a demo on the recorded filings.',
    );
  }
  if (env.WEBHOOKS_ALLOW_LOOPBACK) {
    problems.push(
      '  WEBHOOKS_ALLOW_LOOPBACK: must not be true when NODE_ENV=production (it lets any PRO user make the ' +
        'server POST to its own loopback services). It is for local testing only.',
    );
  }
  if (problems.length > 0) throw new ConfigError(`Invalid environment configuration:\n${problems.join('\n')}`);
}
