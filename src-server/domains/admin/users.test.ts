/**
 * /admin/users over REST with the admin bearer: every procedure refuses anonymous, non-admin and
 * expired callers; each change writes its audit row and shows on the user's side.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { adminApi, createAdminBearer } from '../../test/admin';
import { startTestApp } from '../../test/app';
import { restClient } from '../../test/auth-client';
import { startStripePeer } from '../../test/peers/stripe';
import { storeReplayFilings } from '../../test/replay-filings';
import { createSignedInUser } from '../../test/users';
import { createSession } from '../auth/session.service';
import { matchFiling } from '../alerts/match.repo';
import { usersRest } from './users.rest';

const peer = await startStripePeer();
const { url, deps } = await startTestApp({ env: peer.env });
peer.hold();
const api = restClient(url);
const admin = await createAdminBearer(deps.db);
const db = deps.db;

const auditOf = (action: string, targetId: string) =>
  db.execute<{ reason: string | null; before: any; after: any; ip: string | null; admin_user_id: string }>(
    sql`select reason, before, after, ip, admin_user_id from admin_audit where action = ${action} and target_id = ${targetId} order by id`,
  );
const post = (path: string, body: unknown) => adminApi(url, path, { bearer: admin.bearer, body });

describe('admin users', () => {
  it('refuses every users call without a live admin bearer, and changes nothing', async () => {
    const victim = await createSignedInUser(db, { email: 'victim@example.com' });
    const other = await createSignedInUser(db, { email: 'plain@example.com' });
    const { token: nonAdminBearer } = await createSession(db, { userId: other.user.id, kind: 'admin' });
    const expired = await createAdminBearer(db, { email: 'old-admin@example.com' });
    await db.execute(
      sql`update sessions set last_seen_at = now() - interval '31 minutes' where id = ${expired.adminSessionId}`,
    );
    const demoted = await createAdminBearer(db, { email: 'demoted@example.com' });
    await db.execute(sql`update users set is_admin = false where id = ${demoted.user.id}`);
    const [revoked] = await db.execute<{ revoked_at: Date | null }>(
      sql`select revoked_at from sessions where id = ${demoted.adminSessionId}`,
    );
    expect(revoked?.revoked_at).not.toBeNull();
    for (const row of usersRest) {
      for (const bearer of [null, other.session, nonAdminBearer, expired.bearer, demoted.bearer]) {
        const body = { userId: victim.user.id, limit: 99, until: null, paused: true, reason: 'x' };
        const answer =
          row.method === 'GET'
            ? await adminApi(url, row.path, { bearer, query: { userId: victim.user.id, q: 'victim' } })
            : await adminApi(url, row.path, { bearer, body });
        expect(answer.status, `${row.method} ${row.path}`).toBe(401);
        expect(JSON.stringify(answer.body)).not.toContain('victim@');
      }
    }
    const [after] = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from users where id = ${victim.user.id} and ticker_limit_override is null and alerts_paused_at is null`,
    );
    expect(after?.n).toBe(1);
  });

  it('finds users by email, phone, id and watched ticker, and pages by keyset', async () => {
    const a = await createSignedInUser(db, { email: 'findme.alpha@example.com', phone: '+12025550111' });
    await db.execute(sql`insert into watchlist_items (user_id, ticker, forms) values (${a.user.id}, 'NVDA', '{4}')`);
    const search = async (q: string) =>
      (await adminApi(url, '/admin/users/search', { bearer: admin.bearer, query: { q } })).body.items.map(
        (u: any) => u.id,
      );
    expect(await search('findme.al')).toEqual([a.user.id]);
    expect(await search('2025550111')).toEqual([a.user.id]);
    expect(await search(a.user.id)).toEqual([a.user.id]);
    expect(await search('nvda')).toEqual([a.user.id]);
    expect(await search('%')).toEqual([]);
    const first = await adminApi(url, '/admin/users/search', { bearer: admin.bearer, query: { limit: '2' } });
    expect(first.body.items).toHaveLength(2);
    const second = await adminApi(url, '/admin/users/search', {
      bearer: admin.bearer,
      query: { limit: '2', cursor: first.body.nextCursor },
    });
    expect(second.body.items[0].id).not.toBe(first.body.items[1].id);
    expect(
      (await adminApi(url, '/admin/users/search', { bearer: admin.bearer, query: { cursor: 'garbage' } })).status,
    ).toBe(400);
    const detail = await adminApi(url, '/admin/users/get', { bearer: admin.bearer, query: { userId: a.user.id } });
    expect(detail.body).toMatchObject({
      contacts: { email: 'findme.alpha@example.com', phone: '+12025550111' },
      watchlist: [{ ticker: 'NVDA' }],
      limit: { effective: 10, override: null, used: 1 },
    });
    expect(
      (
        await adminApi(url, '/admin/users/get', {
          bearer: admin.bearer,
          query: { userId: '00000000-0000-4000-8000-000000000000' },
        })
      ).status,
    ).toBe(404);
  });

  it('sets and clears the ticker-limit override: audited, and the user sees the new limit', async () => {
    const u = await createSignedInUser(db, { email: 'limit@example.com' });
    const limitOf = async () => (await api.get<any>('/api/watchlist', { session: u.session })).body.tickerLimit;
    expect(await limitOf()).toBe(10);
    expect(
      await post('/admin/users/set-limit-override', { userId: u.user.id, limit: 25, reason: 'beta tester' }),
    ).toMatchObject({ status: 200, body: { limit: 25 } });
    expect(await limitOf()).toBe(25);
    expect(await post('/admin/users/set-limit-override', { userId: u.user.id, limit: null })).toMatchObject({
      status: 200,
      body: { limit: 10 },
    });
    expect(await limitOf()).toBe(10);
    const rows = await auditOf('users.setLimitOverride', u.user.id);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({
      reason: 'beta tester',
      before: { tickerLimitOverride: null },
      after: { tickerLimitOverride: 25 },
      admin_user_id: admin.user.id,
    });
    expect(rows[0]!.ip).toBeTruthy();
    expect((await post('/admin/users/set-limit-override', { userId: u.user.id, limit: -1 })).status).toBe(400);
  });

  it('comps PRO until a date, then ends it: the user is PRO meanwhile', async () => {
    const u = await createSignedInUser(db, { email: 'comp@example.com' });
    const me = async () => (await api.get<any>('/api/profile', { session: u.session })).body.user;
    const until = new Date(Date.now() + 30 * 86_400_000).toISOString();
    expect(
      (await post('/admin/users/comp-pro', { userId: u.user.id, until: new Date(Date.now() - 1000).toISOString() }))
        .body.error,
    ).toBe('date_in_past');
    expect(await post('/admin/users/comp-pro', { userId: u.user.id, until, reason: 'press' })).toMatchObject({
      status: 200,
      body: { isPro: true, limit: 50 },
    });
    expect(await me()).toMatchObject({ isPro: true, planType: 'pro', planStatus: 'active' });
    expect(await post('/admin/users/comp-pro', { userId: u.user.id, until: null })).toMatchObject({
      status: 200,
      body: { isPro: false },
    });
    expect(await me()).toMatchObject({ isPro: false, planType: 'free' });
    expect(await auditOf('users.compPro', u.user.id)).toHaveLength(2);
  });

  it('pauses alerts: a new filing makes no alert for the paused user, and resumes', async () => {
    const ids = await storeReplayFilings(db, ['0000899243-22-035394']);
    const filingId = [...ids.values()][0]!;
    const paused = await createSignedInUser(db, { email: 'paused@example.com' });
    const active = await createSignedInUser(db, { email: 'active@example.com' });
    for (const u of [paused, active])
      await db.execute(sql`insert into watchlist_items (user_id, ticker, forms) values (${u.user.id}, 'TSLA', '{4}')`);
    expect(
      await post('/admin/users/set-alerts-paused', { userId: paused.user.id, paused: true, reason: 'bouncing inbox' }),
    ).toMatchObject({ status: 200 });
    await db.execute(sql`delete from alert_matches where filing_id = ${filingId}`);
    await matchFiling(db, { filingId });
    const alertsOf = async (userId: string) =>
      Number(
        (
          await db.execute<{ n: number }>(
            sql`select count(*)::int as n from alerts where user_id = ${userId} and filing_id = ${filingId}`,
          )
        )[0]!.n,
      );
    expect(await alertsOf(paused.user.id)).toBe(0);
    expect(await alertsOf(active.user.id)).toBeGreaterThan(0);
    expect(await post('/admin/users/set-alerts-paused', { userId: paused.user.id, paused: false })).toMatchObject({
      status: 200,
    });
    await db.execute(sql`delete from alert_matches where filing_id = ${filingId}`);
    await matchFiling(db, { filingId });
    expect(await alertsOf(paused.user.id)).toBeGreaterThan(0);
    const rows = await auditOf('users.setAlertsPaused', paused.user.id);
    expect(rows.map((r) => r.after.alertsPausedAt === null)).toEqual([false, true]);
  });

  it('revokes the sessions: the user is signed out', async () => {
    const u = await createSignedInUser(db, { email: 'revoke@example.com' });
    expect((await api.get('/api/profile', { session: u.session })).status).toBe(200);
    expect(await post('/admin/users/revoke-sessions', { userId: u.user.id })).toMatchObject({
      status: 200,
      body: { revoked: 1 },
    });
    expect((await api.get('/api/profile', { session: u.session })).status).toBe(401);
    expect(await auditOf('users.revokeSessions', u.user.id)).toHaveLength(1);
  });

  it('deletes an account only with a reason, canceling its Stripe subscription first', async () => {
    const { user, session } = await createSignedInUser(db, { email: 'subscriber@example.com', brand: 'allfilings' });
    const checkout = await api.post<any>('/api/billing/checkout', {}, { session });
    const sessionId = (checkout.body.url as string).match(/cs_test_\w+/)![0];
    peer.payCheckout(sessionId);
    expect((await api.get<any>(`/api/billing/checkout/confirm?session_id=${sessionId}`, { session })).body.status).toBe(
      'active',
    );
    const [{ c: customerId }] = (await db.execute<{ c: string }>(
      sql`select stripe_customer_id as c from users where id = ${user.id}`,
    )) as unknown as [{ c: string }];

    const missing = await post('/admin/users/delete', { userId: user.id });
    expect(missing).toMatchObject({ status: 400, body: { error: 'reason_required' } });
    expect(missing.body.message).toContain('reason is required');
    expect(peer.subscriptionsOf(customerId)[0]!.status).toBe('active');
    expect((await post('/admin/users/delete', { userId: admin.user.id, reason: 'x' })).body.error).toBe('own_account');

    expect(
      await post('/admin/users/delete', { userId: user.id, reason: 'asked by email on 2026-11-25' }),
    ).toMatchObject({ status: 200, body: { deleted: true } });
    expect(peer.subscriptionsOf(customerId)[0]!.status).toBe('canceled');
    expect((await api.get('/api/profile', { session })).status).toBe(401);
    expect(await auditOf('users.delete', user.id)).toMatchObject([
      {
        reason: 'asked by email on 2026-11-25',
        before: { email: 'subscriber@example.com', stripeCustomerId: customerId },
        after: null,
      },
    ]);
  });
});
