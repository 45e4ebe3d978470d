/**
 * Scale-out, small (issue 27; the full run is `npm run bench:scaleout`): two web processes and two
 * workers on one PostgreSQL through a replayed day, with a kill -9 of the poll leader mid-burst,
 * one of a worker mid-send and every app connection terminated from the database side. No
 * process exits on its own, polling and sending resume (bench:scaleout measures the 10 s target),
 * one poller at a time, no filing missed or stored twice, no alert lost, duplicates only for sends
 * in flight at a kill, and live pushes reach the sockets on every web process.
 */
import { expect, it } from 'vitest';
import { createTestDatabase } from '../test/db';
import { runScaleout } from '../test/scaleout';

const database = await createTestDatabase();

it('survives leader and worker kills and a database connection drop with nothing lost', {
  timeout: 900_000,
}, async () => {
  const lines: string[] = [];
  const r = await runScaleout(database, {
    web: 2,
    workers: 2,
    users: 8,
    socketsPerWeb: 1,
    filings: 40,
    releaseEveryMs: 250,
    burst: 6,
    log: (line) => {
      lines.push(line);
      if (process.env.SCALEOUT_VERBOSE) console.info(line);
    },
  }).finally(() => console.info(lines.join('\n')));
  console.info(`scale-out (small): ${JSON.stringify(r)}`);
  expect(r.exitedOnTheirOwn).toEqual([]);
  // Resumed, not how fast: the 10 s target is bench:scaleout's to measure (failover 1.7 s, drop
  // recovered 2.5 s on a quiet machine, docs/benchmarks.md). On a CI machine running 3-4x slower
  // beside the browser tests, a bound of 10 s would test the machine; 30 s still fails the faults
  // this run exists for (a process that never polls or sends again after a kill or a drop).
  expect(r.failoverS).toBeLessThanOrEqual(30);
  expect(r.pollResumeAfterDropS).toBeLessThanOrEqual(30);
  expect(r.sendResumeAfterDropS).toBeLessThanOrEqual(30);
  expect(r.pollersMax).toBe(1);
  expect(r.stored).toBe(r.filings);
  expect(r.ingestedTwice).toBe(0);
  expect(r.lost).toBe(0);
  expect(r.alerts).toBeGreaterThan(0);
  expect(r.duplicated).toBeLessThanOrEqual(r.inFlightAtKills);
  expect(r.pushesEverywhere).toBeGreaterThan(0);
  expect(r.pushesPartial).toBe(0);
});
