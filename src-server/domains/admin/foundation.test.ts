/**
 * The admin console's foundation: the append-only audit table, the audited mutation helper
 * (one transaction, reason required when destructive) and REST exposure of every admin procedure
 * behind the bearer admin session.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { adminAudit } from '../../db/schema';
import { buildCaller } from '../../transport/caller';
import { contextOf } from '../../transport/trpc/context';
import { appRouter } from '../../transport/trpc/app-router';
import { createCallerFactory, router } from '../../transport/trpc/init';
import { procedurePaths } from '../../transport/rest/table';
import { adminApi, createAdminBearer } from '../../test/admin';
import { startTestApp } from '../../test/app';
import { createSignedInUser } from '../../test/users';
import { createSession } from '../auth/session.service';
import { ADMIN_REST } from './admin.rest';
import { adminMutation, REASON_REQUIRED_MESSAGE } from './admin-procedure';
import { recordAudit } from './audit';

const { url, deps } = await startTestApp();
const admin = await createAdminBearer(deps.db);

describe('admin REST', () => {
  it('has a row under /api/admin for every admin procedure', async () => {
    const rows = new Set(ADMIN_REST.map((r) => r.procedure));
    const adminProcedures = [...procedurePaths(appRouter)].filter((p) => p.startsWith('admin.'));
    expect(adminProcedures.filter((p) => !rows.has(p))).toEqual([]);
    expect(ADMIN_REST.every((r) => r.path.startsWith('/admin/') && r.auth === 'admin')).toBe(true);
  });

  it('answers the admin bearer and refuses everyone else with 401/403 and no data', async () => {
    await recordAudit(deps.db, {
      adminUserId: admin.user.id,
      action: 'test.seed',
      target: { type: 'user', id: admin.user.id },
      ip: '127.0.0.1',
    });
    const ok = await adminApi(url, '/admin/activity/audit', { bearer: admin.bearer });
    expect(ok.status).toBe(200);
    expect(ok.body.items.length).toBeGreaterThan(0);

    const user = await createSignedInUser(deps.db, { email: 'someone@example.com' });
    // A non-admin's own admin-kind session (as if minted before the flag was removed).
    const { token: nonAdminBearer } = await createSession(deps.db, { userId: user.user.id, kind: 'admin' });
    const expired = await createAdminBearer(deps.db, { email: 'expired-admin@example.com' });
    await deps.db.execute(
      sql`update sessions set last_seen_at = now() - interval '31 minutes' where user_id = ${expired.user.id} and kind = 'admin'`,
    );
    const attempts: { name: string; bearer?: string | null; headers?: Record<string, string> }[] = [
      { name: 'anonymous' },
      { name: 'user session as bearer', bearer: user.session },
      { name: 'user session as X-Session', headers: { 'x-session': user.session } },
      { name: 'admin user session (not the admin credential)', bearer: admin.session },
      { name: 'non-admin with an admin-kind session', bearer: nonAdminBearer },
      { name: 'forged token', bearer: 'a'.repeat(43) },
      { name: 'idle more than 30 minutes', bearer: expired.bearer },
    ];
    for (const attempt of attempts) {
      const answer = await adminApi(url, '/admin/activity/audit', { bearer: attempt.bearer, headers: attempt.headers });
      expect([401, 403], attempt.name).toContain(answer.status);
      expect(answer.body.items, attempt.name).toBeUndefined();
    }
  });

  it('refuses an admin write sent from another site, even with the bearer', async () => {
    const answer = await adminApi(url, '/admin/undo-thread-link', {
      bearer: admin.bearer,
      body: { linkId: 1 },
      origin: 'https://evil.example',
    });
    expect(answer.status).toBe(403);
    expect(answer.body.error).toBe('cross_site_request');
  });
});

describe('admin_audit', () => {
  it('is append-only: UPDATE, DELETE and TRUNCATE are refused', async () => {
    const row = await recordAudit(deps.db, {
      adminUserId: admin.user.id,
      action: 'test.append',
      target: { type: 'user', id: 'x' },
    });
    await expect(
      deps.db.execute(sql`update admin_audit set reason = 'rewritten' where id = ${row.id}`),
    ).rejects.toThrow();
    await expect(deps.db.execute(sql`delete from admin_audit where id = ${row.id}`)).rejects.toThrow();
    await expect(deps.db.execute(sql`truncate admin_audit`)).rejects.toThrow();
    const [still] = await deps.db.select().from(adminAudit).where(sql`id = ${row.id}`);
    expect(still?.reason).toBeNull();
  });
});

describe('adminMutation', () => {
  const calls: string[] = [];
  const testRouter = router({
    wipe: adminMutation({
      action: 'test.wipe',
      destructive: true,
      input: { name: z.string() },
      run: async ({ name }, { tx }) => {
        calls.push(name);
        await tx.execute(sql`select 1`);
        if (name === 'boom') throw new Error('change failed');
        return { target: { type: 'thing', id: name }, before: { name }, after: null, result: { wiped: name } };
      },
    }),
  });
  const callerFor = (bearer: string | null) =>
    createCallerFactory(testRouter)(
      contextOf(
        buildCaller(deps, {
          transport: 'http',
          ip: '203.0.113.9',
          headers: bearer ? { authorization: `Bearer ${bearer}` } : {},
        }),
      ),
    );
  const rowsFor = (id: string) =>
    deps.db.select().from(adminAudit).where(sql`action = 'test.wipe' and target_id = ${id}`);

  it('refuses a destructive change without a reason before running it', async () => {
    await expect(callerFor(admin.bearer).wipe({ name: 'a' })).rejects.toThrow(REASON_REQUIRED_MESSAGE);
    await expect(callerFor(admin.bearer).wipe({ name: 'a', reason: '   ' })).rejects.toThrow(REASON_REQUIRED_MESSAGE);
    expect(calls).not.toContain('a');
    expect(await rowsFor('a')).toEqual([]);
  });

  it('writes the audit row with the change: admin, action, target, before/after, reason, ip', async () => {
    expect(await callerFor(admin.bearer).wipe({ name: 'b', reason: 'customer asked' })).toEqual({ wiped: 'b' });
    const [row] = await rowsFor('b');
    expect(row).toMatchObject({
      adminUserId: admin.user.id,
      targetType: 'thing',
      before: { name: 'b' },
      after: null,
      reason: 'customer asked',
      ip: '203.0.113.9',
    });
  });

  it('writes no row when the change fails, and refuses callers without the admin bearer', async () => {
    await expect(callerFor(admin.bearer).wipe({ name: 'boom', reason: 'x' })).rejects.toThrow();
    expect(await rowsFor('boom')).toEqual([]);
    await expect(callerFor(null).wipe({ name: 'c', reason: 'x' })).rejects.toThrow('Admin sign-in required.');
    await expect(callerFor(admin.session).wipe({ name: 'c', reason: 'x' })).rejects.toThrow('Admin sign-in required.');
    expect(calls).not.toContain('c');
  });
});
