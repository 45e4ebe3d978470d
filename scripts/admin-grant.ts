/**
 * npm run admin:grant -- <email|phone>: makes the verified account with that contact an admin.
 * It then signs in as usual and exchanges its session at POST /api/admin/login (the admin area's
 * /admin/login page) for the admin credential.
 */
import { isAppError } from '#shared/app-error';
import { loadEnv } from '../src-server/config/env';
import { openDatabase } from '../src-server/db/open';
import { grantAdmin } from '../src-server/domains/auth/account.service';

const identifier = process.argv[2];
if (!identifier) {
  console.error('usage: npm run admin:grant -- <email|phone>');
  process.exit(2);
}

const env = loadEnv();

const database = await openDatabase(env, () => {}, { shareRunning: true });
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
