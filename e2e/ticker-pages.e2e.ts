import type { Page } from 'playwright-core';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { toUserDto } from '#server/domains/auth/session.service';
import { createChatClient } from '#server/integrations/llm/chat-client';
import { startLlmPeer } from '#server/test/peers/llm';
import { createSignedInUser } from '#server/test/users';
import { join } from 'node:path';
import { loadTestEnv } from '#server/config/test-env';
import { startBrowserHarness } from './harness';
import { replaySettled } from './replay-settled';

// The real pipeline as `npm start` runs it offline: the EDGAR replay releases its recorded
// filings, the app's workers store them, and the price history worker loads the shipped daily
// prices. AI analysis goes to a loopback OpenAI-format peer.
const ANALYSIS =
  'Tesla disclosed an insider sale under a trading plan. The size is small next to the holding; watch for further plan sales.';
const llm = await startLlmPeer(() => ANALYSIS);
const harness = await startBrowserHarness({
  workers: true,
  env: { EDGAR_REPLAY_INITIAL: '1000', EDGAR_POLL_SECONDS: '1', EDGAR_REPLAY_INTERVAL_SECONDS: '3600' },
  customise: (deps) => ({
    ...deps,
    llm: createChatClient({ baseUrl: llm.baseUrl, model: 'peer-model', timeoutMs: 5_000 }),
  }),
});
const db = harness.database.db;

async function count(query: ReturnType<typeof sql>): Promise<number> {
  const [row] = await db.execute<{ n: number }>(query);
  return row?.n ?? 0;
}

// The replayed Tesla and Apple filings and Tesla's daily prices, stored and no longer moving: the
// timeline filter test counts Apple's cards, which must not change under it.
beforeAll(async () => {
  await replaySettled(db, async () => {
    const tesla4 = await count(
      sql`select count(*)::int as n from filings where cik = 1318605 and catalogue_form = '4'`,
    );
    const apple = await count(sql`select count(distinct catalogue_form)::int as n from filings where cik = 320193`);
    const teslaBars = await count(sql`select count(*)::int as n from price_bars where ticker = 'TSLA'`);
    return tesla4 >= 3 && apple >= 2 && teslaBars > 1000;
  });
}, 300_000);

async function signedIn(values: Parameters<typeof createSignedInUser>[1], tickers: string): Promise<Page> {
  const { user, session } = await createSignedInUser(db, values);
  const subscribed = await fetch(`${harness.url}/api/subscribe`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-session': session, 'x-brand': 'form4' },
    body: JSON.stringify({ tickers, forms: '4' }),
  });
  expect(subscribed.status).toBe(200);
  return harness.newPage({ storage: { session, 'auth-user': JSON.stringify(toUserDto(user)) } });
}

let dashboard: Page;

