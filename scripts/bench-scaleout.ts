/**
 * npm run bench:scaleout — the scale-out run in full (issue 27): 3 web processes
 * (RUN_WORKERS=false) and 2 workers on one PostgreSQL, the replayed day (every recorded real
 * filing of the replay set), a kill -9 of the poll leader mid-burst, of a worker mid-send, and
 * every app connection terminated from the database side. The harness is src-server/test/scaleout.ts
 * (its small version runs in npm test). `-- --small` runs the test's sizes.
 */
import { cpus, loadavg } from 'node:os';
import { connectDatabase } from '../src-server/db/client';
import { runScaleout } from '../src-server/test/scaleout';
import { benchDatabase } from './bench/bench-kit';
import { percentile } from './bench/stats';

const small = process.argv.includes('--small');
const options = small
  ? { web: 2, workers: 2, users: 8, socketsPerWeb: 1, filings: 40, releaseEveryMs: 250, burst: 6 }
  : { web: 3, workers: 2, users: 29, socketsPerWeb: 3, filings: 98, releaseEveryMs: 400, burst: 12 };

const scratch = await benchDatabase('bench_scaleout');
const database = connectDatabase(scratch.url, { max: 4 });
try {
  const r = await runScaleout(database, { ...options, log: (line) => console.log(line) });
  console.log(
    `\nfilings released ${r.filings}, stored ${r.stored} (twice: ${r.ingestedTwice}); email alerts ${r.alerts}, SMTP messages ${r.messages} (bursts go as one message)`,
  );
  console.log(
    `after the drop: polling in ${r.pollResumeAfterDropS.toFixed(1)} s, sending in ${r.sendResumeAfterDropS.toFixed(1)} s; processes that exited on their own: ${r.exitedOnTheirOwn.length ? r.exitedOnTheirOwn.join(', ') : 'none'}`,
  );
  console.log(
    `live pushes: ${r.pushesEverywhere} filings reached sockets on all ${options.web} web processes, ${r.pushesPartial} only some; spread p95 over n=${r.pushSpreadsMs.length}`,
  );
  console.log(
    `machine: ${cpus().length} cores, load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')} at the end`,
  );
  console.log(
    `bench:scaleout web=${options.web} workers=${options.workers} filings=${r.filings} alerts=${r.alerts} failover_s=${r.failoverS.toFixed(1)} db_drop_recovered_s=${r.dbDropRecoveredS.toFixed(1)} pollers_max=${r.pollersMax} lost=${r.lost} duplicated=${r.duplicated} in_flight_at_kills=${r.inFlightAtKills} push_spread_p95_ms=${Math.round(percentile(r.pushSpreadsMs, 95))}`,
  );
  if (r.exitedOnTheirOwn.length > 0 || r.lost > 0 || r.pollersMax > 1 || r.duplicated > r.inFlightAtKills)
    process.exitCode = 1;
} finally {
  await database.close();
  await scratch.drop();
}
