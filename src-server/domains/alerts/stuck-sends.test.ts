/**
 * An own 'sending' alert outside this process's in-flight set (its job failed after the 'sending'
 * mark committed: a database drop cutting off the answer) is opened by the sweep after 10 s and
 * gets a job at once, where it waited two minutes and then for the orphan sweep (the scale-out
 * run's 120 s after a drop). One still in flight is left alone.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { alertsDeps, follow, seedTickers } from '../../test/alerts';
import { createTestDatabase } from '../../test/db';
import { startSmtpPeer } from '../../test/peers/smtp';
import { insertRealFilings, realFilings } from '../../test/real-filings';
import { createSignedInUser } from '../../test/users';
import { sweepAlerts } from './alerts.workers';
import { deliverAlerts } from './delivery.service';
import { matchFiling } from './match.service';

const database = await createTestDatabase();
const db = database.db;
const smtp = await startSmtpPeer();
const deps = alertsDeps(database, smtp.env);
// One send at a time: a job's second leased row waits for its wave while the first is answered.
const heldSmtp = await startSmtpPeer();
const oneByOne = alertsDeps(database, { ...heldSmtp.env, ALERT_SEND_PARALLELISM: '1' });

beforeAll(() => seedTickers(db));
afterAll(async () => {
  await deps.senderIdentity.release();
  await oneByOne.senderIdentity.release();
  await Promise.all([smtp.close(), heldSmtp.close()]);
});

it('opens an own stuck send after 10 s with a job, and leaves one in flight alone', async () => {
  const { user } = await createSignedInUser(db, { email: 'stuck@example.com', planType: 'pro', planStatus: 'active' });
  await follow(db, { userId: user.id, ticker: 'TSLA', forms: ['8-K'] });
  const filings = realFilings('TSLA', { forms: ['8-K'] }).slice(0, 2);
  const ids = await insertRealFilings(db, filings, { ticker: 'TSLA', importance: 'CRITICAL' });
  for (const id of ids) await matchFiling(db, { filingId: id });
  const me = await deps.senderIdentity.current();
  await db.execute(sql`
    update alerts set status = 'sending', claimed_by = ${me}, sending_at = now() - interval '15 seconds'
    where user_id = ${user.id} and channel = 'email'`);
  const [stuck, busy] = (
    await db.execute<{ id: number }>(
      sql`select id::float8 as id from alerts where user_id = ${user.id} and channel = 'email' order by id`,
    )
  ).map((r) => Number(r.id));
  deps.senderIdentity.inFlight.add(`alerts:${busy}`);
  try {
    await sweepAlerts(deps);
  } finally {
    deps.senderIdentity.inFlight.delete(`alerts:${busy}`);
  }
  const rows = await db.execute<{ id: number; claimed_by: string | null }>(
    sql`select id::float8 as id, claimed_by::text from alerts where id in (${stuck}, ${busy}) order by id`,
  );
  expect(rows.map((r) => [Number(r.id), r.claimed_by])).toEqual([
    [stuck, null],
    [busy, String(me)],
  ]);
  const jobs = await db.execute<{ key: string }>(
    sql`select key from graphile_worker._private_jobs where key like 'alerts-stuck:%'`,
  );
  expect(jobs.map((j) => j.key)).toEqual([`alerts-stuck:${stuck}`]);
});

it("leaves a row its running job leased alone while the row waits for its wave (a dead sender's 'sending' rows)", async () => {
  const { user } = await createSignedInUser(db, { email: 'waves@example.com', planType: 'pro', planStatus: 'active' });
  await follow(db, { userId: user.id, ticker: 'TSLA', forms: ['8-K'] });
  const filings = realFilings('TSLA', { forms: ['8-K'] }).slice(2, 4);
  const ids = await insertRealFilings(db, filings, { ticker: 'TSLA', importance: 'CRITICAL' });
  for (const id of ids) await matchFiling(db, { filingId: id });
  // A sender that died mid-send 15 s ago (its id holds no lock): both rows are due for reconciliation.
  await db.execute(sql`
    update alerts set status = 'sending', claimed_by = 12345, sending_at = now() - interval '15 seconds'
    where user_id = ${user.id} and channel = 'email'`);
  const rows = await db.execute<{ id: number }>(
    sql`select id::float8 as id from alerts where user_id = ${user.id} and channel = 'email' order by id`,
  );
  const alertIds = rows.map((r) => Number(r.id));
  const release = heldSmtp.holdRepliesAfter(0);
  const job = deliverAlerts(oneByOne, { alertIds });
  await heldSmtp.waitFor(() => true, 30_000);
  // The first row's send is held; the second is leased to this job and waits. The sweep of the same
  // process must not open it to other processes (before, it did: both then sent it).
  await sweepAlerts(oneByOne);
  const me = await oneByOne.senderIdentity.current();
  const claims = await db.execute<{ claimed_by: string | null }>(
    sql`select claimed_by::text from alerts where id = any(${sql.param(alertIds)}::int8[]) order by id`,
  );
  expect(claims.map((c) => c.claimed_by)).toEqual([String(me), String(me)]);
  release();
  expect(await job).toMatchObject({ sent: 2 });
  expect(heldSmtp.messages).toHaveLength(2);
});
