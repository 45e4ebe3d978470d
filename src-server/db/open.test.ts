import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import { afterAll, describe, expect, it } from 'vitest';
import { runningEmbeddedUrl, startEmbeddedPostgres } from './embedded';
import { openDatabase } from './open';
import { freePort } from '../test/free-port';

describe('scripts next to a running app share its embedded PostgreSQL', async () => {
  const root = mkdtempSync(join(tmpdir(), 'open-db-'));
  chmodSync(root, 0o755);
  const env = { DATABASE_URL: undefined, EMBEDDED_PG_DIR: join(root, 'data'), EMBEDDED_PG_PORT: await freePort() };
  const app = await startEmbeddedPostgres({
    dir: env.EMBEDDED_PG_DIR,
    port: env.EMBEDDED_PG_PORT,
    settings: { fsync: 'off' },
  });
  afterAll(async () => {
    await app.stop();
    rmSync(root, { recursive: true, force: true });
  });

  it('finds the running server, uses it, and leaves it running when done', async () => {
    expect(await runningEmbeddedUrl({ dir: env.EMBEDDED_PG_DIR, port: env.EMBEDDED_PG_PORT })).toBe(app.url);
    const script = await openDatabase(env, () => {}, { shareRunning: true });
    expect(script.embedded).toBe(false);
    expect(script.url).toBe(app.url);
    await script.shutdown();
    const probe = postgres(app.url, { max: 1, onnotice: () => {} });
    expect(await probe`select 1 as one`).toEqual([{ one: 1 }]);
    await probe.end();
  }, 180_000);

  it('knows no running server on another data directory', async () => {
    expect(await runningEmbeddedUrl({ dir: join(root, 'elsewhere'), port: env.EMBEDDED_PG_PORT })).toBeNull();
  });
});
