/**
 * Matching stored filings to watchers in real PostgreSQL: by ticker (and company: GOOG/GOOGL) and
 * form, per-channel thresholds, unverified and opted-out contacts, PRO real-time vs free digest,
 * idempotency, delivery jobs enqueued with the rows, and the catch-up of unmatched filings.
 */
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { insertUser } from '../auth/session.repo';
import { createTestDatabase } from '../../test/db';
import { FIXTURES, follow, proUser, seedTickers, storeFixture } from '../../test/alerts';
import { insertRealFilings, realFilings } from '../../test/real-filings';
import { createSignedInUser } from '../../test/users';
import { DELIVERY_CHUNK } from './alerts.config';
import { matchFirstWatchers } from './match.repo';
import { matchFiling, matchMissedFilings } from './match.service';

let database: Database;
let db: Database['db'];

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  await seedTickers(db);
});

type AlertRow = { user_id: string; channel: string; status: string };
const alertsOf = async (filingId: number) =>
  db.execute<AlertRow>(
    sql`select user_id, channel, status from alerts where filing_id = ${filingId} order by user_id, channel`,
  );
const channelsFor = async (filingId: number, userId: string) =>
  (await alertsOf(filingId)).filter((a) => a.user_id === userId).map((a) => a.channel);
const deliveryJobs = async () =>
  db.execute<{ payload: { alertIds: number[] }; key: string | null }>(sql`
    select j.payload, j.key from graphile_worker._private_jobs j join graphile_worker._private_tasks t on t.id = j.task_id
    where t.identifier = 'alerts.deliver'`);

/** A real Apple filing (from SEC's submissions JSON) with the importance the test needs. */
const used = new Map<string, number>();
async function appleFiling(form: string, importance: 'CRITICAL' | 'HIGH' | 'MEDIUM' | 'LOW'): Promise<number> {
  const index = used.get(form) ?? 0;
  used.set(form, index + 1);
  const filing = realFilings('AAPL', { forms: [form] })[index];
  const [id] = await insertRealFilings(db, [filing!], { ticker: 'AAPL', importance });
  return id!;
}

