/**
 * Routing in real PostgreSQL with real SMTP: a new account's defaults (texts only CRITICAL, email
 * from HIGH at once, the rest to the digest), an account from before them keeping its routing, the
 * pre-market brief (held to the user's New York time, opened by the sweep, sent as one email), and
 * a burst of one company's filings sent as one alert naming them all.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { briefMorning, briefSendAt } from '#shared/market-hours';
import { ROUTING_DEFAULTS } from '#shared/routing';
import { alertsDeps, captureErrors, follow, seedTickers } from '../../test/alerts';
import { createTestDatabase } from '../../test/db';
import { startSmtpPeer } from '../../test/peers/smtp';
import { insertRealFilings, realFilings, type RealFiling } from '../../test/real-filings';
import { createSignedInUser } from '../../test/users';
import { sweepAlerts } from './alerts.workers';
import { deliverAlerts } from './delivery.service';
import { deliverDigest } from './digest.service';
import { updateProfile } from '../auth/profile.service';
import { matchFiling } from './match.service';
import * as copyRepo from './copy.repo';

const database = await createTestDatabase();
const db = database.db;
const smtp = await startSmtpPeer();
const deps = alertsDeps(database, { ...smtp.env, MAIL_POSTAL_ADDRESS: '100 Example Street, Springfield, IL 62701' });
const errors = captureErrors(deps);

beforeAll(() => seedTickers(db));
afterAll(async () => {
  await smtp.close();
  expect(errors).toEqual([]);
});

const tesla8ks = realFilings('TSLA', { forms: ['8-K'] });
let next = 0;
/** A real Tesla 8-K (SEC's submissions JSON) with the importance the test needs. */
async function tesla8k(
  importance: 'CRITICAL' | 'HIGH' | 'MEDIUM' | 'LOW',
  over: Partial<RealFiling> = {},
): Promise<number> {
  const filing = { ...tesla8ks[next++]!, ...over };
  const [id] = await insertRealFilings(db, [filing], { ticker: 'TSLA', importance });
  return id!;
}

const rows = (filingId: number, userId: string) =>
  db.execute<{
    id: number;
    channel: string;
    route: string;
    next_attempt_at: Date;
    status: string;
    burst_lead_id: number | null;
  }>(sql`
    select id::float8 as id, channel, route, next_attempt_at, status, burst_lead_id::float8 as burst_lead_id from alerts
    where filing_id = ${filingId} and user_id = ${userId} order by channel`);

describe('routing defaults', () => {
  it('a new account texts only CRITICAL, emails HIGH at once and puts MEDIUM/LOW in the digest', async () => {
    const { user } = await createSignedInUser(db, {
      email: 'new@example.com',
      phone: '+12025550138',
      planType: 'pro',
      planStatus: 'active',
      routing: 'defaults',
    });
    expect(user).toMatchObject({
      alertMinRankEmail: ROUTING_DEFAULTS.emailMinRank,
      alertMinRankSms: ROUTING_DEFAULTS.smsMinRank,
      digestBelowThreshold: true,
      briefEnabled: true,
      briefMinute: 480,
    });
    await follow(db, { userId: user.id, ticker: 'TSLA', forms: ['8-K'] });
    const [critical, high, medium] = [await tesla8k('CRITICAL'), await tesla8k('HIGH'), await tesla8k('MEDIUM')];
    for (const id of [critical, high, medium]) await matchFiling(db, { filingId: id });
    expect((await rows(critical, user.id)).map((r) => [r.channel, r.route])).toEqual([
      ['email', 'realtime_email'],
      ['sms', 'realtime_sms'],
    ]);
    expect((await rows(high, user.id)).map((r) => [r.channel, r.route])).toEqual([['email', 'realtime_email']]);
    expect((await rows(medium, user.id)).map((r) => [r.channel, r.route])).toEqual([['digest', 'digest_below']]);
  });

  it('an account from before the defaults keeps its routing: every level by email, texts from HIGH, no digest', async () => {
    // LEGACY_ROUTING: the values migration 0019 leaves on rows that existed (its new columns start false).
    const { user } = await createSignedInUser(db, {
      email: 'old@example.com',
      phone: '+12025550139',
      planType: 'pro',
      planStatus: 'active',
    });
    await follow(db, { userId: user.id, ticker: 'TSLA', forms: ['8-K'] });
    const [high, low] = [await tesla8k('HIGH'), await tesla8k('LOW')];
    for (const id of [high, low]) await matchFiling(db, { filingId: id });
    expect((await rows(high, user.id)).map((r) => r.channel)).toEqual(['email', 'sms']);
    expect((await rows(low, user.id)).map((r) => [r.channel, r.route])).toEqual([['email', 'realtime_email']]);
  });

  it('the database gives a new row the new defaults (migration 0020 changed only the defaults)', async () => {
    const [row] = await db.execute<Record<string, unknown>>(sql`
      insert into users default values returning alert_min_rank_email, alert_min_rank_sms, digest_below_threshold, brief_enabled, brief_minute`);
    expect(row).toEqual({
      alert_min_rank_email: 3,
      alert_min_rank_sms: 4,
      digest_below_threshold: true,
      brief_enabled: true,
      brief_minute: 480,
    });
  });
});

