/**
 * Leader liveness against a real PostgreSQL: the database terminating the leader's lock
 * connection (as a restart or failover does) makes it step down and another process take over,
 * with never two leaders running at once and no error escaping to the process (issue 27).
 */
import { afterAll, expect, it } from 'vitest';
import { createTestDatabase } from '../test/db';
import { runAsLeader, type Leadership } from './leader';
import { until } from '../test/until';

const database = await createTestDatabase();
const leaderships: Leadership[] = [];
afterAll(async () => {
  await Promise.all(leaderships.map((l) => l.stop()));
});

function contenders(name: string, n: number, timing = { retryMs: 150, checkMs: 150 }) {
  const state = { active: new Set<number>(), maxActive: 0, starts: [] as number[], stops: [] as number[] };
  const list = Array.from({ length: n }, (_, i) => {
    const l = runAsLeader(database.url, {
      name,
      ...timing,
      handoverMs: 200,
      start: async () => {
        state.active.add(i);
        state.maxActive = Math.max(state.maxActive, state.active.size);
        state.starts.push(i);
        return {
          async stop() {
            // A poll in flight takes a moment to wind down.
            await new Promise((r) => setTimeout(r, 30));
            state.active.delete(i);
            state.stops.push(i);
          },
        };
      },
    });
    leaderships.push(l);
    return l;
  });
  return { list, state, leader: () => list.findIndex((l) => l.isLeader()) };
}

/** Ends every session of this database except the caller's, from the database side. */
async function terminate(application = 'filing-alerts %') {
  const rows = await database.sql<{ pid: number }[]>`
    select pid from pg_stat_activity
    where datname = current_database() and pid <> pg_backend_pid() and application_name like ${application}`;
  await database.sql`select pg_terminate_backend(pid) from pg_stat_activity
    where pid = any(${rows.map((r) => r.pid)}::int[])`;
  return rows.length;
}

it('steps down when its lock connection is terminated, and another takes over alone', async () => {
  const { list, state, leader } = contenders('leader-test-a', 2);
  await until(() => leader() >= 0, 'a leader');
  const first = leader();
  expect(await terminate('filing-alerts leader leader-test-a %')).toBe(2);
  await until(() => state.stops.includes(first), 'the old leader stepping down');
  await until(() => state.starts.length >= 2 && leader() >= 0, 'a new leader');
  expect(state.maxActive).toBe(1);
  expect(list.filter((l) => l.isLeader())).toHaveLength(1);
});

it('keeps exactly one leader through repeated connection drops', async () => {
  const { state, leader } = contenders('leader-test-b', 3);
  for (let round = 0; round < 4; round++) {
    await until(() => leader() >= 0 && state.starts.length > round, `a leader (round ${round})`);
    await terminate('filing-alerts leader leader-test-b %');
  }
  await until(() => leader() >= 0, 'a leader at the end');
  expect(state.maxActive).toBe(1);
  expect(state.starts.length).toBeGreaterThanOrEqual(4);
});

it('tries again soon after its session was lost, not after the whole retry interval', async () => {
  // A minute between tries: only the retry after a loss can elect a new leader within the wait below.
  const { list, state, leader } = contenders('leader-test-c', 2, { retryMs: 60_000, checkMs: 60_000 });
  await until(() => leader() >= 0, 'a leader');
  expect(await terminate('filing-alerts leader leader-test-c %')).toBe(2);
  await until(() => state.stops.length === 1, 'the old leader stepping down');
  await until(() => state.starts.length === 2 && leader() >= 0, 'a new leader', { timeoutMs: 30_000 });
  expect(state.maxActive).toBe(1);
  expect(list.filter((l) => l.isLeader())).toHaveLength(1);
});
