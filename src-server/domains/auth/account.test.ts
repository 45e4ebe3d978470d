import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { createTRPCClient, httpLink } from '@trpc/client';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { codeFromText, freshIp, startAuthTestApp } from '../../test/auth-client';
import { createSignedInUser } from '../../test/users';
import type { AppRouter } from '../../transport/trpc/app-router';

const t = await startAuthTestApp();
const { api, twilio, database } = t;
const db = database.db;
type Body = Record<string, unknown>;

const trpc = (headers: Record<string, string> = {}) =>
  createTRPCClient<AppRouter>({ links: [httpLink({ url: `${t.url}/trpc`, headers: () => headers })] });
const count = async (query: ReturnType<typeof sql>) => (await db.execute<{ n: number }>(query))[0]!.n;

describe('profile and notification settings', () => {
  it('starts with the documented defaults', async () => {
    const { session } = await createSignedInUser(db, { email: 'defaults@example.com' });
    const r = await api.get<{ user: Body; profile: Body }>('/api/profile', { session });
    expect(r.status).toBe(200);
    expect(r.body.user).toMatchObject({
      email: 'defaults@example.com',
      phone: null,
      verified: true,
      isAdmin: false,
      planType: 'free',
      planStatus: 'inactive',
    });
    expect(r.body.profile).toMatchObject({
      emailVerified: true,
      phoneVerified: false,
      smsOptedOut: false,
      timeZone: 'America/New_York',
      notifications: { channels: ['email'], digest: true, digestHour: 8, quietHours: null },
      alertThresholds: { email: 'LOW', sms: 'HIGH' },
    });
    expect((await api.get('/api/profile')).status).toBe(401);
  });

  it('updates preferences, thresholds and profile fields, and keeps them', async () => {
    const { session, user } = await createSignedInUser(db, { email: 'prefs@example.com', phone: '+12025550123' });
    const prefs = await api.post<{ profile: Body }>(
      '/api/update-notification-preferences',
      {
        channels: ['sms', 'email'],
        digest: false,
        digestHour: 18,
        quietHours: { start: '22:30', end: '07:00' },
        timeZone: 'America/Los_Angeles',
      },
      { session },
    );
    expect(prefs.status).toBe(200);
    expect(prefs.body.profile).toMatchObject({
      timeZone: 'America/Los_Angeles',
      notifications: {
        channels: ['sms', 'email'],
        digest: false,
        digestHour: 18,
        quietHours: { start: '22:30', end: '07:00' },
      },
    });
    const thresholds = await api.post<{ profile: Body }>(
      '/api/update-alert-thresholds',
      { sms: 'CRITICAL', email: 'MEDIUM' },
      { session },
    );
    expect(thresholds.body.profile).toMatchObject({ alertThresholds: { email: 'MEDIUM', sms: 'CRITICAL' } });
    const profile = await api.post<{ profile: Body }>(
      '/api/profile',
      { timeZone: 'Europe/Berlin', quietHours: null },
      { session },
    );
    expect(profile.body.profile).toMatchObject({
      timeZone: 'Europe/Berlin',
      notifications: { quietHours: null, digestHour: 18 },
    });

    const [row] = await db.execute<Body>(
      sql`select time_zone, digest_enabled, digest_hour, quiet_start_minute, alert_min_rank_email, alert_min_rank_sms, notify_via from users where id = ${user.id}`,
    );
    expect(row).toMatchObject({
      time_zone: 'Europe/Berlin',
      digest_enabled: false,
      digest_hour: 18,
      quiet_start_minute: null,
      alert_min_rank_email: 2,
      alert_min_rank_sms: 4,
    });
  });

  it('refuses channels without the contact and values out of range, changing nothing', async () => {
    const { session } = await createSignedInUser(db, { email: 'bad@example.com' });
    const cases: [string, Body][] = [
      ['/api/update-notification-preferences', { channels: ['sms'] }],
      ['/api/update-notification-preferences', { timeZone: 'Mars/Olympus' }],
      ['/api/update-notification-preferences', { digestHour: 24 }],
      ['/api/update-notification-preferences', { quietHours: { start: '25:00', end: '07:00' } }],
      ['/api/update-notification-preferences', { quietHours: { start: '07:00', end: '07:00' } }],
      ['/api/update-alert-thresholds', { email: 'URGENT' }],
      ['/api/update-alert-thresholds', {}],
    ];
    for (const [path, body] of cases) {
      const r = await api.post(path, body, { session });
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(typeof r.body.message).toBe('string');
    }
    const after = await api.get<{ profile: Body }>('/api/profile', { session });
    expect(after.body.profile).toMatchObject({
      timeZone: 'America/New_York',
      notifications: { channels: ['email'], digestHour: 8 },
    });
  });
});