describe('pre-market brief', () => {
  it("holds overnight filings to the user's New York brief time, opens one brief, and sends them in one email by importance", async () => {
    const { user } = await createSignedInUser(db, {
      email: 'brief@example.com',
      planType: 'pro',
      planStatus: 'active',
      routing: 'defaults',
    });
    await follow(db, { userId: user.id, ticker: 'TSLA', forms: ['8-K'] });
    await db.execute(sql`update users set alert_min_rank_email = 1, brief_minute = 450 where id = ${user.id}`);
    // Real Tesla 8-Ks with their acceptance moved to next Saturday noon UTC (the market is closed), so
    // their brief (Monday 07:30 New York) is still ahead: the only way to test a brief that has not gone out.
    const saturday = new Date();
    saturday.setUTCDate(saturday.getUTCDate() + ((6 - saturday.getUTCDay() + 7) % 7 || 7));
    saturday.setUTCHours(12, 0, 0, 0);
    const morning = briefMorning(saturday)!;
    const sendAt = briefSendAt(morning, 450);
    const low = await tesla8k('LOW', { acceptedAt: saturday });
    const high = await tesla8k('HIGH', { acceptedAt: new Date(saturday.getTime() + 60_000) });
    const critical = await tesla8k('CRITICAL', { acceptedAt: new Date(saturday.getTime() + 120_000) });
    for (const id of [low, high, critical]) await matchFiling(db, { filingId: id });
    for (const id of [low, high]) {
      const [row] = await rows(id, user.id);
      expect(row).toMatchObject({ channel: 'brief', route: 'brief', status: 'queued' });
      expect(new Date(row!.next_attempt_at).toISOString()).toBe(sendAt.toISOString());
    }
    // CRITICAL never waits.
    expect((await rows(critical, user.id)).map((r) => r.channel)).toEqual(['email']);

    // Nothing opens before the brief time; then the sweep opens one brief with both.
    await sweepAlerts(deps);
    expect((await db.execute(sql`select 1 from alert_digests where user_id = ${user.id}`)).length).toBe(0);
    await db.execute(
      sql`update alerts set next_attempt_at = now() - interval '1 second' where user_id = ${user.id} and channel = 'brief'`,
    );
    await sweepAlerts(deps);
    const [brief] = await db.execute<{ id: number; kind: string; local_date: string; alert_count: number }>(sql`
      select id::float8 as id, kind, local_date::text as local_date, alert_count from alert_digests where user_id = ${user.id}`);
    expect(brief).toMatchObject({ kind: 'brief', alert_count: 2 });
    await deliverDigest(deps, { digestId: brief!.id });
    const mail = await smtp.waitFor(
      (m) => m.envelopeTo.includes('brief@example.com') && /pre-market brief/.test(m.subject),
    );
    expect(mail.subject).toMatch(/pre-market brief: 2 filings since the close for TSLA/);
    const [highText, lowText] = [mail.text.indexOf('[HIGH]'), mail.text.indexOf('[LOW]')];
    expect(highText).toBeGreaterThan(0);
    expect(highText).toBeLessThan(lowText);
    expect(mail.html).toContain('Your pre-market brief for');
    expect((await rows(low, user.id))[0]!.status).toBe('sent');
  });
});

