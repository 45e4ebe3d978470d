import { describe, expect, it } from 'vitest';
import { ConfigError, parseEnv } from './env';
import { assertProductionStart } from './production-start';

const twilio = { TWILIO_ACCOUNT_SID: 'AC0123456789', TWILIO_AUTH_TOKEN: 'secret-token', TWILIO_FROM: '+12025550143' };
const edgar = { EDGAR_USER_AGENT: 'Acme Research ops@acme.example' };
const check = (vars: NodeJS.ProcessEnv) => () => assertProductionStart(parseEnv({ ...edgar, ...vars }));

describe('production start-up without real messaging', () => {
  it('refuses, naming every missing variable and the opt-in', () => {
    const bare = check({ NODE_ENV: 'production' });
    expect(bare).toThrow(ConfigError);
    expect(bare).toThrow(
      /SMTP_URL, TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_FROM: required when NODE_ENV=production/,
    );
    expect(bare).toThrow(/ALLOW_DEV_OUTBOX_IN_PRODUCTION=true/);
  });

  it('names only what is missing: SMTP without Twilio, Twilio without SMTP', () => {
    expect(check({ NODE_ENV: 'production', SMTP_URL: 'smtp://mail.example:587' })).toThrow(
      /\n {2}TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_FROM:/,
    );
    expect(check({ NODE_ENV: 'production', ...twilio })).toThrow(/\n {2}SMTP_URL: required/);
  });

  it('starts with both configured, or with the explicit opt-in, and outside production', () => {
    expect(check({ NODE_ENV: 'production', SMTP_URL: 'smtp://mail.example:587', ...twilio })).not.toThrow();
    expect(check({ NODE_ENV: 'production', ALLOW_DEV_OUTBOX_IN_PRODUCTION: 'true' })).not.toThrow();
    expect(check({ NODE_ENV: 'development' })).not.toThrow();
  });

  it('an opt-in that is not plainly true does not count', () => {
    expect(check({ NODE_ENV: 'production', ALLOW_DEV_OUTBOX_IN_PRODUCTION: 'false' })).toThrow(ConfigError);
    expect(() => parseEnv({ NODE_ENV: 'production', ALLOW_DEV_OUTBOX_IN_PRODUCTION: 'sure' })).toThrow(
      /ALLOW_DEV_OUTBOX_IN_PRODUCTION/,
    );
  });
});

describe('production start-up without a declared EDGAR identity', () => {
  const messaging = { SMTP_URL: 'smtp://mail.example:587', ...twilio };
  const bare = () => assertProductionStart(parseEnv({ NODE_ENV: 'production', ...messaging }));

  it('refuses to serve the recorded replay quietly, naming the variable and the demo opt-in', () => {
    expect(bare).toThrow(ConfigError);
    expect(bare).toThrow(/\n {2}EDGAR_USER_AGENT: required when NODE_ENV=production/);
    expect(bare).toThrow(/EDGAR_SOURCE=replay/);
  });

  it('starts live with the identity, or on the replay when asked for explicitly', () => {
    expect(check({ NODE_ENV: 'production', ...messaging })).not.toThrow();
    expect(() =>
      assertProductionStart(parseEnv({ NODE_ENV: 'production', EDGAR_SOURCE: 'replay', ...messaging })),
    ).not.toThrow();
    expect(() => assertProductionStart(parseEnv({ NODE_ENV: 'development' }))).not.toThrow();
  });

  it('names every problem at once', () => {
    expect(() => assertProductionStart(parseEnv({ NODE_ENV: 'production' }))).toThrow(
      /SMTP_URL, TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_FROM: required[\s\S]*EDGAR_USER_AGENT: required/,
    );
  });

  it('EDGAR_SOURCE=live without an identity is refused by the schema', () => {
    expect(() => parseEnv({ EDGAR_SOURCE: 'live' })).toThrow(/EDGAR_USER_AGENT/);
    expect(() => parseEnv({ EDGAR_SOURCE: 'sometimes' })).toThrow(/EDGAR_SOURCE/);
  });
});
