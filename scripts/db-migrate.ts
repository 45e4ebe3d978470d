/** npm run db:migrate — applies drizzle/ migrations to DATABASE_URL or the embedded database. */
import { loadEnv } from '../src-server/config/env';
import { openDatabase } from '../src-server/db/open';

const env = loadEnv();
const database = await openDatabase(env, (m, level) => level !== 'debug' && console.log(m), { shareRunning: true });
console.log('migrations applied');
await database.shutdown();