describe('changing the brief time after the brief was scheduled or sent', () => {
  /** Next Saturday noon UTC: filings accepted then wait for Monday's brief, still ahead. */
  const nextSaturday = () => {
    const d = new Date();
    d.setUTCDate(d.getUTCDate() + ((6 - d.getUTCDay() + 7) % 7 || 7));
    d.setUTCHours(12, 0, 0, 0);
    return d;
  };
  const briefs = (userId: string) =>
    db.execute<{ id: number; alert_count: number; status: string }>(
      sql`select id::float8 as id, alert_count, status from alert_digests where user_id = ${userId} and kind = 'brief'`,
    );

  it('held alerts move to the new time: one brief carries the ones before the change and after it', async () => {
    const { user } = await createSignedInUser(db, {
      email: 'moved@example.com',
      planType: 'pro',
      planStatus: 'active',
      routing: 'defaults',
    });
    await follow(db, { userId: user.id, ticker: 'TSLA', forms: ['8-K'] });
    await db.execute(sql`update users set alert_min_rank_email = 1, brief_minute = 450 where id = ${user.id}`);
    const saturday = nextSaturday();
    const morning = briefMorning(saturday)!;
    const before = await tesla8k('MEDIUM', { acceptedAt: saturday });
    await matchFiling(db, { filingId: before });
    expect(new Date((await rows(before, user.id))[0]!.next_attempt_at).toISOString()).toBe(
      briefSendAt(morning, 450).toISOString(),
    );

    await updateProfile(db, { userId: user.id, changes: { routing: { briefTime: '09:05' } } });
    const after = await tesla8k('LOW', { acceptedAt: new Date(saturday.getTime() + 60_000) });
    await matchFiling(db, { filingId: after });
    for (const id of [before, after]) {
      const [row] = await rows(id, user.id);
      expect(row).toMatchObject({ channel: 'brief', status: 'queued' });
      expect(new Date(row!.next_attempt_at).toISOString()).toBe(briefSendAt(morning, 545).toISOString());
    }
    // The old time passing opens nothing; the new one opens one brief with both.
    await sweepAlerts(deps);
    expect(await briefs(user.id)).toEqual([]);
    await db.execute(
      sql`update alerts set next_attempt_at = now() - interval '1 second' where user_id = ${user.id} and channel = 'brief'`,
    );
    await sweepAlerts(deps);
    await sweepAlerts(deps);
    expect((await briefs(user.id)).map((b) => b.alert_count)).toEqual([2]);
  });

  it("after the morning's brief went out, a later brief time sends what comes next at once, never a second brief", async () => {
    const { user } = await createSignedInUser(db, {
      email: 'sent@example.com',
      planType: 'pro',
      planStatus: 'active',
      routing: 'defaults',
    });
    await follow(db, { userId: user.id, ticker: 'TSLA', forms: ['8-K'] });
    await db.execute(sql`update users set alert_min_rank_email = 1, brief_minute = 450 where id = ${user.id}`);
    const saturday = nextSaturday();
    const first = await tesla8k('MEDIUM', { acceptedAt: saturday });
    await matchFiling(db, { filingId: first });
    // The brief goes out (its time made due now: the morning it belongs to is still ahead).
    await db.execute(
      sql`update alerts set next_attempt_at = now() - interval '1 second' where user_id = ${user.id} and channel = 'brief'`,
    );
    await sweepAlerts(deps);
    const [sent] = await briefs(user.id);
    // Made due early, it was opened under today's date; in life it opens on its morning.
    await db.execute(
      sql`update alert_digests set local_date = ${briefMorning(saturday)!}::date where id = ${sent!.id}`,
    );
    await deliverDigest(deps, { digestId: sent!.id });
    await smtp.waitFor((m) => m.envelopeTo.includes('sent@example.com') && /pre-market brief/.test(m.subject));

    // The user moves the brief later; a filing of the same night arrives: an email now, saying why.
    await updateProfile(db, { userId: user.id, changes: { routing: { briefTime: '09:15' } } });
    const second = await tesla8k('LOW', { acceptedAt: new Date(saturday.getTime() + 120_000) });
    await matchFiling(db, { filingId: second });
    const [row] = await rows(second, user.id);
    expect(row).toMatchObject({ channel: 'email', route: 'brief_sent', status: 'queued' });
    await deliverAlerts(deps, { alertIds: [row!.id] });
    const mail = await smtp.waitFor(
      (m) => m.envelopeTo.includes('sent@example.com') && !/pre-market brief/.test(m.subject),
    );
    expect(mail.text).toContain("this morning's pre-market brief had already gone out");

    // A brief row that raced the opening (matched just before it, due after) is emailed by the sweep, not left waiting.
    const raced = await tesla8k('LOW', { acceptedAt: new Date(saturday.getTime() + 180_000) });
    await db.execute(sql`insert into alert_matches (filing_id) values (${raced})`);
    // Its due time has passed, so the brief's morning is put on today for the row to fall due under it.
    await db.execute(
      sql`update alert_digests set local_date = (now() at time zone 'America/New_York')::date where id = ${sent!.id}`,
    );
    await db.execute(
      sql`insert into alerts (user_id, filing_id, channel, route, next_attempt_at) values (${user.id}, ${raced}, 'brief', 'brief', now() - interval '1 second')`,
    );
    await sweepAlerts(deps);
    expect((await rows(raced, user.id)).map((r) => [r.channel, r.route])).toEqual([['email', 'brief_sent']]);
    expect((await briefs(user.id)).length).toBe(1);
  });
});

