/**
 * The sender identity through a database that drops its connections (issue 27): no error escapes
 * to the process, and the same id is held again at once, so rows this process is sending stay its
 * own and no other process takes them over as a dead sender's.
 */
import { sql } from 'drizzle-orm';
import { afterAll, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/db';
import { createSenderIdentity, LIVE_SENDERS } from './sender-identity';
import { until } from '../../test/until';

const database = await createTestDatabase();
const retaken: number[] = [];
const identity = createSenderIdentity(database.url, { healthCheckMs: 100, onRetaken: (id) => retaken.push(id) });
afterAll(() => identity.release());

const live = async () =>
  (await database.db.execute<{ id: string }>(sql`select id::text from ${LIVE_SENDERS} s(id)`)).map((r) => Number(r.id));

it('holds the same id again after the database terminates its session, three times over', async () => {
  const id = await identity.current();
  expect(await live()).toContain(id);
  for (let round = 1; round <= 3; round++) {
    const ended = await database.sql`select pg_terminate_backend(pid) from pg_stat_activity
      where datname = current_database() and application_name like 'filing-alerts sender identity %'`;
    expect(ended).toHaveLength(1);
    await until(() => retaken.length >= round + 1, `the id held again (round ${round})`);
    expect(await identity.current()).toBe(id);
    expect(await live()).toContain(id);
  }
  // The health check keeps running against the new session without complaint: two checks have
  // run there (its last statement reads pg_locks; a relock would run pg_try_advisory_lock), and
  // the first one's answer took nothing again.
  const lastCheck = async () => {
    const [row] = await database.sql<{ at: number }[]>`
      select (extract(epoch from query_start) * 1000)::float8 as at from pg_stat_activity
      where datname = current_database() and application_name like 'filing-alerts sender identity %'
        and query like '%pg_locks%'`;
    return row?.at;
  };
  await until(async () => (await lastCheck()) !== undefined, 'a health check on the new session');
  const first = (await lastCheck())!;
  await until(async () => ((await lastCheck()) ?? 0) > first, 'a second health check');
  expect(retaken).toHaveLength(4);
  expect(await identity.current()).toBe(id);
});

it('waits for a database that is away, then holds its id again', async () => {
  const id = await identity.current();
  // Every session of this database ended, the test's own pool included.
  await database.sql`select pg_terminate_backend(pid) from pg_stat_activity
    where datname = current_database() and pid <> pg_backend_pid()`;
  await database.sql`select 1`.catch(() => {});
  await until(async () => (await live()).includes(id), 'the id live again');
  expect(await identity.current()).toBe(id);
});
