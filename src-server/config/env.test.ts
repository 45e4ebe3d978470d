import { describe, expect, it } from 'vitest';
import { ConfigError, parseEnv } from './env';

describe('environment schema', () => {
  it('has working defaults for a fresh machine', () => {
    const env = parseEnv({});
    expect(env).toMatchObject({ PORT: 3000, EMBEDDED_PG_DIR: '.data/postgres', LOG_LEVEL: 'info', RUN_WORKERS: true });
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it('stops with a message naming the bad variable', () => {
    expect(() => parseEnv({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => parseEnv({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => parseEnv({ DATABASE_URL: 'not a url' })).toThrow(/DATABASE_URL/);
    expect(() => parseEnv({ LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL/);
  });

  it('treats empty strings as unset', () => {
    expect(parseEnv({ DATABASE_URL: '' }).DATABASE_URL).toBeUndefined();
  });
});
