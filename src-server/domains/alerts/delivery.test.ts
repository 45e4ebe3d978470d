/**
 * Real-time delivery end to end: a real filing stored through ingest (NOTIFY) is matched by the
 * running alerts worker and sent over SMTP and the Twilio Messages API to peers on loopback.
 * Retries, dead letters and their admin view, one-click unsubscribe, the SMS short link,
 * carrier STOP, and reconciling sends whose sender died.
 */
import { createTRPCClient, httpLink } from '@trpc/client';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messageIdFor } from '../../integrations/email/smtp-mailer';
import {
  FIXTURES,
  alertsDeps,
  captureErrors,
  follow,
  proUser,
  seedTickers,
  startDelivery,
  storeFixture,
} from '../../test/alerts';
import { startTestApp } from '../../test/app';
import { createTestDatabase } from '../../test/db';
import { startMailEventsPeer } from '../../test/peers/mail-events';
import { startSmtpPeer } from '../../test/peers/smtp';
import { startTwilioPeer } from '../../test/peers/twilio';
import { insertRealFilings, realFilings } from '../../test/real-filings';
import { createSignedInUser } from '../../test/users';
import type { AppRouter } from '../../transport/trpc/app-router';
import { createSession } from '../auth/session.service';
import { until } from '../../test/until';

const database = await createTestDatabase();
const db = database.db;
const smtp = await startSmtpPeer();
const twilio = await startTwilioPeer();
const events = await startMailEventsPeer(smtp);
const deps = alertsDeps(database, {
  ...smtp.env,
  ...twilio.env,
  ...events.env,
  MAIL_EVENTS_SETTLE_SECONDS: '0',
  MAIL_POSTAL_ADDRESS: '100 Example Street, Springfield, IL 62701',
  ALERT_RETRY_BASE_SECONDS: '0.05',
  ALERT_MAX_ATTEMPTS: '3',
  ALERT_SWEEP_SECONDS: '0.3',
});
const errors = captureErrors(deps);
const { url } = await startTestApp({ database, customise: () => deps });
let delivery: { stop(): Promise<void> };

beforeAll(async () => {
  await seedTickers(db);
  delivery = await startDelivery(deps);
});
afterAll(async () => {
  await delivery.stop();
  await Promise.all([smtp.close(), twilio.close(), events.close()]);
  expect(errors).toEqual([]);
});

interface Row extends Record<string, unknown> {
  id: number;
  channel: string;
  status: string;
  attempts: number;
  provider_message_id: string | null;
  error_code: string | null;
  sent_at: string | null;
}
const alertRows = (userId: string) =>
  db.execute<Row>(sql`select id::float8 as id, channel, status, attempts, provider_message_id, error_code, sent_at
    from alerts where user_id = ${userId} order by id`);
/** Delivery jobs, queued or running, whose payload names this alert. */
const deliveryJobsFor = async (alertId: number) =>
  (
    await db.execute<{ n: number }>(sql`
    select count(*)::int as n from graphile_worker._private_jobs j join graphile_worker._private_tasks t on t.id = j.task_id
    where t.identifier = 'alerts.deliver' and (j.payload->'alertIds')::jsonb @> ${JSON.stringify([alertId])}::jsonb`)
  )[0]!.n;
const settled = (rows: Row[], n: number) =>
  rows.length >= n && rows.every((r) => ['sent', 'dead', 'cancelled'].includes(r.status));

/**
 * Real Apple filings (SEC submissions JSON), one per call, stored without NOTIFY: the sweep finds
 * them. Each test follows its own form, so one test's watchers never see another's filings.
 */
const used = new Map<string, number>();
async function storeApple(form: string): Promise<number> {
  const index = used.get(form) ?? 0;
  used.set(form, index + 1);
  const filing = realFilings('AAPL', { forms: [form] })[index]!;
  return (await insertRealFilings(db, [filing], { ticker: 'AAPL', importance: 'HIGH' }))[0]!;
}

