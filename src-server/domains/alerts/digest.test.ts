/**
 * The daily digest for free verified users, in real PostgreSQL over real SMTP: due at their
 * digest hour in their time zone, one email grouped by ticker and ordered by importance, once per
 * local date, nothing when nothing is new.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Importance } from '#shared/importance';
import { alertsDeps, captureErrors, follow, seedTickers } from '../../test/alerts';
import { createTestDatabase } from '../../test/db';
import { startMailEventsPeer } from '../../test/peers/mail-events';
import { startSmtpPeer } from '../../test/peers/smtp';
import { startTwilioPeer } from '../../test/peers/twilio';
import { insertRealFilings, realFilings } from '../../test/real-filings';
import { createSignedInUser } from '../../test/users';
import { sweepAlerts } from './alerts.workers';
import { deliverDigest } from './digest.service';
import { matchFiling } from './match.service';
import { zonedFormat } from './zoned-format';

const database = await createTestDatabase();
const db = database.db;
const smtp = await startSmtpPeer();
const events = await startMailEventsPeer(smtp);
const twilio = await startTwilioPeer();
const deps = alertsDeps(database, {
  ...smtp.env,
  ...twilio.env,
  ...events.env,
  MAIL_EVENTS_SETTLE_SECONDS: '0',
  MAIL_POSTAL_ADDRESS: '100 Example Street, Springfield, IL 62701',
});
const errors = captureErrors(deps);

beforeAll(() => seedTickers(db));
afterAll(async () => {
  await Promise.all([smtp.close(), events.close(), twilio.close()]);
  expect(errors).toEqual([]);
});

/** The periodic sweep, as a worker runs it: opens the digests that are due (and the rest). */
const openDueDigests = async () => {
  const before = (await db.execute<{ n: number }>(sql`select count(*)::int as n from alert_digests`))[0]!.n;
  await sweepAlerts(deps);
  return (await db.execute<{ n: number }>(sql`select count(*)::int as n from alert_digests`))[0]!.n - before;
};

/** A zone whose local hour is now below 23, and that hour: "due" and "not yet due" both exist there. */
function zoneWithRoom(): { zone: string; hour: number } {
  for (const zone of ['America/New_York', 'Asia/Tokyo', 'Europe/London', 'Pacific/Honolulu', 'Australia/Sydney']) {
    const hour = Number(zonedFormat(zone, { hourCycle: 'h23', hour: '2-digit' }).format(new Date()));
    if (hour < 23) return { zone, hour };
  }
  throw new Error('no zone with an hour left today');
}

const picked = new Map<string, number>();
async function file(ticker: 'AAPL' | 'TSLA', form: string, importance: Importance): Promise<number> {
  const key = `${ticker}:${form}`;
  const index = picked.get(key) ?? 0;
  picked.set(key, index + 1);
  const [id] = await insertRealFilings(db, [realFilings(ticker, { forms: [form] })[index]!], { ticker, importance });
  await matchFiling(db, { filingId: id! });
  return id!;
}

/** A zone whose local hour is now at least `hours`, and that hour. */
function zoneAtLeast(hours: number): { zone: string; hour: number } {
  for (const zone of ['America/New_York', 'Asia/Tokyo', 'Europe/London', 'Pacific/Honolulu', 'Australia/Sydney']) {
    const hour = Number(zonedFormat(zone, { hourCycle: 'h23', hour: '2-digit' }).format(new Date()));
    if (hour >= hours) return { zone, hour };
  }
  throw new Error(`no zone past ${hours}:00`);
}

async function freeUser(email: string, settings: { zone: string; digestHour: number }, phone?: string) {
  const { user } = await createSignedInUser(db, email.startsWith('+') ? { phone: email } : { email, phone });
  await db.execute(
    sql`update users set time_zone = ${settings.zone}, digest_hour = ${settings.digestHour} where id = ${user.id}`,
  );
  return user;
}

/** Runs the digest jobs the sweep enqueued, as the job runner would. */
async function runDigestJobs(): Promise<void> {
  const jobs = await db.execute<{ payload: { digestId: number } }>(sql`
    delete from graphile_worker._private_jobs j using graphile_worker._private_tasks t
    where t.id = j.task_id and t.identifier = 'alerts.digest' returning j.payload`);
  for (const job of jobs) await deliverDigest(deps, { digestId: job.payload.digestId });
}

const entries = (userId: string) =>
  db.execute<{ status: string; digest_id: number | null; provider_message_id: string | null }>(sql`
    select status, digest_id::float8 as digest_id, provider_message_id from alerts where user_id = ${userId} order by id`);