describe('one user never reaches another', () => {
  it('acts only on the caller: a body session that differs from X-Session is refused', async () => {
    const a = await createSignedInUser(db, { email: 'a@example.com' });
    const b = await createSignedInUser(db, { email: 'b@example.com' });
    const mismatch = await api.post(
      '/api/delete-account',
      { session: b.session, confirm: true },
      { session: a.session },
    );
    expect(mismatch).toMatchObject({ status: 400, body: { error: 'session_mismatch' } });
    await api.post('/api/update-alert-thresholds', { email: 'CRITICAL' }, { session: a.session });
    const bView = await api.get<{ user: Body; profile: Body }>('/api/profile', { session: b.session });
    expect(bView.body.user.email).toBe('b@example.com');
    expect(bView.body.profile).toMatchObject({ alertThresholds: { email: 'LOW' } });
    await api.post('/api/notify', { email: 'taken-by-a@example.com' }, { session: a.session });
    expect((await api.get<{ user: Body }>('/api/profile', { session: b.session })).body.user.email).toBe(
      'b@example.com',
    );
    expect(await count(sql`select count(*)::int as n from users where id in (${a.user.id}, ${b.user.id})`)).toBe(2);
  });
});

describe('delete account', () => {
  it('needs confirm: true, then removes the user and everything they own in one go', async () => {
    const phone = '+12025550124';
    const { session } = await t.signInByPhone(phone);
    const userId = (await api.get<{ user: { id: string } }>('/api/profile', { session })).body.user.id;
    await db.execute(sql`insert into watchlist_items (user_id, ticker) values (${userId}, 'AAPL')`);
    await api.post('/api/login', { identifier: phone }, { ip: freshIp() });
    await twilio.sendInbound(`${t.url}/api/sms/inbound`, { From: phone, Body: 'STOP' });

    expect(await api.post('/api/delete-account', { session }, { session })).toMatchObject({
      status: 400,
      body: { error: 'confirmation_required' },
    });
    expect(await api.post('/api/delete-account', { session, confirm: false }, { session })).toMatchObject({
      status: 400,
    });
    expect(await count(sql`select count(*)::int as n from users where id = ${userId}`)).toBe(1);

    const deleted = await api.post('/api/delete-account', { session, confirm: true });
    expect(deleted).toMatchObject({ status: 200, body: { deleted: true } });
    for (const table of ['users', 'sessions', 'watchlist_items']) {
      const column = table === 'users' ? 'id' : 'user_id';
      expect(
        await count(
          sql`select count(*)::int as n from ${sql.identifier(table)} where ${sql.identifier(column)} = ${userId}`,
        ),
        table,
      ).toBe(0);
    }
    expect(await count(sql`select count(*)::int as n from login_codes where identifier = ${phone}`)).toBe(0);
    expect(await count(sql`select count(*)::int as n from sms_opt_outs where phone = ${phone}`)).toBe(1);
    expect((await api.get('/api/profile', { session })).status).toBe(401);
  });
});

describe('cancel subscription', () => {
  // The Stripe lifecycle (cancel at period end, PRO until then, resume) is in billing/billing.test.ts.
  it('says plainly when there is no subscription to cancel, and changes nothing', async () => {
    const free = await createSignedInUser(db, { email: 'free@example.com' });
    expect(await api.post('/api/cancel-subscription', {}, { session: free.session })).toMatchObject({
      status: 409,
      body: { error: 'no_subscription', message: 'You have no active subscription to cancel.' },
    });
    // PRO granted by hand (no Stripe subscription): nothing to cancel at Stripe, and the plan stays.
    const granted = await createSignedInUser(db, {
      email: 'granted@example.com',
      planType: 'pro',
      planStatus: 'active',
    });
    expect(await api.post('/api/cancel-subscription', {}, { session: granted.session })).toMatchObject({
      status: 409,
      body: { error: 'no_subscription' },
    });
    expect((await api.get('/api/profile', { session: granted.session })).body).toMatchObject({
      user: { planType: 'pro', planStatus: 'active', isPro: true },
    });
  });
});