describe('real-time delivery', () => {
  it('emails and texts a PRO watcher the moment a filing is stored, with every link and header', async () => {
    const { user } = await proUser(db, { email: 'trader@example.com', phone: '+12025550133' });
    await db.execute(sql`update users set alert_min_rank_sms = 1 where id = ${user.id}`);
    await follow(db, { userId: user.id, ticker: 'TSLA', forms: ['4'] });
    const filingId = await storeFixture(db, FIXTURES.teslaForm4.name);

    const mail = await smtp.waitFor((m) => m.envelopeTo.includes('trader@example.com'));
    const sms = await twilio.waitFor((m) => m.to === '+12025550133');
    const rows = await until(() => alertRows(user.id), 'both alerts settled', {
      timeoutMs: 8_000,
      everyMs: 50,
      ok: (r) => settled(r, 2),
    });
    const email = rows.find((r) => r.channel === 'email')!;

    // Forms as people say them ("Form 4"), the facts table, the receipt and the routing rule (issue #18).
    expect(mail.subject).toBe(
      'TSLA Form 4 · HIGH: Elon Musk sold 4,400,000 shares at an average $191.63 ($843.2M, $189.578-$197.70)',
    );
    expect(mail.text).toContain('[HIGH] TSLA (Tesla, Inc.) filed a Form 4,');
    expect(mail.text).toContain('Who: Elon Musk');
    expect(mail.text).toContain('10b5-1 plan: No');
    expect(mail.text).toMatch(/Receipt: accepted .+ → sent /);
    expect(mail.text).toContain('Routing: Email at once: your email alerts are set to LOW and up.');
    expect(mail.html).toContain('Read the Form 4 on SEC EDGAR');
    expect(mail.text).toContain('Elon Musk sold 4,400,000 shares at an average $191.63 ($843.2M, $189.578-$197.70)');
    expect(mail.text).toContain('Why it matters:\n- ');
    expect(mail.text).toMatch(
      /Filing on SEC EDGAR: https:\/\/www\.sec\.gov\/Archives\/edgar\/data\/1318605\/000089924322035394\//,
    );
    expect(mail.text).toContain('TSLA on 8-K Alerts: https://alerts.example/ticker/TSLA');
    expect(mail.text).toContain('100 Example Street, Springfield, IL 62701');
    expect(mail.text).toContain('provided as is, not investment advice');
    const unsubscribe = mail.text.match(/Unsubscribe: (https:\/\/alerts\.example\/unsubscribe\/\S+)/)?.[1];
    expect(unsubscribe).toBeDefined();
    expect(mail.headers['list-unsubscribe']).toBe(`<${unsubscribe}>`);
    expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expect(mail.html).toContain('href="https://alerts.example/ticker/TSLA"');
    expect(mail.messageId).toBe(messageIdFor(`alert:${email.id}`, deps.env.MAIL_FROM));

    expect(sms.body.length).toBeLessThanOrEqual(160);
    expect(sms.body).toMatch(/^8-K Alerts: TSLA HIGH Form 4: Elon Musk sold 4,400,000 shares/);
    expect(sms.body.endsWith(` https://alerts.example/f/${filingId}`)).toBe(true);

    expect(rows.map((r) => [r.channel, r.status, r.attempts])).toEqual([
      ['email', 'sent', 1],
      ['sms', 'sent', 1],
    ]);
    expect(email.provider_message_id).toBe(mail.messageId);
    expect(rows[1]!.provider_message_id).toBe(sms.sid);
  });

  it('the SMS short link opens the ticker page; unknown ids get a 404 page', async () => {
    const [filingId] = await db.execute<{ id: number }>(
      sql`select id::float8 as id from filings where ticker = 'TSLA' limit 1`,
    );
    const hit = await fetch(`${url}/f/${filingId!.id}`, { redirect: 'manual' });
    expect(hit.status).toBe(302);
    expect(hit.headers.get('location')).toBe(`/ticker/TSLA#filing-${filingId!.id}`);
    expect((await fetch(`${url}/f/99999999`, { redirect: 'manual' })).status).toBe(404);
    expect((await fetch(`${url}/f/not-a-number`, { redirect: 'manual' })).status).toBe(404);
  });

  it('one-click unsubscribe: GET confirms, POST turns that channel off without signing in, forged links fail', async () => {
    const { user } = await proUser(db, { email: 'leaver@example.com', phone: '+12025550134' });
    await db.execute(sql`update users set alert_min_rank_sms = 1 where id = ${user.id}`);
    await follow(db, { userId: user.id, ticker: 'AAPL', forms: ['8-K'] });
    await storeApple('8-K');
    const mail = await smtp.waitFor((m) => m.envelopeTo.includes('leaver@example.com'));
    const link = mail.headers['list-unsubscribe']!.slice(1, -1).replace('https://alerts.example', url);

    const confirm = await fetch(link);
    expect(confirm.status).toBe(200);
    const page = await confirm.text();
    expect(page).toContain('Stop real-time filing alerts by email to le***@example.com?');
    expect(page).toContain('<form method="post">');

    const forged = link.replace(/\.email\./, '.sms.');
    expect((await fetch(forged, { method: 'POST' })).status).toBe(400);
    expect((await fetch(`${url}/unsubscribe/garbage`)).status).toBe(400);

    const oneClick = await fetch(link, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.status).toBe(200);
    const [after] = await db.execute<{ notify_via: string[] }>(sql`select notify_via from users where id = ${user.id}`);
    expect(after!.notify_via).toEqual(['sms']);
    expect(await (await fetch(link)).text()).toContain('Already unsubscribed');

    await twilio.waitFor((m) => m.to === '+12025550134');
    const before = smtp.to('leaver@example.com').length;
    await storeApple('8-K');
    await twilio.waitFor((m) => m.to === '+12025550134' && twilio.to('+12025550134').length === 2);
    expect(smtp.to('leaver@example.com')).toHaveLength(before);
  });

  it('retries a refused send with backoff and delivers it once', async () => {
    const { user } = await proUser(db, { email: 'retry@example.com' });
    await follow(db, { userId: user.id, ticker: 'AAPL', forms: ['10-Q'] });
    smtp.failNext(2);
    await storeApple('10-Q');
    const rows = await until(() => alertRows(user.id), 'the alert settled', {
      timeoutMs: 8_000,
      everyMs: 50,
      ok: (r) => settled(r, 1),
    });
    expect(rows.map((r) => [r.status, r.attempts, r.error_code])).toEqual([['sent', 3, null]]);
    expect(smtp.to('retry@example.com')).toHaveLength(1);
  });

  it('dead-letters what keeps failing or is refused for good; admins list and requeue them', async () => {
    const { user } = await proUser(db, { email: 'bounce@example.com', phone: '+12025550135' });
    await db.execute(sql`update users set alert_min_rank_sms = 1 where id = ${user.id}`);
    await follow(db, { userId: user.id, ticker: 'AAPL', forms: ['10-K'] });
    smtp.failNext(1, { code: 550, message: 'No such user here' });
    twilio.failNext(3, { status: 503, code: 20503, message: 'Service Unavailable' });
    const filingId = await storeApple('10-K');
    const rows = await until(() => alertRows(user.id), 'both alerts settled', {
      timeoutMs: 8_000,
      everyMs: 50,
      ok: (r) => settled(r, 2),
    });
    expect(rows.map((r) => [r.channel, r.status, r.attempts, r.error_code])).toEqual([
      ['email', 'dead', 1, '550'],
      ['sms', 'dead', 3, '20503'],
    ]);

    const admin = await createSignedInUser(db, { email: 'ops@example.com', isAdmin: true });
    const { token } = await createSession(db, { userId: admin.user.id, kind: 'admin' });
    const client = (authorization?: string) =>
      createTRPCClient<AppRouter>({
        links: [httpLink({ url: `${url}/trpc`, headers: () => (authorization ? { authorization } : {}) })],
      });
    await expect(client().admin.deadAlerts.query()).rejects.toMatchObject({ data: { code: 'UNAUTHORIZED' } });
    await expect(client(`Bearer ${admin.session}`).admin.deadAlerts.query()).rejects.toMatchObject({
      data: { code: 'UNAUTHORIZED' },
    });
    const dead = await client(`Bearer ${token}`).admin.deadAlerts.query({ limit: 10 });
    const mine = dead.alerts.filter((a) => a.user.id === user.id).sort((a, b) => a.channel.localeCompare(b.channel));
    expect(mine.map((a) => [a.channel, a.errorCode, a.filing.id])).toEqual([
      ['email', '550', filingId],
      ['sms', '20503', filingId],
    ]);
    expect(mine[0]).toMatchObject({
      attempts: 1,
      user: { email: 'bounce@example.com' },
      filing: { ticker: 'AAPL', form: '10-K' },
    });
    expect(mine[0]!.lastError).toContain('No such user here');

    expect(await client(`Bearer ${token}`).admin.retryDeadAlerts.mutate({ ids: mine.map((a) => a.id) })).toEqual({
      requeued: 2,
    });
    expect(await db.execute(sql`select 1 from admin_audit where action = 'alerts.retryDead'`)).toHaveLength(1);
    const revived = await until(() => alertRows(user.id), 'every alert sent', {
      timeoutMs: 8_000,
      everyMs: 50,
      ok: (r) => r.every((a) => a.status === 'sent'),
    });
    expect(revived.map((r) => [r.status, r.attempts])).toEqual([
      ['sent', 1],
      ['sent', 1],
    ]);
    expect(smtp.to('bounce@example.com')).toHaveLength(1);
    expect(twilio.to('+12025550135')).toHaveLength(1);
    await expect(client(`Bearer ${token}`).admin.retryDeadAlerts.mutate({ ids: [] })).rejects.toMatchObject({
      data: { code: 'BAD_REQUEST' },
    });

    // End-to-end latency of what was delivered so far, per stage and channel.
    const latency = await client(`Bearer ${token}`).admin.alertLatency.query({ hours: 1 });
    const stage = (name: string, channel: string) =>
      latency.stages.find((s) => s.stage === name && s.channel === channel);
    expect(stage('stored_to_queued', 'email')?.count).toBeGreaterThanOrEqual(1);
    expect(stage('stored_to_sent', 'sms')).toMatchObject({
      count: expect.any(Number),
      p50Ms: expect.any(Number),
      p99Ms: expect.any(Number),
    });
    expect(stage('stored_to_sent', 'email')!.p99Ms!).toBeGreaterThanOrEqual(stage('stored_to_sent', 'email')!.p50Ms!);
    await expect(client(`Bearer ${admin.session}`).admin.alertLatency.query()).rejects.toMatchObject({
      data: { code: 'UNAUTHORIZED' },
    });
  });

  it('holds alerts during the user quiet hours and sends them when the hours end', async () => {
    const { user } = await proUser(db, { email: 'sleeper@example.com' });
    await follow(db, { userId: user.id, ticker: 'AAPL', forms: ['10-Q'] });
    const parts = new Intl.DateTimeFormat('en-US', {
      timeZone: 'America/Chicago',
      hourCycle: 'h23',
      hour: '2-digit',
      minute: '2-digit',
    }).formatToParts(new Date());
    const minute =
      Number(parts.find((p) => p.type === 'hour')!.value) * 60 + Number(parts.find((p) => p.type === 'minute')!.value);
    await db.execute(sql`update users set time_zone = 'America/Chicago', quiet_start_minute = ${(minute + 1430) % 1440},
      quiet_end_minute = ${(minute + 120) % 1440} where id = ${user.id}`);
    await storeApple('10-Q');
    const held = await until(
      () =>
        db.execute<{ status: string; wait_min: number }>(sql`
        select status, (extract(epoch from next_attempt_at - now()) / 60)::float8 as wait_min from alerts where user_id = ${user.id}`),
      'the alert held',
      { timeoutMs: 8_000, everyMs: 50, ok: (r) => r.length === 1 && r[0]!.wait_min > 100 },
    );
    expect(held[0]!.status).toBe('queued');
    expect(held[0]!.wait_min).toBeGreaterThan(100);
    expect(held[0]!.wait_min).toBeLessThanOrEqual(120);
    expect(smtp.to('sleeper@example.com')).toHaveLength(0);
    // The quiet period is over (the held job's time has come).
    await db.execute(sql`update users set quiet_start_minute = null, quiet_end_minute = null where id = ${user.id}`);
    await db.execute(sql`update alerts set next_attempt_at = now() - interval '10 minutes' where user_id = ${user.id}`);
    await smtp.waitFor((m) => m.envelopeTo.includes('sleeper@example.com'));
    expect(
      (
        await until(() => alertRows(user.id), 'the alert settled', {
          timeoutMs: 8_000,
          everyMs: 50,
          ok: (r) => settled(r, 1),
        })
      ).map((r) => r.status),
    ).toEqual(['sent']);
  });

  it('a number the carrier reports as STOPped is opted out and its alert cancelled', async () => {
    const { user } = await proUser(db, { phone: '+12025550136' });
    await db.execute(sql`update users set alert_min_rank_sms = 1 where id = ${user.id}`);
    await follow(db, { userId: user.id, ticker: 'AAPL', forms: ['DEF 14A'] });
    twilio.blockNumber('+12025550136');
    await storeApple('DEF 14A');
    const rows = await until(() => alertRows(user.id), 'the alert settled', {
      timeoutMs: 8_000,
      everyMs: 50,
      ok: (r) => settled(r, 1),
    });
    expect(rows.map((r) => [r.status, r.error_code])).toEqual([['cancelled', 'opted_out']]);
    const [optOut] = await db.execute<{ keyword: string }>(
      sql`select keyword from sms_opt_outs where phone = '+12025550136'`,
    );
    expect(optOut?.keyword).toBe('carrier-stop');
  });
});