describe('from the dashboard to the ticker page', () => {
  it('opens the enhanced page from Details: header, quote line, chart markers for the replayed filings', async () => {
    const page = await signedIn({ email: 'free@example.com' }, 'TSLA,AAPL');
    dashboard = page;
    await page.goto(`${harness.url}/?brand=form4`);
    await page.locator('article.ticker-card[data-ticker="TSLA"]').waitFor();
    // The app runs on the replay: the dashboard says the filings are recorded, each card gives the real filing day.
    expect(await page.getByTestId('replay-note').textContent()).toMatch(
      /^Recorded filings: this server replays real SEC filings recorded earlier/,
    );
    await expect
      .poll(() => page.locator('article.ticker-card[data-ticker="TSLA"] .latest-filing__recorded').textContent())
      .toMatch(/^Recorded filing, filed [A-Z][a-z]{2} \d{1,2}, \d{4}$/);
    expect(await harness.seriousA11yViolations(page)).toEqual([]);
    await harness.screenshot(page, 'dashboard-recorded-filings');
    await page.getByRole('button', { name: 'Table', exact: true }).click();
    expect(await page.locator('tr[data-ticker="TSLA"] time').first().textContent()).toMatch(/^Recorded, filed /);
    const row = page.locator('tr[data-ticker="TSLA"]');
    await expect.poll(() => row.getByTestId('unseen-badge').count()).toBe(1);
    await row.getByRole('link', { name: 'Details for TSLA' }).click();

    await page.waitForURL(/\/ticker\/TSLA$/);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Tesla, Inc.');
    expect(await page.getByTestId('quote-line').textContent()).toMatch(/Last close .*from stored daily prices/);
    const chart = page.getByTestId('price-chart');
    await chart.waitFor();
    await expect.poll(() => page.getByTestId('chart-marker').count(), { timeout: 30_000 }).toBeGreaterThanOrEqual(3);
    expect(await page.locator('canvas').count()).toBeGreaterThan(0);

    // Hovering a marker shows the filing's one-liner, the same text as its card below.
    const marker = page.locator('[data-testid="chart-marker"][data-day^="2022-11"]');
    await page.locator('.tp-chart').scrollIntoViewIfNeeded();
    await marker.hover();
    const tooltip = page.getByTestId('chart-tooltip');
    await tooltip.waitFor();
    const oneLiner = await page
      .locator('article[data-form="4"]')
      .filter({ hasText: 'Elon Musk' })
      .first()
      .locator('.tp-filing__title')
      .textContent();
    // The weekly series puts the filing on its week's last session; the tooltip gives the filing day.
    expect(await tooltip.textContent()).toContain('Week ending Nov 11, 2022');
    expect(await tooltip.textContent()).toContain('Nov 8, 2022');
    expect(await tooltip.textContent()).toMatch(/Elon Musk/);
    expect(oneLiner).toMatch(/Elon Musk/);
    await page.screenshot({
      path: join(loadTestEnv().SCREENSHOT_DIR, 'ticker-page-tsla-chart-hover.png'),
      clip: (await page.locator('.tp-chart').boundingBox())!,
    });
    await page.mouse.move(0, 0);

    // Form 4 rows: the transaction table in words, owners linked to their insider page.
    const musk = page.locator('article[data-form="4"]').filter({ hasText: 'Elon Musk sold 4,400,000 shares' });
    expect(await musk.locator('tbody tr').count()).toBe(6);
    await musk.getByRole('button', { name: 'Show all 9 rows' }).click();
    expect(await musk.locator('tbody tr').count()).toBe(9);
    expect(await musk.locator('tbody tr').first().textContent()).toMatch(/Open-market sale/);
    expect(await musk.locator('a[href="/insider/cik/1494730"]').count()).toBeGreaterThan(0);
    expect(await page.locator('.tp-new').count()).toBeGreaterThan(0);

    // Insider trading on collapsed trades (issue #16): the 90 days to Tesla's latest recorded trade,
    // dated, one trade per real sale, and no cluster.
    const insiders = page.locator('section.tp-insiders');
    expect(await insiders.getByRole('heading', { level: 2 }).textContent()).toBe('Insider trading');
    expect(await insiders.locator('.tp-insiders__window').textContent()).toMatch(
      /from \d{4}-\d{2}-\d{2} to \d{4}-\d{2}-\d{2} \(90 days to the latest trade on record\)/,
    );
    expect(await insiders.locator('.tp-insiders__net').textContent()).toMatch(/^Net sold [\d,]+ shares \(\$/);
    expect(await insiders.locator('.in-totals').textContent()).toMatch(/1 insider(?!s)/);
    expect(await insiders.locator('.tp-insiders__cluster').textContent()).toMatch(/^No cluster buying or selling/);
    await insiders.scrollIntoViewIfNeeded();
    await page.screenshot({
      path: join(loadTestEnv().SCREENSHOT_DIR, 'ticker-page-tsla-insider-activity.png'),
      clip: (await insiders.boundingBox())!,
    });
    expect(await harness.seriousA11yViolations(page)).toEqual([]);
    await harness.screenshot(page, 'ticker-page-tsla');
  });

  it('marks the filings seen: back on the dashboard the badge is gone', async () => {
    const page = dashboard;
    await page.goBack();
    await page.locator('tr[data-ticker="TSLA"]').waitFor();
    await expect.poll(() => page.locator('tr[data-ticker="TSLA"]').getByTestId('unseen-badge').count()).toBe(0);
    expect(await page.locator('tr[data-ticker="AAPL"]').getByTestId('unseen-badge').count()).toBe(1);
  });

  it('filters the timeline by form and importance, keeps them in the URL and pages with Load more', async () => {
    const page = dashboard;
    await page.goto(`${harness.url}/ticker/AAPL`);
    await page.getByRole('heading', { level: 1, name: 'Apple Inc.' }).waitFor();
    const cards = page.locator('.tp-filing');
    await cards.first().waitFor();
    const all = await cards.count();
    await page.getByRole('button', { name: /^8-K \d/ }).click();
    await page.waitForURL(/form=8-K/);
    await expect.poll(() => cards.count()).toBeLessThan(all);
    expect(await page.locator('.tp-filing .form-tag').allTextContents()).toEqual(expect.arrayContaining(['8-K']));
    for (const form of await page
      .locator('.tp-filing')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-form'))))
      expect(form).toMatch(/^8-K/);
    // The 8-K items read in words.
    expect(await page.locator('.tp-items').first().textContent()).toMatch(/Item 8\.01 Other Events/);
    await page.getByRole('button', { name: 'Clear filters' }).first().click();
    await expect.poll(() => cards.count()).toBe(all);
  });
});

describe('insider pages', () => {
  it('opens the insider page from the Form 4 summary on the dashboard', async () => {
    const page = dashboard;
    await page.goto(`${harness.url}/?brand=form4`);
    await page.getByRole('button', { name: 'Cards', exact: true }).click();
    const banner = page.locator('article.ticker-card[data-ticker="TSLA"] .latest-filing');
    const link = banner.locator('a[href^="/insider/"]');
    const name = (await link.textContent())!.replace(
      / (bought|sold|traded|exercised or converted|was granted|had|gifted|received|reported).*$/,
      '',
    );
    await link.click();
    await page.waitForURL(/\/insider\/cik\/\d+$/);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(name);
    expect(await page.locator('.in-company').count()).toBe(1);
    expect(await page.locator('.in-company h3').textContent()).toMatch(/^TSLA/);
    // One reported day (the newest replayed Form 4 is a single day's trades): the holding in words.
    await page.locator('.in-holdings__list, [data-testid="holdings-chart"]').first().waitFor();
    expect(await page.locator('.in-transactions tbody tr').count()).toBeGreaterThan(0);
    expect(await harness.seriousA11yViolations(page)).toEqual([]);
    await harness.screenshot(page, 'insider-from-dashboard');
  });

  it("shows Elon Musk's profile by name, and a clear not-found page for an unknown insider", async () => {
    const page = dashboard;
    await page.goto(`${harness.url}/insider/elon%20musk`);
    await page.getByRole('heading', { level: 1, name: 'Elon Musk' }).waitFor();
    expect(await page.locator('.in-totals__sold').textContent()).toMatch(/4,400,000 shares/);
    // Totals on collapsed trades: the nine price rows of 2022-11-08 are one trade.
    expect(await page.locator('.in-company__period').textContent()).toMatch(/\d+ trades \(\d+ filed rows\)/);
    expect(await page.locator('.in-company .tp-insiders__net').textContent()).toMatch(
      /^Net sold 4,400,000 shares \(\$843\.\d\dM\) in the open market$/,
    );
    expect(await harness.seriousA11yViolations(page)).toEqual([]);
    await page.getByTestId('holdings-chart').first().waitFor();
    await harness.screenshot(page, 'insider-musk');

    await page.goto(`${harness.url}/insider/cik/1`);
    await page.getByTestId('insider-not-found').waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('No insider filings for CIK 1');
    expect(await page.getByText('Something went wrong').count()).toBe(0);
    await page.goto(`${harness.url}/ticker/ZZZZZZ`);
    await page.getByTestId('ticker-not-found').waitFor();
  });
});

describe('PRO analysis and feedback', () => {
  it('lets a PRO user generate the analysis and rate it; a free user sees the locked teaser', async () => {
    const page = await signedIn({ email: 'pro@example.com', planType: 'pro', planStatus: 'active' }, 'TSLA');
    await page.goto(`${harness.url}/ticker/TSLA#analysis`);
    const card = page.locator('article[data-form="4"]').first();
    await card.getByRole('button', { name: 'Explain this filing with AI' }).click();
    await expect.poll(() => card.locator('.tp-ai__text').textContent()).toBe(ANALYSIS);
    await card.getByRole('button', { name: 'Helpful', exact: true }).click();
    await expect
      .poll(() => card.getByRole('button', { name: 'Helpful', exact: true }).getAttribute('aria-pressed'))
      .toBe('true');
    await card.getByText('Thanks, noted.').waitFor();
    await page.reload();
    const again = page.locator('article[data-form="4"]').first();
    await expect
      .poll(() => again.getByRole('button', { name: 'Helpful', exact: true }).getAttribute('aria-pressed'))
      .toBe('true');
    await harness.screenshot(page, 'ticker-page-pro-analysis');

    await dashboard.goto(`${harness.url}/ticker/TSLA`);
    const locked = dashboard.locator('article[data-form="4"]').first().locator('.tp-ai--locked');
    await locked.waitFor();
    expect(await locked.textContent()).toMatch(/analysis of this filing is ready/);
    expect(await dashboard.getByText(ANALYSIS).count()).toBe(0);
  });
});

describe('the public ticker page', () => {
  it('needs no login, has server-filled meta tags, and its call to action opens the dashboard with the ticker', async () => {
    const html = await (await fetch(`${harness.url}/public/ticker/TSLA`)).text();
    expect(html).toMatch(/<title>TSLA SEC filings: Tesla, Inc\. \| /);
    expect(html).toMatch(/<meta name="description" content="\d+ SEC filings? of Tesla, Inc\. \(TSLA\)/);

    const page = await harness.newPage();
    await page.goto(`${harness.url}/public/ticker/TSLA`);
    await page.getByRole('heading', { level: 1, name: 'Tesla, Inc.' }).waitFor();
    expect(await page.locator('.tp-filing').count()).toBeGreaterThan(0);
    expect(await page.locator('.tp-filing').count()).toBeLessThanOrEqual(20);
    expect(await harness.seriousA11yViolations(page)).toEqual([]);
    await harness.screenshot(page, 'public-ticker-tsla');
    await page.getByRole('link', { name: 'Add TSLA to watchlist' }).click();
    await page.getByText('Add TSLA to your watchlist to see filings').waitFor();
  });

  it('reads well in dark mode at 360 px', async () => {
    const page = await harness.newPage({ width: 360, height: 780 });
    await page.goto(`${harness.url}/ticker/TSLA`);
    await page.getByTestId('price-chart').waitFor();
    await page.getByRole('button', { name: 'Switch to dark theme' }).click();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    await expect.poll(() => page.getByTestId('chart-marker').count(), { timeout: 30_000 }).toBeGreaterThan(0);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(await harness.seriousA11yViolations(page)).toEqual([]);
    await harness.screenshot(page, 'ticker-page-dark-360');
    await page
      .locator('.tp-chart')
      .screenshot({ path: join(loadTestEnv().SCREENSHOT_DIR, 'ticker-page-dark-360-chart.png') });
  });
});
