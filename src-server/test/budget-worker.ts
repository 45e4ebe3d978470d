/** A separate process spending the shared EDGAR budget: argv = database URL, peer URL, priority, count. */
import { connectDatabase } from '../db/client';
import { EdgarClient } from '../integrations/edgar/edgar-client';
import { PgRequestBudget, type EdgarPriority } from '../integrations/edgar/request-budget';

const [dbUrl, peerUrl, priority, count] = process.argv.slice(2);
const database = connectDatabase(dbUrl!, { max: 4 });
const client = new EdgarClient({ baseUrl: peerUrl!, dataBaseUrl: peerUrl!, userAgent: 'Budget Test ops@example.com', limiter: new PgRequestBudget(database.db, { perSecond: 8 }) });
await Promise.all(Array.from({ length: Number(count) }, (_, i) => client.get(`/${priority}/${process.pid}/${i}`, { priority: priority as EdgarPriority })));
await database.close();
process.exit(0);