describe('daily digest', () => {
  it('waits for the digest hour in the user zone, then sends one email grouped by ticker, most important first', async () => {
    const { zone, hour } = zoneWithRoom();
    const user = await freeUser('digest@example.com', { zone, digestHour: hour + 1 });
    await follow(db, { userId: user.id, ticker: 'AAPL', forms: ['8-K', '10-Q'] });
    await follow(db, { userId: user.id, ticker: 'TSLA', forms: ['8-K'] });
    await file('AAPL', '8-K', 'MEDIUM');
    await file('AAPL', '10-Q', 'LOW');
    await file('AAPL', '8-K', 'HIGH');
    await file('TSLA', '8-K', 'CRITICAL');

    await openDueDigests();
    await runDigestJobs();
    expect(smtp.to('digest@example.com')).toHaveLength(0);

    await db.execute(sql`update users set digest_hour = ${hour} where id = ${user.id}`);
    expect(await openDueDigests()).toBeGreaterThanOrEqual(1);
    await runDigestJobs();
    const [mail] = smtp.to('digest@example.com');
    expect(mail?.subject).toBe('8-K Alerts daily digest: 4 new filings for TSLA, AAPL');
    const text = mail!.text;
    const order = [
      'TSLA · https://alerts.example/ticker/TSLA',
      '[CRITICAL] 8-K',
      'AAPL · https://alerts.example/ticker/AAPL',
      '[HIGH] 8-K',
      '[MEDIUM] 8-K',
      '[LOW] 10-Q',
    ];
    const positions = order.map((s) => text.indexOf(s));
    expect(positions.every((p) => p >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    expect(text).toMatch(/https:\/\/alerts\.example\/unsubscribe\/[\w-]+\.digest\.[\w-]+/);
    expect(text).toContain('100 Example Street, Springfield, IL 62701');
    expect(text).toContain('https://alerts.example/upgrade');
    expect(mail!.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    const rows = await entries(user.id);
    expect(rows).toHaveLength(4);
    expect(
      rows.every(
        (r) => r.status === 'sent' && r.provider_message_id === mail!.messageId && r.digest_id === rows[0]!.digest_id,
      ),
    ).toBe(true);
  });

  it('sends at most one digest per local date; later filings wait for tomorrow', async () => {
    const { zone, hour } = zoneWithRoom();
    const user = await freeUser('once@example.com', { zone, digestHour: hour });
    await follow(db, { userId: user.id, ticker: 'TSLA', forms: ['10-Q'] });
    await file('TSLA', '10-Q', 'MEDIUM');
    await openDueDigests();
    await runDigestJobs();
    await file('TSLA', '10-Q', 'HIGH');
    expect(await openDueDigests()).toBe(0);
    await runDigestJobs();
    expect(smtp.to('once@example.com')).toHaveLength(1);
    expect((await entries(user.id)).map((r) => r.status)).toEqual(['sent', 'queued']);
    // A repeated job for the sent digest changes nothing.
    const [digest] = await db.execute<{ id: number }>(
      sql`select id::float8 as id from alert_digests where user_id = ${user.id}`,
    );
    expect(await deliverDigest(deps, { digestId: digest!.id })).toBe('not_due');
    expect(smtp.to('once@example.com')).toHaveLength(1);
  });

  it('sends nothing when nothing is new, and nothing to a user who turned digests off', async () => {
    const { zone, hour } = zoneWithRoom();
    const idle = await freeUser('idle@example.com', { zone, digestHour: hour });
    const off = await freeUser('off@example.com', { zone, digestHour: hour });
    await follow(db, { userId: idle.id, ticker: 'AAPL', forms: ['DEF 14A'] });
    await follow(db, { userId: off.id, ticker: 'AAPL', forms: ['4'] });
    await file('AAPL', '4', 'LOW');
    await db.execute(sql`update users set digest_enabled = false where id = ${off.id}`);
    await openDueDigests();
    await runDigestJobs();
    expect(smtp.to('idle@example.com')).toHaveLength(0);
    expect(smtp.to('off@example.com')).toHaveLength(0);
    const [digest] = await db.execute<{ status: string; error_code: string }>(
      sql`select status, error_code from alert_digests where user_id = ${off.id}`,
    );
    expect(digest).toEqual({ status: 'cancelled', error_code: 'email_off' });
    expect((await entries(off.id)).map((r) => r.status)).toEqual(['cancelled']);
    expect(await db.execute(sql`select 1 from alert_digests where user_id = ${idle.id}`)).toHaveLength(0);
  });

  it('a digest whose sender died is reconciled with the relay, or sent when it never left', async () => {
    const deadSender = 2 ** 40 + 777;
    const { zone, hour } = zoneWithRoom();
    const went = await freeUser('went@example.com', { zone, digestHour: hour });
    const stuck = await freeUser('stuck@example.com', { zone, digestHour: hour });
    for (const user of [went, stuck]) await follow(db, { userId: user.id, ticker: 'TSLA', forms: ['8-K'] });
    await file('TSLA', '8-K', 'HIGH');
    await openDueDigests();
    await runDigestJobs();
    const [sent] = smtp.to('went@example.com');
    expect(sent).toBeDefined();
    expect(smtp.to('stuck@example.com')).toHaveLength(1);
    // went: the email reached the relay, the sender died before recording it; stuck: it never left.
    await db.execute(sql`update alert_digests set status = 'sending', claimed_by = ${deadSender}, provider_message_id = null,
      sending_at = now() where user_id = ${went.id}`);
    await db.execute(sql`update alerts set status = 'queued' where user_id in (${went.id}, ${stuck.id})`);
    await db.execute(sql`update alert_digests set status = 'sending', claimed_by = ${deadSender}, provider_message_id = null,
      sending_at = now() where user_id = ${stuck.id}`);
    smtp.messages.splice(
      smtp.messages.findIndex((m) => m.envelopeTo.includes('stuck@example.com')),
      1,
    );

    await openDueDigests();
    await runDigestJobs();
    expect(smtp.to('went@example.com')).toHaveLength(1);
    expect(smtp.to('stuck@example.com')).toHaveLength(1);
    const rows = await db.execute<{ email: string; status: string; provider_message_id: string }>(sql`
      select u.email, d.status, d.provider_message_id from alert_digests d join users u on u.id = d.user_id
      where d.user_id in (${went.id}, ${stuck.id}) order by u.email`);
    expect(rows.map((r) => [r.email, r.status])).toEqual([
      ['stuck@example.com', 'sent'],
      ['went@example.com', 'sent'],
    ]);
    expect(rows[1]!.provider_message_id).toBe(sent!.messageId);
    expect((await entries(went.id)).map((r) => r.status)).toEqual(['sent']);
  });
});

describe('digest time and channel (issue 28)', () => {
  it('goes in the morning window after the digest hour, not any time later that day', async () => {
    const { zone, hour } = zoneAtLeast(4);
    const late = await freeUser('late@example.com', { zone, digestHour: hour - 4 });
    await follow(db, { userId: late.id, ticker: 'AAPL', forms: ['8-K'] });
    await file('AAPL', '8-K', 'HIGH');
    // Four hours past the digest hour: the day's window has closed, the filing waits for tomorrow morning.
    await openDueDigests();
    await runDigestJobs();
    expect(smtp.to('late@example.com')).toHaveLength(0);
    expect((await entries(late.id)).map((r) => r.status)).toEqual(['queued']);
    // Two hours past it: still the morning window (a sweep or server that missed the hour catches up).
    await db.execute(sql`update users set digest_hour = ${hour - 2} where id = ${late.id}`);
    await openDueDigests();
    await runDigestJobs();
    const [mail] = smtp.to('late@example.com');
    // Each filing carries the day EDGAR dated it.
    expect(mail!.text).toMatch(/\[HIGH\] 8-K filed [A-Z][a-z]{2} \d{1,2}, \d{4} · /);
    expect((mail!.html ?? '').replaceAll('<!-- -->', '')).toMatch(/filed [A-Z][a-z]{2} \d{1,2}, \d{4}/);
  });

  it('texts the daily digest to a free user verified only by phone, through Twilio', async () => {
    const { zone, hour } = zoneWithRoom();
    const phone = '+12025550188';
    const texted = await freeUser(phone, { zone, digestHour: hour });
    await follow(db, { userId: texted.id, ticker: 'AAPL', forms: ['8-K', '10-Q'] });
    await follow(db, { userId: texted.id, ticker: 'TSLA', forms: ['8-K'] });
    await file('AAPL', '10-Q', 'LOW');
    await file('TSLA', '8-K', 'CRITICAL');
    await openDueDigests();
    await runDigestJobs();
    const texts = twilio.to(phone);
    expect(texts).toHaveLength(1);
    const body = texts[0]!.body;
    expect(body).toMatch(
      /^8-K Alerts digest [A-Z][a-z]{2} \d{1,2}: 2 new filings\. TSLA 8-K CRITICAL, filed [A-Z][a-z]{2} \d{1,2}, \d{4}: /,
    );
    expect(body).toMatch(/; AAPL 10-Q LOW, filed [A-Z][a-z]{2} \d{1,2}, \d{4}: /);
    expect(body.endsWith(' All: https://alerts.example/')).toBe(true);
    expect(body.length).toBeLessThanOrEqual(459);
    const rows = await entries(texted.id);
    expect(rows.every((r) => r.status === 'sent' && r.provider_message_id === texts[0]!.sid)).toBe(true);
    // Once a day: the next sweep sends nothing more.
    await openDueDigests();
    await runDigestJobs();
    expect(twilio.to(phone)).toHaveLength(1);
  });

  it('sends a PRO user reachable only by phone no digest text (their texts are real time)', async () => {
    const { zone, hour } = zoneWithRoom();
    const { user } = await createSignedInUser(db, { phone: '+12025550189', planType: 'pro', planStatus: 'active' });
    await db.execute(sql`update users set time_zone = ${zone}, digest_hour = ${hour}, digest_below_threshold = true,
      alert_min_rank_email = 4 where id = ${user.id}`);
    await follow(db, { userId: user.id, ticker: 'TSLA', forms: ['10-Q'] });
    await file('TSLA', '10-Q', 'LOW');
    await openDueDigests();
    await runDigestJobs();
    expect(twilio.to('+12025550189')).toHaveLength(0);
    expect(await entries(user.id)).toEqual([]);
  });
});
