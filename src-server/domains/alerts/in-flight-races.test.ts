/**
 * A row a job of this process holds is neither opened by the sweep (unclaimStuck) nor sent twice,
 * whatever the order of the job's lease and the sweep's read of the in-flight marks: each
 * interleaving is driven on real PostgreSQL by holding one statement (a busy process: a lease whose
 * answer is not handled yet, a sweep statement waiting for a pooled connection). Before, a row
 * opened this way was leased again by the same process's own job under the same sender id, and
 * both jobs sent it.
 */
import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Db } from '../../db/client';
import { messageIdFor, smtpMailer } from '../../integrations/email/smtp-mailer';
import { alertsDeps, follow, seedTickers } from '../../test/alerts';
import { createTestDatabase } from '../../test/db';
import { startSmtpPeer } from '../../test/peers/smtp';
import { insertRealFilings, realFilings } from '../../test/real-filings';
import { until } from '../../test/until';
import { createSignedInUser } from '../../test/users';
import { unclaimStuck } from './delivery.repo';
import { deliverAlerts } from './delivery.service';
import { matchFiling } from './match.service';

const MAIL_FROM = 'Filing Alerts <alerts@alerts.test>';
const database = await createTestDatabase();
const db = database.db;
const smtp = await startSmtpPeer();
const secondSmtp = await startSmtpPeer();
// One send at a time: a job's second row waits for its wave while the first one's answer is held.
const deps = alertsDeps(database, { ...smtp.env, ALERT_SEND_PARALLELISM: '1', ALERT_RETRY_BASE_SECONDS: '0.01' });

beforeAll(() => seedTickers(db));
afterAll(async () => {
  await deps.senderIdentity.release();
  await Promise.all([smtp.close(), secondSmtp.close()]);
});

const messageOf = (id: number) => messageIdFor(`alert:${id}`, MAIL_FROM);
/** The same process's other job, its sends going to another SMTP server (so each job's answers can be held apart). */
const otherJob = { ...deps, mailer: smtpMailer({ url: secondSmtp.url, from: MAIL_FROM }) };
const everyMessage = () => [...smtp.messages, ...secondSmtp.messages].map((m) => m.messageId).sort();

/** A user's two alerts on real TSLA 8-Ks; `dead`: left 'sending' 15 s ago by a sender that died. */
async function twoAlerts(email: string, filings: [number, number], { dead }: { dead: boolean }): Promise<number[]> {
  const { user } = await createSignedInUser(db, { email, planType: 'pro', planStatus: 'active' });
  await follow(db, { userId: user.id, ticker: 'TSLA', forms: ['8-K'] });
  const ids = await insertRealFilings(db, realFilings('TSLA', { forms: ['8-K'] }).slice(...filings), {
    ticker: 'TSLA',
    importance: 'CRITICAL',
  });
  for (const id of ids) await matchFiling(db, { filingId: id });
  if (dead)
    await db.execute(sql`
      update alerts set status = 'sending', claimed_by = 12345, sending_at = now() - interval '15 seconds'
      where user_id = ${user.id} and channel = 'email'`);
  const rows = await db.execute<{ id: number }>(
    sql`select id::float8 as id from alerts where user_id = ${user.id} and channel = 'email' order by id`,
  );
  return rows.map((r) => Number(r.id));
}

/**
 * `db` with its first statement matching `match` held until open(): before it runs, or after it ran
 * and before its caller hears back. `reached` resolves once it is held.
 */
function holding(db: Db, match: RegExp, when: 'before' | 'after') {
  const dialect = new PgDialect();
  let open = () => {};
  const opened = new Promise<void>((resolve) => (open = resolve));
  let reach = () => {};
  const reached = new Promise<void>((resolve) => (reach = resolve));
  let taken = false;
  const held = new Proxy(db, {
    get(target, prop, receiver) {
      if (prop !== 'execute') return Reflect.get(target, prop, receiver);
      return async (query: SQL) => {
        if (taken || !match.test(dialect.sqlToQuery(query).sql)) return target.execute(query);
        taken = true;
        if (when === 'before') {
          reach();
          await opened;
          return target.execute(query);
        }
        const result = await target.execute(query);
        reach();
        await opened;
        return result;
      };
    },
  });
  return { db: held as Db, reached, open };
}

