/**
 * Alert retention and cluster turns: rows older than ALERT_RETENTION_DAYS go (never one still
 * queued or sending), younger ones stay, and of several processes asking for the hourly turn at
 * once exactly one gets it.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { takeTurn } from '../../db/claims';
import { alertsDeps } from '../../test/alerts';
import { createTestDatabase } from '../../test/db';
import { pruneOldAlerts } from './retention.service';

const database = await createTestDatabase();
const db = database.db;
const deps = alertsDeps(database, { ALERT_RETENTION_DAYS: '400' });

it('deletes alerts and digests older than the retention, keeping younger ones and unfinished sends', async () => {
  const user = randomUUID();
  const row = (filingId: number, status: string, days: number) =>
    sql`(${user}::uuid, ${filingId}, 'email', ${status}, now() - make_interval(days => ${days}))`;
  await db.execute(sql`insert into alerts (user_id, filing_id, channel, status, created_at) values
    ${row(1, 'sent', 500)}, ${row(2, 'dead', 401)}, ${row(3, 'cancelled', 700)}, ${row(4, 'queued', 500)},
    ${row(5, 'sent', 399)}, ${row(6, 'sent', 0)}`);
  const users = await db.execute<{ id: string }>(sql`
    insert into users (email) values ('retention@example.com') returning id`);
  await db.execute(sql`insert into alert_digests (user_id, local_date, status, created_at) values
    (${users[0]!.id}, '2025-01-01', 'sent', now() - interval '450 days'),
    (${users[0]!.id}, '2026-11-01', 'sent', now() - interval '20 days')`);

  expect(await pruneOldAlerts(deps, { force: true })).toEqual({ alerts: 3, digests: 1 });
  const left = await db.execute<{ filing_id: number }>(sql`select filing_id::int from alerts order by filing_id`);
  expect(left.map((r) => r.filing_id)).toEqual([4, 5, 6]);
  // Nothing more to do: the oldest row is a queued send, which stays.
  expect(await pruneOldAlerts(deps, { force: true })).toEqual({ alerts: 0, digests: 0 });
});

it('gives a turn to exactly one of several processes asking at once, and none again within the interval', async () => {
  const answers = await Promise.all(Array.from({ length: 6 }, () => takeTurn(db, 'test-turn', 60_000)));
  expect(answers.filter(Boolean)).toHaveLength(1);
  expect(await takeTurn(db, 'test-turn', 60_000)).toBe(false);
  // Once a short interval has passed, the next asker gets it (asking early takes nothing).
  await expect.poll(() => takeTurn(db, 'test-turn', 100), { timeout: 20_000 }).toBe(true);
});
