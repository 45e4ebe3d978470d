/**
 * npm run admin:grant -- <email|phone>: makes the verified account with that contact an admin.
 * It then signs in as usual and exchanges its session at POST /api/admin/login (the admin area's
 * /admin/login page) for the admin credential.
 */
import postgres from 'postgres';
import { isAppError } from '../src-server/core/app-error';
import { loadEnv } from '../src-server/config/env';
import { connectDatabase, type Database } from '../src-server/db/client';
import { openDatabase } from '../src-server/db/open';
import { grantAdmin } from '../src-server/domains/auth/account.service';

const identifier = process.argv[2];
if (!identifier) {
  console.error('usage: npm run admin:grant -- <email|phone>');
  process.exit(2);
}

const env = loadEnv();

/** The running app's embedded server when there is one (starting a second would stop it). */
async function open(): Promise<Database & { shutdown(): Promise<void> }> {
  if (!env.DATABASE_URL) {
    const url = `postgres://postgres:postgres@127.0.0.1:${env.EMBEDDED_PG_PORT}/app`;
    const probe = postgres(url, { max: 1, connect_timeout: 2, onnotice: () => {} });
    const running = await probe`select 1`.then(() => true, () => false);
    await probe.end();
    if (running) {
      const database = connectDatabase(url, { max: 1 });
      return { ...database, shutdown: database.close };
    }
  }
  return openDatabase(env, () => {});
}

const database = await open();
let status = 0;
try {
  const user = await grantAdmin(database.db, { identifier });
  console.log(`${user.email ?? user.phone} (${user.id}) is now an admin.`);
} catch (error) {
  console.error(isAppError(error) ? error.message : error);
  status = 1;
}
await database.shutdown();
process.exit(status);
