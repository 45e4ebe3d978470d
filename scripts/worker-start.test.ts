/**
 * `npm run worker` in production refuses what the web process refuses (issue 29, item 8): a worker
 * polls EDGAR and sends alerts, so without EDGAR_USER_AGENT it would ingest the recorded replay
 * into the production database, and without SMTP/Twilio write alerts to the development outbox.
 * It stops before opening a database (the URL here points at a closed port).
 */
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '..');

describe('npm run worker in production', () => {
  it('refuses to start without EDGAR_USER_AGENT, SMTP and Twilio, naming them', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/worker.ts'], {
      cwd: root,
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        NODE_ENV: 'production',
        LOG_LEVEL: 'silent',
        DATABASE_URL: 'postgres://nobody:none@127.0.0.1:9/none',
      },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.stderr).toMatch(/EDGAR_USER_AGENT: required when NODE_ENV=production/);
    expect(run.stderr).toMatch(/SMTP_URL, TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_FROM: required/);
    expect(run.status).toBe(1);
  }, 180_000);
});
