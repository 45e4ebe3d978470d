import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { toUserDto } from '#server/domains/auth/session.service';
import { createSignedInUser } from '#server/test/users';
import { startBrowserHarness } from './harness';

const harness = await startBrowserHarness();
const db = harness.deps.db;

describe('admin console: overview, users, activity, stripe setup', () => {
  it('an admin signs in, looks after a user and reads the logs', async () => {
    const admin = await createSignedInUser(db, { email: 'admin@example.com', isAdmin: true });
    const target = await createSignedInUser(db, { email: 'customer@example.com', phone: '+12025550161' });
    await db.execute(
      sql`insert into watchlist_items (user_id, ticker, forms) values (${target.user.id}, 'TSLA', '{4,8-K}'), (${target.user.id}, 'AAPL', '{8-K}')`,
    );
    // A failed sign-in code, so the security log has something real to show.
    await fetch(`${harness.url}/api/verify-login-code`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ identifier: '+12025550199', code: '123456' }),
    });

    const page = await harness.newPage({
      width: 1280,
      height: 900,
      storage: { session: admin.session, 'auth-user': JSON.stringify(toUserDto(admin.user)) },
    });
    await page.goto(`${harness.url}/admin`);
    await page.waitForURL(`${harness.url}/admin/login`);
    await page.getByRole('button', { name: 'Open the admin area' }).click();
    await page.waitForURL(`${harness.url}/admin`);

    // Overview
    await page.getByRole('region', { name: 'Ingestion' }).waitFor();
    expect(await page.getByRole('region', { name: 'Users and revenue' }).textContent()).toContain('Verified2');
    await harness.screenshot(page, 'admin-overview');
    expect(await harness.seriousA11yViolations(page)).toEqual([]);

    // Users: search, open, act
    await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Users' }).click();
    await page.getByLabel('Email, phone, user id or ticker').fill('customer@');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByRole('link', { name: 'customer@example.com' }).waitFor();
    await expect.poll(() => page.getByRole('row').count()).toBe(2);
    await harness.screenshot(page, 'admin-users-search');
    expect(await harness.seriousA11yViolations(page)).toEqual([]);
    await page.getByRole('link', { name: 'customer@example.com' }).click();
    await page.getByRole('heading', { name: 'customer@example.com' }).waitFor();
    expect(await page.getByRole('region', { name: 'Plan and billing' }).textContent()).toContain('2 of 10');

    await page.getByRole('button', { name: 'Set ticker limit' }).click();
    await page.getByLabel("Limit (empty: the plan's)").fill('30');
    await page.getByRole('dialog').getByLabel('Reason (optional)').fill('beta tester');
    await page.getByRole('button', { name: 'Save limit' }).click();
    await page.getByText('2 of 30 (override)').waitFor();

    await page.getByRole('button', { name: 'Comp PRO' }).click();
    await page.getByLabel('Until', { exact: true }).fill('2030-01-31');
    await page.getByRole('button', { name: 'Save comp' }).click();
    await page.getByText('PRO (comp)').waitFor();

    await page.getByRole('button', { name: 'Pause alerts' }).click();
    await page.getByRole('button', { name: 'Pause', exact: true }).click();
    await page.getByRole('button', { name: 'Resume alerts' }).waitFor();
    await harness.screenshot(page, 'admin-user-page');
    expect(await harness.seriousA11yViolations(page)).toEqual([]);

    // Deleting needs a reason: the dialog says so and nothing happens without one.
    await page.getByRole('button', { name: 'Delete account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete this account?' });
    await dialog.getByRole('button', { name: 'Delete account' }).click();
    await dialog.getByRole('alert').filter({ hasText: 'Say why' }).waitFor();
    await harness.screenshot(page, 'admin-user-delete-dialog');
    expect(await harness.seriousA11yViolations(page)).toEqual([]);
    await dialog.getByLabel('Reason (required)').fill('Asked by email to close the account');
    await dialog.getByRole('button', { name: 'Delete account' }).click();
    await page.getByRole('status').filter({ hasText: 'customer@example.com was deleted.' }).waitFor();
    const [gone] = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from users where id = ${target.user.id}`,
    );
    expect(gone?.n).toBe(0);

    // Activity: the audit log holds every change above; the security log the failed code.
    await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Activity' }).click();
    await page.getByRole('cell', { name: 'users.delete' }).waitFor();
    for (const action of ['users.setLimitOverride', 'users.compPro', 'users.setAlertsPaused'])
      await page.getByRole('cell', { name: action }).waitFor();
    await harness.screenshot(page, 'admin-activity-audit');
    expect(await harness.seriousA11yViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Security events' }).click();
    await page.getByRole('cell', { name: '•••-•••-0199' }).waitFor();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    expect((await download).suggestedFilename()).toMatch(/^security-events-\d{4}-\d\d-\d\d\.csv$/);
    await harness.screenshot(page, 'admin-activity-security');
    expect(await harness.seriousA11yViolations(page)).toEqual([]);

    // Stripe setup (no key in tests: the local test checkout, with the steps to go live).
    await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Stripe setup' }).click();
    await page.getByRole('heading', { name: 'Steps to finish setup' }).waitFor();
    expect(await page.getByRole('row', { name: /Prices by lookup key/ }).textContent()).toContain('OK');
    await harness.screenshot(page, 'admin-stripe-setup');
    expect(await harness.seriousA11yViolations(page)).toEqual([]);

    // The credential is an HttpOnly, SameSite=Strict cookie scoped to /trpc: no script on the page
    // can read it, and local storage holds only the marker.
    const cookie = (await page.context().cookies()).find((c) => c.name === 'admin_session')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/trpc' });
    expect(await page.evaluate(() => localStorage.getItem('adminAuth'))).toBe('cookie');
    expect(await page.evaluate(() => document.cookie)).not.toContain('admin_session');
    // Signing out of admin ends the credential at the server too.
    const bearer = cookie.value;
    await page.getByRole('button', { name: 'Sign out of admin' }).click();
    await page.waitForURL(`${harness.url}/admin/login`);
    const after = await fetch(`${harness.url}/api/admin/me`, { headers: { authorization: `Bearer ${bearer}` } });
    expect(after.status).toBe(401);
  });
});