const LEASE = /update alerts a set claimed_by = \$\d+, updated_at = now\(\)\s+from c, users u, filings f/;
const UNCLAIM = /with ids as \(update alerts set claimed_by = null/;

it('the sweep leaves rows whose lease committed before the job heard back, and none goes twice', async () => {
  const alertIds = await twoAlerts('answer@example.com', [0, 2], { dead: true });
  const me = await deps.senderIdentity.current();
  const lease = holding(db, LEASE, 'after');
  const job = deliverAlerts({ ...deps, db: lease.db }, { alertIds });
  await lease.reached;
  // Both rows are this process's now, in the database; the job has not marked them yet.
  expect(await unclaimStuck(db, { table: 'alerts', me, inFlight: deps.senderIdentity.inFlight })).toBe(0);
  // Before, both were opened, and the same process's job for them leased them again and sent one
  // (its answer held) while the first job, told of its lease now, sent both.
  const release = secondSmtp.holdRepliesAfter(0);
  const again = deliverAlerts(otherJob, { alertIds });
  await Promise.race([again, secondSmtp.waitFor(() => true, 30_000)]);
  lease.open();
  await job;
  release();
  await again;
  expect(everyMessage()).toEqual(alertIds.map(messageOf).sort());
});

it('the sweep leaves a row leased after it read the marks, though its statement runs later', async () => {
  smtp.clear();
  secondSmtp.clear();
  const alertIds = await twoAlerts('late@example.com', [2, 4], { dead: true });
  const me = await deps.senderIdentity.current();
  // The sweep has read the marks (nothing in flight) and its statement waits for a connection.
  const sweepDb = holding(db, UNCLAIM, 'before');
  const sweep = unclaimStuck(sweepDb.db, { table: 'alerts', me, inFlight: deps.senderIdentity.inFlight });
  await sweepDb.reached;
  const release = smtp.holdRepliesAfter(0);
  const job = deliverAlerts(deps, { alertIds });
  const first = await smtp.waitFor(() => true, 30_000);
  const waiting = alertIds.find((id) => messageOf(id) !== first.messageId)!;
  sweepDb.open();
  expect(await sweep).toBe(0);
  // Before, the row waiting for its wave was opened, and the same process's job for it leased it
  // again and sent it (its answer held) before the first job sent it too.
  const releaseOther = secondSmtp.holdRepliesAfter(0);
  const again = deliverAlerts(otherJob, { alertIds: [waiting] });
  await Promise.race([again, secondSmtp.waitFor(() => true, 30_000)]);
  release();
  await job;
  releaseOther();
  await again;
  expect(everyMessage()).toEqual(alertIds.map(messageOf).sort());
});

it("a job's end leaves the mark of a row it finished that another job of the process leased since", async () => {
  smtp.clear();
  secondSmtp.clear();
  const alertIds = await twoAlerts('retry@example.com', [4, 6], { dead: false });
  // The job's first send is refused (451: a retry 10 ms later); its second one's answer is held.
  smtp.failNext(1);
  const releaseFirst = smtp.holdRepliesAfter(0);
  const job = deliverAlerts(deps, { alertIds });
  const held = await smtp.waitFor(() => true, 30_000);
  const retried = alertIds.find((id) => messageOf(id) !== held.messageId)!;
  await until(
    async () =>
      (
        await db.execute<{ due: boolean }>(
          sql`select status = 'queued' and claimed_by is null and next_attempt_at <= now() as due from alerts where id = ${retried}`,
        )
      )[0]!.due,
    'the refused alert due again',
    { timeoutMs: 10_000, everyMs: 20 },
  );
  // The retry's job runs in the same process (the same sender id and marks); its answer is held, so
  // it still holds the row when the first job ends.
  const releaseSecond = secondSmtp.holdRepliesAfter(0);
  const again = deliverAlerts(otherJob, { alertIds: [retried] });
  await secondSmtp.waitFor((m) => m.messageId === messageOf(retried), 30_000);
  releaseFirst();
  expect(await job).toMatchObject({ sent: 1, retry: 1 });
  // Still in flight: the sweep must not open it while its send is under way.
  expect(deps.senderIdentity.inFlight.has(`alerts:${retried}`)).toBe(true);
  releaseSecond();
  expect(await again).toMatchObject({ sent: 1 });
  expect(deps.senderIdentity.inFlight.has(`alerts:${retried}`)).toBe(false);
});
