import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import type { TestProject } from 'vitest/node';
import { loadTestEnv } from '../config/test-env';
import { startEmbeddedPostgres } from '../db/embedded';
import { prepareTemplate } from './template';
import { freePort } from './free-port';

declare module 'vitest' {
  export interface ProvidedContext {
    pg: { adminUrl: string; template: string };
  }
}

/**
 * One PostgreSQL per test run: the embedded server in a throwaway folder (or TEST_DATABASE_URL),
 * holding one migrated template database that every test file clones.
 */
export default async function setup(project: TestProject) {
  const env = loadTestEnv();
  let adminUrl: string;
  let stop = async () => {};
  if (env.TEST_DATABASE_URL) {
    adminUrl = env.TEST_DATABASE_URL;
  } else {
    const dir = mkdtempSync(join(tmpdir(), 'filing-alerts-pg-'));
    // As root the server runs as the postgres user, which must be able to enter the folder.
    chmodSync(dir, 0o755);
    const server = await startEmbeddedPostgres({
      dir: join(dir, 'data'),
      port: await freePort(),
      database: 'postgres',
      log: env.TEST_PG_LOG === '1' ? (m) => console.log(m) : undefined,
      // A throwaway cluster: durability off makes CREATE DATABASE and commits cheap.
      settings: { fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off' },
    });
    adminUrl = server.urlFor('postgres');
    stop = async () => {
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    };
  }
  const template = `tmpl_${process.pid}_${Date.now().toString(36)}`;
  await prepareTemplate(adminUrl, template);
  project.provide('pg', { adminUrl, template });

  return async () => {
    const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
    try {
      const leftovers = await admin<{ datname: string }[]>`
        select datname from pg_database where datname like ${`t\\_${process.pid}\\_%`} or datname = ${template}`;
      for (const { datname } of leftovers) {
        await admin.unsafe(`drop database if exists "${datname}" with (force)`);
      }
    } finally {
      await admin.end();
    }
    await stop();
  };
}