describe('matching a filing to its watchers', () => {
  it('finds watchers by ticker and form, one row per reachable channel, and enqueues their delivery', async () => {
    const both = await proUser(db, { email: 'both@example.com', phone: '+12025550100' });
    const wrongForm = await proUser(db, { email: 'wrongform@example.com' });
    const otherTicker = await proUser(db, { email: 'other@example.com' });
    await follow(db, { userId: both.user.id, ticker: 'TSLA', forms: ['4', '8-K'] });
    await follow(db, { userId: wrongForm.user.id, ticker: 'TSLA', forms: ['8-K'] });
    await follow(db, { userId: otherTicker.user.id, ticker: 'AAPL', forms: ['4'] });
    await db.execute(sql`update users set alert_min_rank_sms = 1 where id = ${both.user.id}`);

    const filingId = await storeFixture(db, FIXTURES.teslaForm4.name);
    const before = (await deliveryJobs()).length;
    const outcome = await matchFiling(db, { filingId });

    expect(outcome).toEqual({ claimed: true, alerts: 2, jobs: 1 });
    expect(await alertsOf(filingId)).toEqual([
      { user_id: both.user.id, channel: 'email', status: 'queued' },
      { user_id: both.user.id, channel: 'sms', status: 'queued' },
    ]);
    const jobs = await deliveryJobs();
    expect(jobs).toHaveLength(before + 1);
    const ids = (
      await db.execute<{ id: number }>(
        sql`select id::float8 as id from alerts where filing_id = ${filingId} order by id`,
      )
    ).map((r) => r.id);
    expect([...jobs.at(-1)!.payload.alertIds].sort((a, b) => a - b)).toEqual(ids);
  });

  it('matches every ticker of the company: GOOG and GOOGL watchers both get an Alphabet filing', async () => {
    const goog = await proUser(db, { email: 'goog@example.com' });
    const googl = await proUser(db, { email: 'googl@example.com' });
    await follow(db, { userId: goog.user.id, ticker: 'GOOG', forms: ['4'] });
    await follow(db, { userId: googl.user.id, ticker: 'GOOGL', forms: ['4'] });
    const filingId = await storeFixture(db, FIXTURES.googForm4.name, FIXTURES.googForm4.hints);
    await matchFiling(db, { filingId });
    expect(await channelsFor(filingId, goog.user.id)).toEqual(['email']);
    expect(await channelsFor(filingId, googl.user.id)).toEqual(['email']);
  });

  it('NEW_LISTINGS covers Form D (a real Tesla Form D)', async () => {
    const scout = await proUser(db, { email: 'listings@example.com' });
    const eightK = await proUser(db, { email: 'eightk-only@example.com' });
    await follow(db, { userId: scout.user.id, ticker: 'TSLA', forms: ['NEW_LISTINGS'] });
    await follow(db, { userId: eightK.user.id, ticker: 'TSLA', forms: ['8-K'] });
    const [filingId] = await insertRealFilings(db, realFilings('TSLA', { forms: ['D'] }), {
      ticker: 'TSLA',
      importance: 'MEDIUM',
    });
    await matchFiling(db, { filingId: filingId! });
    expect(await alertsOf(filingId!)).toEqual([{ user_id: scout.user.id, channel: 'email', status: 'queued' }]);
  });

  it('applies each channel threshold: SMS only from HIGH (default), email from the user setting', async () => {
    const user = await proUser(db, { email: 'thresholds@example.com', phone: '+12025550101' });
    await follow(db, { userId: user.user.id, ticker: 'AAPL', forms: ['8-K'] });
    await db.execute(sql`update users set alert_min_rank_email = 2 where id = ${user.user.id}`);
    const low = await appleFiling('8-K', 'LOW');
    const medium = await appleFiling('8-K', 'MEDIUM');
    const high = await appleFiling('8-K', 'HIGH');
    for (const filingId of [low, medium, high]) await matchFiling(db, { filingId });
    expect(await channelsFor(low, user.user.id)).toEqual([]);
    expect(await channelsFor(medium, user.user.id)).toEqual(['email']);
    expect(await channelsFor(high, user.user.id)).toEqual(['email', 'sms']);
  });

  it('gives nothing to unverified contacts, channels not chosen, or a phone that replied STOP', async () => {
    const unverified = await insertUser(db, {
      email: 'unverified@example.com',
      phone: '+12025550102',
      notifyVia: ['email', 'sms'],
      planType: 'pro',
      planStatus: 'active',
    });
    const smsOnly = await proUser(db, { email: 'smsonly@example.com', phone: '+12025550103' });
    const stopped = await proUser(db, { email: 'stopped@example.com', phone: '+12025550104' });
    await db.execute(sql`update users set notify_via = '{sms}' where id = ${smsOnly.user.id}`);
    await db.execute(sql`insert into sms_opt_outs (phone, keyword) values ('+12025550104', 'STOP')`);
    for (const userId of [unverified.id, smsOnly.user.id, stopped.user.id])
      await follow(db, { userId, ticker: 'AAPL', forms: ['8-K'] });
    const filingId = await appleFiling('8-K', 'CRITICAL');
    await matchFiling(db, { filingId });
    expect(await channelsFor(filingId, unverified.id)).toEqual([]);
    expect(await channelsFor(filingId, smsOnly.user.id)).toEqual(['sms']);
    expect(await channelsFor(filingId, stopped.user.id)).toEqual(['email']);
  });

  it('PRO users and admins get real-time channels, free verified users a digest entry, visitors nothing', async () => {
    const pro = await proUser(db, { email: 'pro@example.com', phone: '+12025550105' });
    const admin = await createSignedInUser(db, { email: 'admin@example.com', isAdmin: true });
    const lapsed = await createSignedInUser(db, {
      email: 'lapsed@example.com',
      planType: 'pro',
      planStatus: 'canceled',
    });
    const free = await createSignedInUser(db, { email: 'free@example.com', phone: '+12025550106' });
    const freeNoDigest = await createSignedInUser(db, { email: 'nodigest@example.com' });
    const visitor = await insertUser(db, {});
    await db.execute(sql`update users set digest_enabled = false where id = ${freeNoDigest.user.id}`);
    for (const userId of [pro.user.id, admin.user.id, lapsed.user.id, free.user.id, freeNoDigest.user.id, visitor.id]) {
      await follow(db, { userId, ticker: 'AAPL', forms: ['8-K'] });
    }
    const filingId = await appleFiling('8-K', 'HIGH');
    await matchFiling(db, { filingId });
    expect(await channelsFor(filingId, pro.user.id)).toEqual(['email', 'sms']);
    expect(await channelsFor(filingId, admin.user.id)).toEqual(['email']);
    expect(await channelsFor(filingId, lapsed.user.id)).toEqual(['digest']);
    expect(await channelsFor(filingId, free.user.id)).toEqual(['digest']);
    expect(await channelsFor(filingId, freeNoDigest.user.id)).toEqual([]);
    expect(await channelsFor(filingId, visitor.id)).toEqual([]);
  });

  it('matching twice (or from two processes at once) creates nothing new and enqueues nothing more', async () => {
    const user = await proUser(db, { email: 'twice@example.com' });
    await follow(db, { userId: user.user.id, ticker: 'AAPL', forms: ['10-K'] });
    const filingId = await appleFiling('10-K', 'MEDIUM');
    const jobsBefore = (await deliveryJobs()).length;
    const outcomes = await Promise.all([matchFiling(db, { filingId }), matchFiling(db, { filingId })]);
    expect(outcomes.map((o) => o.alerts).sort()).toEqual([0, 1]);
    expect(await matchFiling(db, { filingId })).toEqual({ claimed: false, alerts: 0, jobs: 0 });
    expect(await channelsFor(filingId, user.user.id)).toEqual(['email']);
    expect((await deliveryJobs()).length).toBe(jobsBefore + 1);
  });

  it('a filing matched again after its claim was removed gets only the rows it is missing', async () => {
    const users = [
      await proUser(db, { email: 'rematch-a@example.com' }),
      await proUser(db, { email: 'rematch-b@example.com' }),
    ];
    for (const u of users) await follow(db, { userId: u.user.id, ticker: 'AAPL', forms: ['10-Q'] });
    const filingId = await appleFiling('10-Q', 'MEDIUM');
    expect((await matchFiling(db, { filingId })).alerts).toBe(2);
    await db.execute(sql`delete from alerts where filing_id = ${filingId} and user_id = ${users[0]!.user.id}`);
    await db.execute(sql`delete from alert_matches where filing_id = ${filingId}`);
    expect(await matchFiling(db, { filingId })).toEqual({ claimed: true, alerts: 1, jobs: 1 });
    expect(await channelsFor(filingId, users[0]!.user.id)).toEqual(['email']);
    expect(await channelsFor(filingId, users[1]!.user.id)).toEqual(['email']);
  });

  it('commits the first watchers with their job, unclaimed: a matcher that dies before the rest leaves them to the next match', async () => {
    for (let i = 0; i < DELIVERY_CHUNK + 10; i++) {
      const u = await proUser(db, { email: `first-watchers-${i}@example.com` });
      await follow(db, { userId: u.user.id, ticker: 'AAPL', forms: ['4'] });
    }
    const watchers = (
      await db.execute<{ n: number }>(
        sql`select count(*)::int as n from watchlist_items where ticker = 'AAPL' and '4' = any(forms)`,
      )
    )[0]!.n;
    const filingId = await appleFiling('4', 'HIGH');
    const users = async () =>
      (
        await db.execute<{ n: number }>(
          sql`select count(distinct user_id)::int as n from alerts where filing_id = ${filingId}`,
        )
      )[0]!.n;
    const claimed = async () =>
      (await db.execute(sql`select 1 from alert_matches where filing_id = ${filingId}`)).length > 0;
    const jobbed = async () => {
      const ids = (
        await db.execute<{ id: number }>(sql`select id::int from alerts where filing_id = ${filingId} order by id`)
      ).map((r) => r.id);
      const inJobs = (await deliveryJobs()).flatMap((j) => j.payload.alertIds).filter((id) => ids.includes(id));
      return { ids: ids.length, inJobs: inJobs.sort((a, b) => a - b) };
    };

    const first = await matchFirstWatchers(db, { filingId });
    expect(first.claimed).toBe(false);
    expect(first.jobs).toBeGreaterThanOrEqual(1);
    expect(await users()).toBe(DELIVERY_CHUNK);
    expect(await claimed()).toBe(false);
    expect((await jobbed()).inJobs.length).toBe(first.alerts);
    // The process died here: the filing is still unmatched, and the next match adds only the rest.
    await matchMissedFilings(db);
    expect(await claimed()).toBe(true);
    expect(await users()).toBe(watchers);
    const all = await jobbed();
    expect(new Set(all.inJobs).size).toBe(all.inJobs.length);
    expect(all.inJobs.length).toBe(all.ids);
  });

  it('deleting a user or a filing deletes their alerts (the cascade the table has without foreign keys)', async () => {
    const leaving = await proUser(db, { email: 'leaving@example.com' });
    const staying = await proUser(db, { email: 'staying@example.com' });
    for (const u of [leaving, staying]) await follow(db, { userId: u.user.id, ticker: 'AAPL', forms: ['8-K'] });
    const first = await appleFiling('8-K', 'LOW');
    const second = await appleFiling('8-K', 'LOW');
    for (const filingId of [first, second]) await matchFiling(db, { filingId });
    const mine = async () =>
      (
        await db.execute<{ n: number }>(sql`
        select count(*)::int as n from alerts where user_id in (${leaving.user.id}, ${staying.user.id})`)
      )[0]!.n;
    expect(await mine()).toBe(4);
    await db.execute(sql`delete from users where id = ${leaving.user.id}`);
    expect(await mine()).toBe(2);
    await db.execute(sql`delete from filings where id = ${first}`);
    expect(await mine()).toBe(1);
  });

  it('alerts nobody about backfilled history', async () => {
    const user = await proUser(db, { email: 'backfill@example.com' });
    await follow(db, { userId: user.user.id, ticker: 'AAPL', forms: ['10-Q'] });
    const filingId = await appleFiling('10-Q', 'HIGH');
    await db.execute(sql`update filings set source = 'backfill' where id = ${filingId}`);
    expect(await matchFiling(db, { filingId })).toEqual({ claimed: true, alerts: 0, jobs: 0 });
  });

  it('catches up filings stored while nobody listened, and only recent ones', async () => {
    const user = await proUser(db, { email: 'catchup@example.com' });
    await follow(db, { userId: user.user.id, ticker: 'AAPL', forms: ['DEF 14A'] });
    const [recent, old] = realFilings('AAPL', { forms: ['DEF 14A'] });
    const [recentId] = await insertRealFilings(db, [recent!], { ticker: 'AAPL', importance: 'LOW' });
    const [oldId] = await insertRealFilings(db, [old!], {
      ticker: 'AAPL',
      importance: 'LOW',
      storedAt: new Date(Date.now() - 3 * 86_400_000),
    });
    expect(await matchMissedFilings(db)).toBeGreaterThanOrEqual(1);
    expect(await channelsFor(recentId!, user.user.id)).toEqual(['email']);
    expect(await channelsFor(oldId!, user.user.id)).toEqual([]);
    expect(await matchMissedFilings(db)).toBe(0);
  });
});
