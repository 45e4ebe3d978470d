/**
 * The test checkout's state file (issue 29, item 4): it holds the local Stripe's API key and webhook
 * secret, so it is readable by its owner only, and it belongs to one data folder: two instances
 * whose data folders share a parent each keep their own (the path runtime-deps.ts gives it).
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseEnv } from '../../../config/env';
import { localStripeStateFile, openStripeAccess, type StripeAccess } from '../stripe-access';

const parent = mkdtempSync(join(tmpdir(), 'local-stripe-state-'));
const opened: StripeAccess[] = [];

afterAll(async () => {
  for (const access of opened) await access.close();
  rmSync(parent, { recursive: true, force: true });
});

/** What runtime-deps.ts opens for an instance whose embedded database lives in `dataDir`. */
async function openFor(dataDir: string) {
  const env = parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', EMBEDDED_PG_DIR: dataDir });
  const stateFile = localStripeStateFile(env.EMBEDDED_PG_DIR);
  const access = await openStripeAccess(env, { stateFile });
  if (!access?.local) throw new Error('expected the local test checkout');
  opened.push(access);
  return { access, stateFile };
}

const modeOf = (file: string) => statSync(file).mode & 0o777;
const saved = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as { server: { apiKey: string } };

describe("the test checkout's state file", () => {
  it('is 0600, even over a file left readable by others', async () => {
    const dataDir = join(parent, 'first', 'postgres');
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(localStripeStateFile(dataDir), '{}', { mode: 0o644 });
    const { access, stateFile } = await openFor(dataDir);
    expect(modeOf(stateFile)).toBe(0o600);
    expect(saved(stateFile).server.apiKey).toBe(access.local!.apiKey);
  });

  it('belongs to one data folder: two data folders with the same parent get separate files and keys', async () => {
    const a = await openFor(join(parent, 'shared', 'data-a'));
    const b = await openFor(join(parent, 'shared', 'data-b'));
    expect(a.stateFile).not.toBe(b.stateFile);
    for (const { access, stateFile } of [a, b]) {
      expect(modeOf(stateFile)).toBe(0o600);
      expect(saved(stateFile).server.apiKey).toBe(access.local!.apiKey);
    }
    expect(a.access.local!.apiKey).not.toBe(b.access.local!.apiKey);
    expect(a.access.local!.webhookSecret).not.toBe(b.access.local!.webhookSecret);
  });
});
