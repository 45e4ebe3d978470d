/**
 * Scale-out, small (issue 27; the full run is `npm run bench:scaleout`): two web processes and two
 * workers on one PostgreSQL through a replayed day, with a kill -9 of the poll leader mid-burst,
 * one of a worker mid-send and every app connection terminated from the database side. No
 * process exits on its own, polling and sending resume within 10 s, one poller at a time, no
 * filing missed or stored twice, no alert lost, duplicates only for sends in flight at a kill,
 * and live pushes reach the sockets on every web process.
 */
import { expect, it } from 'vitest';
import { createTestDatabase } from '../test/db';
import { runScaleout } from '../test/scaleout';

const database = await createTestDatabase();

it('survives leader and worker kills and a database connection drop with nothing lost', {
  timeout: 480_000,
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
  expect(r.failoverS).toBeLessThanOrEqual(10);
  expect(r.pollResumeAfterDropS).toBeLessThanOrEqual(10);
  expect(r.sendResumeAfterDropS).toBeLessThanOrEqual(10);
  expect(r.pollersMax).toBe(1);
  expect(r.stored).toBe(r.filings);
  expect(r.ingestedTwice).toBe(0);
  expect(r.lost).toBe(0);
  expect(r.alerts).toBeGreaterThan(0);
  expect(r.duplicated).toBeLessThanOrEqual(r.inFlightAtKills);
  expect(r.pushesEverywhere).toBeGreaterThan(0);
  expect(r.pushesPartial).toBe(0);
});
