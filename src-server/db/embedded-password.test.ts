import { chmodSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import { afterAll, describe, expect, it } from 'vitest';
import { runningEmbeddedUrl, startEmbeddedPostgres, type EmbeddedPostgresHandle } from './embedded';
import { PASSWORD_FILE } from './embedded-password';
import { freePort } from '../test/free-port';

/** Whether a connection string logs in; the PostgreSQL error code when it does not. */
async function login(url: string): Promise<true | string> {
  const probe = postgres(url, { max: 1, connect_timeout: 5, onnotice: () => {} });
  try {
    await probe`select 1`;
    return true;
  } catch (error) {
    return (error as { code?: string }).code ?? String(error);
  } finally {
    await probe.end();
  }
}

describe('embedded PostgreSQL password', async () => {
  const root = mkdtempSync(join(tmpdir(), 'embedded-pw-'));
  chmodSync(root, 0o755);
  const dir = join(root, 'data');
  const port = await freePort();
  const start = () => startEmbeddedPostgres({ dir, port, settings: { fsync: 'off' } });
  let server: EmbeddedPostgresHandle | undefined;
  afterAll(async () => {
    await server?.stop();
    rmSync(root, { recursive: true, force: true });
  });
  const legacyUrl = `postgres://postgres:postgres@127.0.0.1:${port}/app`;

  it('a new data directory gets a random password in a 0600 file; postgres/postgres is refused', async () => {
    server = await start();
    const file = join(dir, PASSWORD_FILE);
    const password = readFileSync(file, 'utf8').trim();
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(password).not.toBe('postgres');
    expect(Buffer.from(password, 'base64url').length).toBe(24);
    expect(server.url).toBe(`postgres://postgres:${password}@127.0.0.1:${port}/app`);
    expect(await login(server.url)).toBe(true);
    // 28P01: invalid_password. The old shared credentials no longer open the database.
    expect(await login(legacyUrl)).toBe('28P01');
    expect(await runningEmbeddedUrl({ dir, port })).toBe(server.url);
  }, 120_000);

  it('a restart reads the stored password', async () => {
    const before = server!.url;
    await server!.stop();
    server = await start();
    expect(server.url).toBe(before);
    expect(await login(server.url)).toBe(true);
  }, 120_000);

  it('a data directory made by an earlier version (postgres/postgres, no file) keeps working', async () => {
    // Recreate what an earlier version left behind: the legacy password and no password file.
    const admin = postgres(server!.url, { max: 1, onnotice: () => {} });
    await admin`alter role postgres password 'postgres'`;
    await admin.end();
    await server!.stop();
    rmSync(join(dir, PASSWORD_FILE));

    server = await start();
    expect(server.url).toBe(legacyUrl);
    expect(await login(server.url)).toBe(true);
    expect(await runningEmbeddedUrl({ dir, port })).toBe(legacyUrl);
  }, 120_000);
});
