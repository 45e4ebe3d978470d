/** A separate process spending the shared EDGAR budget: argv = database URL, peer URL, priority, count. */
import { connectDatabase } from '../db/client';
import { EdgarClient } from '../integrations/edgar/edgar-client';
import { PgRequestBudget, type EdgarPriority } from '../integrations/edgar/request-budget';

const [dbUrl, peerUrl, priority, count] = process.argv.slice(2);
const database = connectDatabase(dbUrl!, { max: 4 });
const budget = new PgRequestBudget(database.db, { perSecond: 8 });
budget.grants = [];
const client = new EdgarClient({
  baseUrl: peerUrl!,
  dataBaseUrl: peerUrl!,
  userAgent: 'Budget Test ops@example.com',
  limiter: budget,
});
await Promise.all(
  Array.from({ length: Number(count) }, (_, i) =>
    client.get(`/${priority}/${process.pid}/${i}`, { priority: priority as EdgarPriority }),
  ),
);
process.stdout.write(`${JSON.stringify(budget.grants)}\n`);
await database.close();
process.exit(0);
