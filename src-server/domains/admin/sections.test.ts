/**
 * /admin overview, /admin/activity and /admin/stripe-setup over REST with the admin bearer:
 * refused without one, real figures from the database, security events recorded where they
 * happen, the logs filtered and exported as CSV.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { adminApi, createAdminBearer } from '../../test/admin';
import { startTestApp } from '../../test/app';
import { createSignedInUser } from '../../test/users';
import { listDevOutbox } from '../auth/dev-outbox.service';
import { overviewRest } from './overview.rest';
import { activityRest } from './activity.rest';

const { url, deps } = await startTestApp();
const db = deps.db;
const admin = await createAdminBearer(db);
const get = (path: string, query?: Record<string, string>) => adminApi(url, path, { bearer: admin.bearer, query });

describe('admin read-only sections', () => {
  it('refuse anonymous and non-admin callers with no data', async () => {
    const user = await createSignedInUser(db, { email: 'nosy@example.com' });
    for (const row of [...overviewRest, ...activityRest]) {
      for (const bearer of [null, user.session]) {
        const answer = await adminApi(url, row.path, { bearer, query: { log: 'audit' } });
        expect(answer.status, row.path).toBe(401);
        expect(answer.body.items ?? answer.body.users ?? answer.body.checks).toBeUndefined();
      }
    }
  });

  it('overview: users, PRO, MRR, dead letters and recent errors come from the database', async () => {
    const before = (await get('/admin/overview/get')).body;
    const payer = await createSignedInUser(db, { email: 'payer@example.com' });
    await db.execute(
      sql`update users set plan_type = 'pro', plan_status = 'active', billing_status = 'active', addon_packs = 2 where id = ${payer.user.id}`,
    );
    await db.execute(
      sql`insert into alerts (user_id, filing_id, channel, status, attempts, last_error) values (${payer.user.id}, 424242, 'email', 'dead', 5, '550 5.1.1 mailbox unavailable')`,
    );
    const after = await get('/admin/overview/get');
    expect(after.status).toBe(200);
    expect(after.body.users.total).toBe(before.users.total + 1);
    expect(after.body.users.verified).toBe(before.users.verified + 1);
    expect(after.body.users.pro).toBe(before.users.pro + 1);
    expect(after.body.mrrUsd - before.mrrUsd).toBe(20 + 2 * 5);
    expect(after.body.deadLetters.alerts).toBe(before.deadLetters.alerts + 1);
    expect(after.body.recentErrors[0]).toMatchObject({ source: 'alert', error: '550 5.1.1 mailbox unavailable' });
    expect(after.body.ingestion.mode).toBe('replay');
    expect(after.body.liveSockets).toBe(0);
  });

  it('overview: "Sent, 24 h" counts alerts sent, an alert queued two days ago and sent now included', async () => {
    const before = (await get('/admin/overview/get')).body.sent24h;
    const reader = await createSignedInUser(db, { email: 'sent-count@example.com' });
    await db.execute(sql`insert into alerts (user_id, filing_id, channel, status, created_at, sent_at)
      values (${reader.user.id}, 434343, 'email', 'sent', now() - interval '2 days', now() - interval '1 minute'),
        (${reader.user.id}, 434344, 'sms', 'sent', now() - interval '5 minutes', now() - interval '4 minutes')`);
    await db.execute(sql`insert into alert_digests (user_id, local_date, status, sent_at)
      values (${reader.user.id}, current_date, 'sent', now() - interval '3 minutes')`);
    const after = (await get('/admin/overview/get')).body.sent24h;
    expect(after).toEqual({ email: before.email + 1, sms: before.sms + 1, digests: before.digests + 1 });
  });

  it('stripe setup: without a key it says so, finds the local test prices and lists the steps', async () => {
    const answer = await get('/admin/stripe-setup/check');
    expect(answer.status).toBe(200);
    expect(answer.body.mode).toBe('local');
    expect(answer.body.ready).toBe(false);
    const byId = Object.fromEntries(answer.body.checks.map((c: any) => [c.id, c]));
    expect(byId.secret_key.ok).toBe(false);
    expect(byId.prices).toMatchObject({ ok: true });
    expect(byId.webhook_received).toMatchObject({ ok: false, detail: 'None yet.' });
    expect(answer.body.steps.join(' ')).toContain('STRIPE_SECRET_KEY');
  });

  it('activity: failed codes and webhook signature failures are recorded (masked), filtered and exported', async () => {
    await fetch(`${url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ identifier: '+12025550177' }),
    });
    const wrong = await fetch(`${url}/api/verify-login-code`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ identifier: '+12025550177', code: '000001' }),
    });
    expect(wrong.status).toBe(400);
    const forged = await fetch(`${url}/api/webhooks/stripe`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=forged' },
      body: '{"id":"evt_forged"}',
    });
    expect(forged.status).toBe(400);

    const codes = await get('/admin/activity/security', { kind: 'code_failed' });
    expect(codes.body.items).toEqual([expect.objectContaining({ kind: 'code_failed', subject: '•••-•••-0177' })]);
    const hooks = await get('/admin/activity/security', { kind: 'webhook_signature_failed' });
    expect(hooks.body.items).toEqual([expect.objectContaining({ subject: 'stripe' })]);
    expect((await get('/admin/activity/security', { kind: 'made_up' })).status).toBe(400);

    // An audited change with a formula-looking reason, then the audit log filtered and as CSV.
    const target = await createSignedInUser(db, { email: 'csv@example.com' });
    await adminApi(url, '/admin/users/set-alerts-paused', {
      bearer: admin.bearer,
      body: { userId: target.user.id, paused: true, reason: '=HYPERLINK("x")' },
    });
    const audit = await get('/admin/activity/audit', { action: 'users.setAlertsPaused' });
    expect(audit.body.items).toEqual([
      expect.objectContaining({ targetId: target.user.id, adminEmail: 'admin@example.com' }),
    ]);
    expect((await get('/admin/activity/audit', { action: 'nothing.like.this' })).body.items).toEqual([]);
    const csv = await adminApi(url, '/admin/activity/export-csv', {
      bearer: admin.bearer,
      query: { log: 'audit', action: 'users.setAlertsPaused' },
    });
    expect(csv.status).toBe(200);
    const lines = (csv.body as string).trim().split('\r\n');
    expect(lines[0]).toBe('createdAt,adminEmail,adminUserId,action,targetType,targetId,reason,ip,before,after');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`"'=HYPERLINK(""x"")"`);
    // A sign-in (texted code from the development outbox) and a rate-limit trip (a sixth code for one number).
    const json = (body: unknown) => ({
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    await fetch(`${url}/api/login`, json({ identifier: '+12025550188' }));
    const [text] = await listDevOutbox(db, { limit: 1 });
    const code = text!.body.match(/\b(\d{6})\b/)![1];
    expect((await fetch(`${url}/api/verify-login-code`, json({ identifier: '+12025550188', code }))).status).toBe(200);
    expect((await get('/admin/activity/security', { kind: 'sign_in' })).body.items).toEqual([
      expect.objectContaining({ subject: '•••-•••-0188' }),
    ]);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await fetch(`${url}/api/login`, json({ identifier: '+12025550155' }))).status);
    expect(statuses.at(-1)).toBe(429);
    expect((await get('/admin/activity/security', { kind: 'rate_limited' })).body.items).toEqual([
      expect.objectContaining({ subject: 'auth.login' }),
    ]);

    const securityCsv = await adminApi(url, '/admin/activity/export-csv', {
      bearer: admin.bearer,
      query: { log: 'security' },
    });
    expect(securityCsv.body).toContain('webhook_signature_failed');
  });
});