describe('bursts', () => {
  it('sends one alert naming every queued filing of the company, and settles the others with it', async () => {
    const { user } = await createSignedInUser(db, {
      email: 'burst@example.com',
      planType: 'pro',
      planStatus: 'active',
    });
    await follow(db, { userId: user.id, ticker: 'TSLA', forms: ['8-K'] });
    const ids = [await tesla8k('MEDIUM'), await tesla8k('HIGH'), await tesla8k('LOW')];
    for (const id of ids) await matchFiling(db, { filingId: id });
    const alertIds = await Promise.all(ids.map(async (id) => (await rows(id, user.id))[0]!.id));
    const counts = await deliverAlerts(deps, { alertIds: [alertIds[0]!] });
    expect(counts.sent).toBe(1);
    const mail = await smtp.waitFor((m) => m.envelopeTo.includes('burst@example.com'));
    expect(mail.subject).toMatch(/^TSLA: 3 filings within minutes · HIGH: /);
    expect(mail.text).toContain('Also in this burst:');
    expect(mail.text.match(/^- \[(MEDIUM|LOW)\] 8-K: /gm)).toHaveLength(2);
    const settled = await Promise.all(ids.map(async (id) => (await rows(id, user.id))[0]!));
    expect(settled.map((r) => r.status)).toEqual(['sent', 'sent', 'sent']);
    expect(settled.slice(1).map((r) => r.burst_lead_id)).toEqual([alertIds[0], alertIds[0]]);
    // The others' own jobs find nothing left to send.
    expect((await deliverAlerts(deps, { alertIds: alertIds.slice(1) })).sent).toBe(0);
    expect(smtp.to('burst@example.com')).toHaveLength(1);
  });

  it('sends a burst with the burst copy edited in /admin/message-templates ({{count}} filled)', async () => {
    const { user } = await createSignedInUser(db, {
      email: 'burst-copy@example.com',
      planType: 'pro',
      planStatus: 'active',
    });
    await follow(db, { userId: user.id, ticker: 'TSLA', forms: ['8-K'] });
    const saved = await copyRepo.insertVersion(db, {
      templateId: 'burst-email',
      fields: { subject: '{{ticker}} x{{count}}: {{oneLiner}}', intro: '{{count}} from {{company}}' },
      createdBy: user.id,
      reason: null,
    });
    await copyRepo.setActive(db, 'burst-email', saved.id);
    try {
      const ids = [await tesla8k('HIGH'), await tesla8k('LOW')];
      for (const id of ids) await matchFiling(db, { filingId: id });
      await deliverAlerts(deps, { alertIds: [(await rows(ids[0]!, user.id))[0]!.id] });
      const mail = await smtp.waitFor((m) => m.envelopeTo.includes('burst-copy@example.com'));
      expect(mail.subject).toMatch(/^TSLA x2: /);
      expect(mail.text).toMatch(/^\[HIGH\] 2 from Tesla, Inc\., /);
    } finally {
      await copyRepo.setActive(db, 'burst-email', null);
    }
  });
});
