/**
 * A graceful stop mid-delivery (issue 27: a SIGTERM left a delivered email marked 'sending'): once
 * the process is stopping, the sends under way finish and are marked sent, no new send starts, and
 * the alerts not reached go back to the queue with a job of their own for another process.
 */
import { sql } from 'drizzle-orm';
import { afterAll, expect, it } from 'vitest';
import { FIXTURES, alertsDeps, seedTickers, storeFixture } from '../../test/alerts';
import { createTestDatabase } from '../../test/db';
import { startSmtpPeer } from '../../test/peers/smtp';
import { deliverAlerts } from './delivery.service';
import { matchFiling } from './match.service';

const USERS = 30;
const database = await createTestDatabase();
const db = database.db;
const smtp = await startSmtpPeer({ replyDelayMs: 40 });
const deps = alertsDeps(database, smtp.env);
afterAll(async () => {
  await deps.senderIdentity.release();
  await smtp.close();
});

it('finishes the sends under way and hands the rest back when the process is stopping', async () => {
  await seedTickers(db);
  await db.execute(sql`
    with u as (
      insert into users (email, email_verified_at, notify_via, plan_type, plan_status)
      select 'stop' || g || '@example.com', now(), '{email}', 'pro', 'active' from generate_series(1, ${USERS}) g
      returning id
    )
    insert into watchlist_items (user_id, ticker, forms) select id, 'TSLA', '{4}' from u`);
  const filingId = await storeFixture(db, FIXTURES.teslaForm4.name);
  await matchFiling(db, { filingId });
  const ids = (await db.execute<{ id: number }>(sql`select id::float8 as id from alerts order by id`)).map((r) => r.id);
  expect(ids).toHaveLength(USERS);

  const delivering = deliverAlerts(deps, { alertIds: ids });
  while (smtp.messages.length < 3) await new Promise((r) => setTimeout(r, 5));
  deps.status.stopping = true;
  const counts = await delivering;

  const rows = await db.execute<{ status: string; n: number; claimed: number }>(sql`
    select status, count(*)::int as n, count(claimed_by)::int as claimed from alerts group by status`);
  const by = Object.fromEntries(rows.map((r) => [r.status, r]));
  // Nothing delivered is left 'sending'; what the SMTP server kept is marked sent, once each.
  expect(by.sending).toBeUndefined();
  expect(by.sent?.n).toBe(smtp.messages.length);
  expect(counts.sent).toBe(smtp.messages.length);
  // The rest is queued again, leased by no one, with a job that any process can run now.
  expect(by.queued?.n).toBe(USERS - smtp.messages.length);
  expect(by.queued?.n).toBeGreaterThan(0);
  expect(by.queued?.claimed).toBe(0);
  const handback = await db.execute<{ payload: { alertIds: number[] } }>(sql`
    select payload from graphile_worker._private_jobs where key like 'alerts-handback:%'`);
  expect(handback).toHaveLength(1);
  expect(handback[0]!.payload.alertIds).toHaveLength(USERS - smtp.messages.length);
});
