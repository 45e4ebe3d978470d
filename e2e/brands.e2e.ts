import { describe, expect, it } from 'vitest';
import { BRANDS } from '#shared/brands';
import { startBrowserHarness } from './harness';

// Three brand hosts resolved by Chromium to the test server, as DNS would in production.
const HOSTS = { '8k': 'eightk.test', form4: 'insiders.test', allfilings: 'allfilings.test' } as const;
const harness = await startBrowserHarness({
  env: {
    BRAND_HOSTS: Object.entries(HOSTS)
      .map(([brand, host]) => `${host}=${brand}`)
      .join(','),
  },
  hosts: Object.values(HOSTS),
});
const port = new URL(harness.url).port;
const origin = (host: string) => `http://${host}:${port}`;

describe('journey 5: every brand on its own host', () => {
  it.each([
    ['8k', HOSTS['8k']],
    ['form4', HOSTS.form4],
  ] as const)('the %s brand shows its own landing page on %s', async (brand, host) => {
    const config = BRANDS[brand];
    const page = await harness.newPage();
    // A ?brand= on a real host changes nothing: the host decides.
    await page.goto(`${origin(host)}/?brand=allfilings`);
    await page.getByRole('heading', { level: 1, name: config.copy.heroTitle }).waitFor();
    expect(await page.title()).toBe(`${config.brandName} — ${config.tagline}`);
    const body = (await page.textContent('body')) ?? '';
    expect(body).toContain(config.tagline);
    for (const card of config.copy.featureCards) expect(body).toContain(card.title);
    // A card naming one of our pages links to it (the 8-K brand's "measured delay on /latency").
    if (config.copy.featureCards.some((card) => card.text.includes(' /latency')))
      expect(await page.getByRole('link', { name: '/latency' }).getAttribute('href')).toBe('/latency');
    expect(body).toContain('provided as is, not investment advice');
    expect(await page.getByRole('button', { name: 'Add Your First Ticker' }).isVisible()).toBe(true);
    const primary = await page.evaluate(() =>
      getComputedStyle(document.documentElement).getPropertyValue('--brand-primary').trim(),
    );
    expect(primary).toBe(config.ui.primaryColor);
    expect(await harness.seriousA11yViolations(page)).toEqual([]);

    // Step 1 follows the brand's forms: the Form 4 brand lists Form 4 first, and skips form choice.
    await page.getByRole('button', { name: 'Add Your First Ticker' }).click();
    await page.getByRole('button', { name: /Back/ }).waitFor();
    if (brand === 'form4') {
      expect(await page.getByText('Following 4.').isVisible()).toBe(true);
      await page.getByRole('button', { name: 'Choose form types' }).click();
    }
    const firstForm = await page
      .locator('table.form-types tbody tr')
      .first()
      .locator('.form-types__form')
      .textContent();
    expect(firstForm).toBe(config.forms.primaryForm);
    await page.getByRole('button', { name: /Back/ }).click();
    await page.getByRole('button', { name: 'Add Your First Ticker' }).waitFor();
    await harness.screenshot(page, `journey5-brand-${brand}`);
  });

  it('the all-filings brand greets visitors with its pricing and links to both free sister tools', async () => {
    const page = await harness.newPage();
    await page.goto(`${origin(HOSTS.allfilings)}/`);
    await page.getByRole('heading', { level: 1, name: BRANDS.allfilings.copy.heroTitle }).waitFor();
    const body = (await page.textContent('body')) ?? '';
    expect(body).toContain('$20/month');
    expect(body).toMatch(/Cancel anytime/);
    expect(body).toContain('50 tickers');
    expect(await page.getByRole('link', { name: 'Start Subscription' }).getAttribute('href')).toBe('/upgrade');
    expect(await page.getByRole('main').getByRole('link', { name: 'Login' }).getAttribute('href')).toBe('/login');
    expect(await page.getByRole('button', { name: 'Add Your First Ticker' }).count()).toBe(0);
    const sisters = page.locator('a.sister-card');
    expect(await sisters.evaluateAll((links) => links.map((a) => (a as HTMLAnchorElement).href))).toEqual([
      `${origin(HOSTS['8k'])}/`,
      `${origin(HOSTS.form4)}/`,
    ]);
    expect(await harness.seriousA11yViolations(page)).toEqual([]);
    await harness.screenshot(page, 'journey5-brand-allfilings');

    await page.getByRole('link', { name: 'Start Subscription' }).click();
    await page.getByRole('heading', { name: 'Upgrade to PRO' }).waitFor();
    // A visitor must have a verified account before checkout (billing.e2e.ts buys through the test checkout).
    await page.getByText('A subscription belongs to a verified account.').waitFor();
    expect(await page.getByRole('button', { name: 'Continue to secure checkout' }).count()).toBe(0);
    // This brand's dashboard is its price card, with no contact form: the way on is signing in, not a loop back.
    expect(await page.getByText('add a contact from the dashboard').count()).toBe(0);
    await page.getByRole('link', { name: 'Sign in to subscribe' }).click();
    await page.waitForURL(`${origin(HOSTS.allfilings)}/login`);
    // Its pricing page does not promise a free watchlist "right away": the free tools are the sister brands.
    await page.goto(`${origin(HOSTS.allfilings)}/pricing`);
    await page.getByText('Do I need an account?').waitFor();
    expect(await page.getByText('Your watchlist works right away').count()).toBe(0);
    expect(await page.getByText('Start free with the filings').count()).toBe(0);
    expect(await page.getByRole('link', { name: 'See our free tools' }).getAttribute('href')).toBe('/');

    await page.goto(`${origin(HOSTS.allfilings)}/`);
    await sisters.filter({ hasText: BRANDS.form4.brandName }).click();
    await page.waitForURL(`${origin(HOSTS.form4)}/`);
    await page.getByRole('heading', { level: 1, name: BRANDS.form4.copy.heroTitle }).waitFor();
  });

  it('has an accessible pricing page with the add-on anchor', async () => {
    const page = await harness.newPage();
    await page.goto(`${origin(HOSTS['8k'])}/pricing#add-ons`);
    await page.getByRole('heading', { name: 'Ticker add-on' }).waitFor();
    expect(await page.locator('#add-ons').textContent()).toContain('+20 tickers');
    expect(await page.locator('#add-ons').textContent()).toContain('$5');
    expect(await harness.seriousA11yViolations(page)).toEqual([]);
    await harness.screenshot(page, 'pricing');
    // The Form 4 brand has billing off: its upgrade page sends visitors to the paid sister brand.
    await page.goto(`${origin(HOSTS.form4)}/upgrade`);
    await page.getByText(`${BRANDS.form4.brandName} is free and does not sell subscriptions.`).waitFor();
    expect(await page.getByRole('link', { name: BRANDS.allfilings.brandName }).getAttribute('href')).toBe(
      `${origin(HOSTS.allfilings)}/upgrade`,
    );
  });
});