describe('admin credential', () => {
  it('admin:grant marks a verified account; its session buys a separate bearer credential', async () => {
    const { session } = await t.signInByEmail('boss@example.com');
    const run = promisify(execFile);
    const { stdout } = await run(process.execPath, ['--import', 'tsx', 'scripts/admin-grant.ts', 'Boss@Example.com'], {
      env: { ...process.env, DATABASE_URL: database.url, LOG_LEVEL: 'silent' },
    });
    expect(stdout).toContain('boss@example.com');
    expect(stdout).toContain('is now an admin');
    const missing = await run(process.execPath, ['--import', 'tsx', 'scripts/admin-grant.ts', 'nobody@example.com'], {
      env: { ...process.env, DATABASE_URL: database.url },
    }).catch((e: { code: number; stderr: string }) => e);
    expect(missing, JSON.stringify(missing)).toMatchObject({ code: 1 });
    expect((missing as { stderr: string }).stderr).toContain('No verified account');

    const admin = await api.post<{ token: string; expiresAt: string; user: Body }>('/api/admin/login', {}, { session });
    expect(admin.status).toBe(200);
    expect(admin.body.user).toMatchObject({ isAdmin: true, email: 'boss@example.com' });
    expect(admin.body.token).not.toBe(session);
    expect(new Date(admin.body.expiresAt).getTime() - Date.now()).toBeLessThanOrEqual(12 * 3600 * 1000);

    const me = await fetch(`${t.url}/trpc/admin.me`, { headers: { authorization: `Bearer ${admin.body.token}` } });
    expect(me.status).toBe(200);
    expect((await fetch(`${t.url}/trpc/admin.me`, { headers: { authorization: `Bearer ${session}` } })).status).toBe(
      401,
    );
    expect((await api.get('/api/profile', { session: admin.body.token })).status).toBe(401);

    const out = await api.post('/api/admin/logout', undefined, {
      headers: { authorization: `Bearer ${admin.body.token}` },
    });
    expect(out).toMatchObject({ status: 200, body: { ok: true } });
    expect(
      (await fetch(`${t.url}/trpc/admin.me`, { headers: { authorization: `Bearer ${admin.body.token}` } })).status,
    ).toBe(401);
  });

  it('is refused to non-admins and anonymous sessions', async () => {
    const plain = await createSignedInUser(db, { email: 'plain@example.com' });
    expect(await api.post('/api/admin/login', {}, { session: plain.session })).toMatchObject({
      status: 403,
      body: { error: 'not_admin' },
    });
    expect((await api.post('/api/admin/login', {})).status).toBe(401);
  });
});

describe('tRPC twins', () => {
  it('login, verifyCode, profile, settings, notify, adminLogin and deleteAccount over tRPC', async () => {
    const anon = await t.anonymousSession();
    const client = trpc({ 'x-forwarded-for': freshIp() });
    expect(await client.auth.login.mutate({ identifier: '202 555 0125' })).toEqual({ method: 'sms' });
    const code = codeFromText((await twilio.waitFor((m) => m.to === '+12025550125')).body);
    const signedIn = await client.auth.verifyCode.mutate({ identifier: '2025550125', code, previousSession: anon });
    expect(signedIn).toMatchObject({ user: { phone: '+12025550125', verified: true }, merged: 0, rejected: 0 });

    const me = trpc({ 'x-session': signedIn.session });
    expect(await me.auth.me.query()).toMatchObject({ phone: '+12025550125' });
    // A new account's routing defaults (issue #18): texts only for CRITICAL.
    expect(await me.auth.profile.query()).toMatchObject({ phoneVerified: true, alertThresholds: { sms: 'CRITICAL' } });
    expect(await me.auth.updateAlertThresholds.mutate({ sms: 'MEDIUM' })).toMatchObject({
      alertThresholds: { sms: 'MEDIUM' },
    });
    expect(await me.auth.updateNotificationPreferences.mutate({ digestHour: 6 })).toMatchObject({
      notifications: { digestHour: 6 },
    });
    expect(await me.auth.updateProfile.mutate({ timeZone: 'America/Chicago' })).toMatchObject({
      timeZone: 'America/Chicago',
    });
    // The verified phone approves the new sign-in contact with the code texted to it.
    await expect(me.auth.addSecondaryContact.mutate({ email: 'twin@example.com' })).rejects.toMatchObject({
      data: { httpStatus: 403, reason: 'approval_required' },
    });
    const approvalCode = codeFromText(twilio.to('+12025550125').at(-1)!.body);
    const notified = await me.auth.addSecondaryContact.mutate({ email: 'twin@example.com', approvalCode });
    expect(notified).toMatchObject({ verification: { email: 'sent', sms: 'verified' } });
    await expect(me.auth.adminLogin.mutate()).rejects.toMatchObject({ data: { httpStatus: 403, reason: 'not_admin' } });
    await expect(me.auth.deleteAccount.mutate({})).rejects.toMatchObject({ data: { reason: 'confirmation_required' } });
    await expect(me.billing.cancel.mutate()).rejects.toMatchObject({ data: { httpStatus: 409 } });
    expect(await me.auth.deleteAccount.mutate({ confirm: true })).toEqual({ deleted: true });
    expect(await me.auth.me.query()).toBeNull();
  });
});