describe('the latency receipt', () => {
  it("every alert email carries the filing's stored receipt (accepted, detected, how and how long after, sent), HTML and plain text", async () => {
    const { user } = await proUser(db, { email: 'receipt@example.com' });
    await follow(db, { userId: user.id, ticker: 'AAPL', forms: ['3'] });
    // Apple's newest Form 3 (accepted 2021-11-12 18:30:48 UTC per SEC's submissions JSON), detected
    // by the feed 27 s later: the stored receipt, as the ingest job writes it.
    await delivery.stop();
    const [filingId] = await insertRealFilings(db, [realFilings('AAPL', { forms: ['3'] })[0]!], {
      ticker: 'AAPL',
      importance: 'HIGH',
    });
    await db.execute(
      sql`update filings set detected_at = accepted_at + interval '27 seconds', detected_via = 'feed' where id = ${filingId!}`,
    );
    delivery = await startDelivery(deps);

    const mail = await smtp.waitFor((m) => m.envelopeTo.includes('receipt@example.com'));
    const line =
      'accepted by SEC Nov 12 1:30:48 PM EST → detected 1:31:15 PM EST (27 s later, via the latest-filings feed) → sent ';
    expect(mail.text).toContain(`Receipt: ${line}`);
    // Sent today, another day than the acceptance: the sending instant names its day.
    expect(mail.text).toMatch(/→ sent [A-Z][a-z]{2} \d{1,2} \d{1,2}:\d{2}:\d{2} [AP]M E[SD]T/);
    expect(mail.html).toContain(line);
  });
});

