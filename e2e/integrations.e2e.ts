/**
 * Settings -> API tokens and Webhooks in Chromium at phone width (issue #31): a token made,
 * shown once and working as a bearer; a webhook added and tested against a receiver peer on
 * 127.0.0.1 that verifies the signature with the secret the page showed. Light and dark, axe clean.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { toUserDto } from '#server/domains/auth/session.service';
import { startWebhookReceiver } from '#server/test/peers/webhook-receiver';
import { createSignedInUser } from '#server/test/users';
import { startBrowserHarness } from './harness';

const receiver = await startWebhookReceiver();
afterAll(() => receiver.close());
const harness = await startBrowserHarness({ env: { WEBHOOKS_ALLOW_LOOPBACK: 'true' } });
const db = harness.deps.db;

describe('settings: API tokens and webhooks', () => {
  it('creates a token shown once, adds a webhook and sends a test (390 px, light and dark)', {
    timeout: 120_000,
  }, async () => {
    const { user, session } = await createSignedInUser(db, {
      email: 'trader@example.com',
      planType: 'pro',
      planStatus: 'active',
    });
    const storage = { session, 'auth-user': JSON.stringify(toUserDto(user)) };
    const page = await harness.newPage({ width: 390, height: 844, storage });
    await page.goto(`${harness.url}/settings#api-tokens`);
    const tokens = page.getByRole('region', { name: 'API tokens' });
    await tokens.getByText('No tokens yet.').waitFor();
    await tokens.getByLabel('Token name').fill('Portfolio script');
    await tokens.getByLabel('Access').selectOption('write');
    await tokens.getByRole('button', { name: 'Create token' }).click();
    const shown = tokens.getByTestId('new-token');
    await shown.waitFor();
    const token = (await shown.locator('code').textContent())!;
    expect(token).toMatch(/^fa_pat_[A-Za-z0-9_-]{43}$/);
    await tokens.getByTestId('api-token').waitFor();
    expect(await tokens.getByTestId('api-token').textContent()).toContain('read and write');
    // The token works as a script would use it.
    const listed = await fetch(`${harness.url}/api/tokens`, { headers: { authorization: `Bearer ${token}` } });
    expect(listed.status).toBe(200);
    expect(await harness.seriousA11yViolations(page)).toEqual([]);
    await tokens.scrollIntoViewIfNeeded();
    await harness.screenshot(page, 'settings-api-token-created');
    await tokens.getByRole('button', { name: 'Done' }).click();
    expect(await shown.count()).toBe(0);

    const hooks = page.getByRole('region', { name: 'Webhooks' });
    await hooks.getByLabel('Endpoint URL').fill(`${receiver.url}/browser-hook`);
    await hooks.getByLabel('Format').selectOption('json');
    await hooks.getByRole('button', { name: 'Add webhook' }).click();
    const secretBox = hooks.getByTestId('webhook-secret');
    await secretBox.waitFor();
    const secret = (await secretBox.locator('code').textContent())!;
    expect(secret).toMatch(/^fa_whsec_/);
    receiver.secretFor('/browser-hook', secret);
    await hooks.getByRole('button', { name: /^Send test/ }).click();
    await hooks.getByText('Test sent: your endpoint answered 200.').waitFor();
    const got = await receiver.received.waitFor((r) => r.path === '/browser-hook', 5000, 'browser test hook');
    expect(got.signatureValid).toBe(true);
    expect(got.json.type).toBe('test');
    expect(await harness.seriousA11yViolations(page)).toEqual([]);
    await harness.screenshot(page, 'settings-webhooks-test-sent');

    const dark = await harness.newPage({ width: 390, height: 844, storage });
    // The theme follows the system by default (System / Light / Dark): a dark device shows it dark.
    await dark.emulateMedia({ colorScheme: 'dark' });
    await dark.goto(`${harness.url}/settings#webhooks`);
    await dark.locator('html[data-theme="dark"]').first().waitFor();
    await dark.getByRole('region', { name: 'Webhooks' }).getByTestId('webhook').waitFor();
    await dark.getByRole('region', { name: 'API tokens' }).getByTestId('api-token').waitFor();
    expect(await harness.seriousA11yViolations(dark)).toEqual([]);
    await harness.screenshot(dark, 'settings-integrations-dark');
  });
});
