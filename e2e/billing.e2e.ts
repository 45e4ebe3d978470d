import { afterAll, describe, expect, it } from 'vitest';
import { toUserDto } from '#server/domains/auth/session.service';
import { startJobRunner } from '#server/jobs/runner';
import { TASKS } from '#server/background';
import { createSignedInUser } from '#server/test/users';
import { startBrowserHarness } from './harness';

// No STRIPE_SECRET_KEY and not production: the offline default, the local test checkout, whose
// Stripe-format server delivers signed events to the app's own /api/webhooks/stripe.
const harness = await startBrowserHarness();
const runner = await startJobRunner(harness.deps, TASKS, { concurrency: 2, pollIntervalMs: 100 });
afterAll(() => runner.stop());
const db = harness.database.db;

describe('billing: a verified free user buys PRO, grows it and cancels', () => {
  it('upgrades through the test checkout; the open dashboard turns PRO and live without a reload; buys 2 packs; cancels', async () => {
    const { user, session } = await createSignedInUser(db, { email: 'subscriber@example.com' });
    const added = await fetch(`${harness.url}/api/subscribe`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-session': session },
      body: JSON.stringify({ tickers: 'AAPL,TSLA', forms: '8-K' }),
    });
    expect(added.status).toBe(200);

    // Tab 1: the dashboard, left open the whole time.
    const dashboard = await harness.newPage({ storage: { session, 'auth-user': JSON.stringify(toUserDto(user)) } });
    await dashboard.goto(`${harness.url}/`);
    await dashboard.locator('article.ticker-card[data-ticker="AAPL"]').waitFor();
    expect(await dashboard.locator('header.site-header .pro-badge').count()).toBe(0);
    expect(await dashboard.getByTestId('live-indicator').count()).toBe(0);
    await dashboard.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));

    // Tab 2: Upgrade -> the checkout page -> pay.
    const buyer = await harness.newPage({ context: dashboard.context() });
    await buyer.goto(`${harness.url}/upgrade`);
    await buyer.getByRole('button', { name: 'Continue to secure checkout' }).click();
    await buyer.waitForURL(/\/dev\/checkout\/cs_test_\w+$/);
    await buyer.getByRole('heading', { name: 'PRO plan' }).waitFor();
    expect(await buyer.getByText('$20.00 per month').count()).toBeGreaterThan(0);
    // Its style sheet passed the CSP (it carries the nonce): the pay button wears the checkout's colour.
    expect(
      await buyer.getByRole('button', { name: 'Pay $20.00' }).evaluate((b) => getComputedStyle(b).backgroundColor),
    ).toBe('rgb(99, 91, 255)');
    await harness.screenshot(buyer, 'billing-1-test-checkout');
    await buyer.getByRole('button', { name: 'Pay $20.00' }).click();
    await buyer.waitForURL(/\/billing\/success\?session_id=cs_test_/);
    await buyer.getByRole('heading', { name: 'Welcome to PRO' }).waitFor();
    expect(await buyer.locator('header.site-header .pro-badge').textContent()).toBe('PRO');
    await harness.screenshot(buyer, 'billing-2-success');
    await buyer.close();

    // Tab 1 learned of it over the websocket: PRO badge, live dashboard, no Upgrade, same document.
    await dashboard.locator('header.site-header .pro-badge').waitFor({ timeout: 30_000 });
    await expect
      .poll(() => dashboard.getByTestId('live-indicator').getAttribute('data-state'), { timeout: 30_000 })
      .toBe('pending');
    expect(await dashboard.getByRole('link', { name: 'Upgrade' }).count()).toBe(0);
    await expect.poll(() => dashboard.getByTestId('ticker-counter').textContent()).toBe('2 / 50 tickers');
    expect(await dashboard.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(
      true,
    );
    await harness.screenshot(dashboard, 'billing-3-dashboard-pro-live');

    // Settings in the same document: real-time alerts, then 2 add-on packs with the prorated price.
    await dashboard.getByRole('link', { name: 'Settings' }).click();
    await dashboard.getByText('PRO: alerts are sent as soon as a filing is scored.').waitFor();
    await dashboard
      .getByTestId('plan-line')
      .getByText(/renews on/)
      .waitFor();
    await dashboard.getByRole('button', { name: 'One pack more' }).click();
    await dashboard.getByRole('button', { name: 'One pack more' }).click();
    await dashboard
      .getByText(/^You pay \$\d+\.\d\d now for the rest of this billing period, then \$30\.00\/month\./)
      .waitFor();
    await harness.screenshot(dashboard, 'billing-4-addon-preview');
    await dashboard.getByRole('button', { name: 'Buy 2 packs' }).click();
    await dashboard.getByText('Done: 2 add-on packs, 90 tickers.').waitFor();
    await expect.poll(() => dashboard.getByTestId('settings-ticker-limit').textContent()).toBe('90 tickers');

    // Cancel at period end: PRO stays, with its end date and a Resume button.
    await dashboard.getByRole('button', { name: 'Cancel subscription' }).click();
    await dashboard.getByRole('dialog').getByRole('button', { name: 'Cancel subscription' }).click();
    await dashboard
      .getByTestId('plan-line')
      .getByText(/PRO until [A-Z][a-z]+ \d{1,2}, \d{4}/)
      .waitFor();
    await dashboard.getByRole('button', { name: 'Resume subscription' }).waitFor();
    expect(await dashboard.locator('header.site-header .pro-badge').count()).toBe(1);
    expect(await dashboard.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(
      true,
    );
    expect(await harness.seriousA11yViolations(dashboard)).toEqual([]);
    await harness.screenshot(dashboard, 'billing-5-pro-until');
  });
});

describe('billing by brand', () => {
  it('gives a free visitor of the all-filings brand with ?ticker= the pricing landing, and sends Form 4 upgrades there', async () => {
    const visitor = await harness.newPage();
    await visitor.goto(`${harness.url}/?brand=allfilings&ticker=MSFT`);
    await visitor.getByText('Subscribe to follow every filing of MSFT.').waitFor();
    await visitor.getByRole('link', { name: 'Start Subscription' }).first().waitFor();
    expect(await visitor.getByRole('combobox', { name: 'Tickers or company names' }).count()).toBe(0);
    expect(await visitor.getByRole('checkbox', { name: '13F' }).count()).toBe(0);
    await harness.screenshot(visitor, 'billing-6-allfilings-ticker-landing');

    const { user, session } = await createSignedInUser(db, { email: 'insider-fan@example.com', brand: 'form4' });
    const form4 = await harness.newPage({ storage: { session, 'auth-user': JSON.stringify(toUserDto(user)) } });
    await form4.goto(`${harness.url}/?brand=form4`);
    const upgrade = form4.getByRole('banner').getByRole('link', { name: 'Upgrade' });
    expect(await upgrade.getAttribute('href')).toBe('/upgrade?brand=allfilings');
    await form4.goto(`${harness.url}/upgrade?brand=form4`);
    await form4.getByText('Insider Trades Alerts is free and does not sell subscriptions.').waitFor();
    expect(await form4.getByRole('button', { name: 'Continue to secure checkout' }).count()).toBe(0);
  });
});