describe('sends whose sender died mid-way', () => {
  /** A sender id no process holds: what a SIGKILLed worker leaves behind. */
  const DEAD_SENDER = 2 ** 40 + 12345;

  it('are looked up at the provider, not sent again, when they went out (email events API, Twilio list)', async () => {
    const { user } = await proUser(db, { email: 'crash@example.com', phone: '+12025550137' });
    await db.execute(sql`update users set alert_min_rank_sms = 1 where id = ${user.id}`);
    await follow(db, { userId: user.id, ticker: 'AAPL', forms: ['4'] });
    await storeApple('4');
    const sent = await until(() => alertRows(user.id), 'both alerts settled', {
      timeoutMs: 8_000,
      everyMs: 50,
      ok: (r) => settled(r, 2),
    });
    const lookupsBefore = events.lookups.length;
    // The provider has both messages; the rows look like the sender died before recording them.
    await db.execute(sql`update alerts set status = 'sending', claimed_by = ${DEAD_SENDER}, provider_message_id = null, sent_at = null,
      sending_at = now() where user_id = ${user.id}`);
    const rows = await until(() => alertRows(user.id), 'both alerts settled', {
      timeoutMs: 8_000,
      everyMs: 50,
      ok: (r) => settled(r, 2),
    });
    expect(rows.map((r) => [r.status, r.provider_message_id])).toEqual(
      sent.map((r) => ['sent', r.provider_message_id]),
    );
    expect(smtp.to('crash@example.com')).toHaveLength(1);
    expect(twilio.to('+12025550137')).toHaveLength(1);
    expect(events.lookups.length).toBe(lookupsBefore + 1);
  });

  it("are sent when the provider never got them, and a live sender's rows are left alone", async () => {
    const { user } = await proUser(db, { email: 'never@example.com' });
    await follow(db, { userId: user.id, ticker: 'AAPL', forms: ['13G'] });
    await delivery.stop();
    const filingId = await storeApple('SC 13G/A');
    const { matchFiling } = await import('./match.service');
    await matchFiling(db, { filingId });
    await db.execute(
      sql`update alerts set status = 'sending', claimed_by = ${DEAD_SENDER}, sending_at = now(), attempts = 1 where user_id = ${user.id}`,
    );
    const [alert] = await alertRows(user.id);
    expect(await deliveryJobsFor(alert!.id)).toBe(1);
    const held = await database.sql.reserve();
    await held`select pg_advisory_lock(${DEAD_SENDER}::int8)`;
    delivery = await startDelivery(deps);
    // The job matching queued for this alert has run (graphile deletes a job once it completes):
    // its lease, which skips rows a live sender holds, has decided, and a send would be recorded.
    await expect.poll(() => deliveryJobsFor(alert!.id), { timeout: 20_000 }).toBe(0);
    expect((await alertRows(user.id)).map((r) => r.status)).toEqual(['sending']);
    await held`select pg_advisory_unlock(${DEAD_SENDER}::int8)`;
    held.release();
    const rows = await until(() => alertRows(user.id), 'the alert settled', {
      timeoutMs: 8_000,
      everyMs: 50,
      ok: (r) => settled(r, 1),
    });
    expect(rows.map((r) => [r.status, r.attempts])).toEqual([['sent', 2]]);
    expect(smtp.to('never@example.com')).toHaveLength(1);
  });
});
