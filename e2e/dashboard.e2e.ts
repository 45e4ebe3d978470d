import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { startBrowserHarness } from './harness';

// The real pipeline: the EDGAR replay server releases its recorded filings at once and the
// app's own workers poll, fetch, parse, score and store them, as `npm start` does offline.
const harness = await startBrowserHarness({
  workers: true,
  env: { EDGAR_REPLAY_INITIAL: '1000', EDGAR_POLL_SECONDS: '1', EDGAR_REPLAY_INTERVAL_SECONDS: '3600' },
});

/** Picks a suggestion with the keyboard only: arrows to the wanted ticker, then Enter. */
async function pickWithKeyboard(page: Page, typed: string, ticker: string) {
  const field = page.getByRole('combobox', { name: 'Tickers or company names' });
  await field.pressSequentially(typed, { delay: 30 });
  const option = page
    .getByRole('option')
    .filter({ has: page.locator('.typeahead__ticker', { hasText: new RegExp(`^${ticker}$`) }) });
  await option.waitFor();
  expect(await page.locator('[role="option"][aria-selected="true"]').count()).toBe(0);
  const tickers = await page.locator('[role="option"] .typeahead__ticker').allTextContents();
  const index = tickers.indexOf(ticker);
  expect(index).toBeGreaterThanOrEqual(0);
  for (let i = 0; i <= index; i++) await page.keyboard.press('ArrowDown');
  await expect.poll(() => option.getAttribute('aria-selected')).toBe('true');
  await page.keyboard.press('Enter');
}

const card = (page: Page, ticker: string) => page.locator(`article.ticker-card[data-ticker="${ticker}"]`);

let dashboard: Page;

describe('journey 1: a new visitor adds two tickers with the typeahead and sees their replayed filings', () => {
  it('goes from the landing page to a full dashboard with real Form 4 filings', async () => {
    const page = await harness.newPage();
    dashboard = page;
    await page.goto(`${harness.url}/?brand=form4`);
    await page.getByRole('button', { name: 'Add Your First Ticker' }).click();
    await expect.poll(() => page.getByRole('button', { name: /Back/ }).isVisible()).toBe(true);
    // The pointer stays where the button was, over the list that opens: it must not pick (decision 383).
    await pickWithKeyboard(page, 'tsl', 'TSLA');
    const field = page.getByRole('combobox', { name: 'Tickers or company names' });
    expect(await field.inputValue()).toBe('TSLA, ');
    await pickWithKeyboard(page, 'aap', 'AAPL');
    expect(await field.inputValue()).toBe('TSLA, AAPL, ');
    await page.getByRole('button', { name: 'Add to Watchlist' }).click();

    await card(page, 'TSLA').waitFor();
    expect(await page.getByRole('heading', { name: 'Get real-time alerts' }).isVisible()).toBe(true);
    await card(page, 'AAPL').waitFor();
    expect(await page.getByTestId('ticker-counter').textContent()).toBe('2 / 10 tickers');

    // Free plans have no live channel: the filings show on the next load once ingested, in
    // whatever order the ingest slots finish them, so reload until both cards have theirs.
    const trade = /(bought|sold|traded|exercised or converted) [\d,]* ?shares/;
    await expect
      .poll(
        async () => {
          await page.reload();
          await card(page, 'AAPL').waitFor();
          const texts = await Promise.all(
            ['TSLA', 'AAPL'].map(async (t) => (await card(page, t).locator('.latest-filing').textContent()) ?? ''),
          );
          return texts.every((text) => trade.test(text));
        },
        { timeout: 90_000, interval: 1_000 },
      )
      .toBe(true);
    for (const ticker of ['TSLA', 'AAPL']) {
      const banner = card(page, ticker).locator('.latest-filing');
      expect(await banner.textContent()).toMatch(trade);
      expect(await banner.locator('.form-tag').textContent()).toMatch(/^4/);
      expect(await banner.locator('a[href^="/insider/"]').count()).toBe(1);
      expect(await banner.locator('[data-importance]').getAttribute('data-importance')).toMatch(
        /^(CRITICAL|HIGH|MEDIUM|LOW)$/,
      );
    }
    await harness.screenshot(page, 'journey1-replayed-filings');
  }, 240_000);

  it('has no serious accessibility violations on the dashboard, and works in the table view', async () => {
    const page = dashboard;
    expect(await harness.seriousA11yViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Table', exact: true }).click();
    const rows = page.locator('table.watchlist-table tbody tr');
    await expect.poll(() => rows.count()).toBe(2);
    await page.getByRole('button', { name: /^Ticker/ }).click();
    await expect.poll(() => rows.first().getAttribute('data-ticker')).toBe('AAPL');
    await page.getByRole('button', { name: /^Ticker/ }).click();
    await expect.poll(() => rows.first().getAttribute('data-ticker')).toBe('TSLA');
    expect(await harness.seriousA11yViolations(page)).toEqual([]);
    // The view mode is a saved preference.
    await page.reload();
    await expect.poll(() => rows.count()).toBe(2);
    await page.getByRole('button', { name: 'Cards', exact: true }).click();
  });

  it('offers a quick-add for a searched ticker that is not in the list', async () => {
    const page = dashboard;
    await page.getByRole('button', { name: 'Collapse the add form' }).click();
    expect(await page.evaluate(() => localStorage.getItem('sidebarCollapsed'))).toBe('true');
    await page.getByRole('searchbox', { name: 'Search ticker or company' }).fill('nvda');
    await page.getByText('No tickers match your filters').waitFor();
    expect(await page.getByText('"NVDA" is not in your watchlist').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Add NVDA to Watchlist' }).click();
    const field = page.getByRole('combobox', { name: 'Tickers or company names' });
    await field.waitFor();
    expect(await field.inputValue()).toBe('NVDA, ');
    expect(await page.evaluate(() => localStorage.getItem('sidebarCollapsed'))).toBe('false');
    await field.fill('');
  });
});

describe('journey 6: trade with a Custom URL', () => {
  it('asks for a platform first, enforces the Custom URL rules, then opens the ticker in a new tab', async () => {
    const page = dashboard;
    await page
      .context()
      .route('https://broker.example/**', (route) =>
        route.fulfill({ contentType: 'text/html', body: '<title>broker</title>' }),
      );
    const tradeButton = page.getByRole('button', { name: 'Trade TSLA' });
    await tradeButton.click();
    const dialog = page.getByRole('dialog', { name: 'Set Up Trading Platform' });
    await dialog.waitFor();
    expect(await dialog.getByRole('radio').count()).toBe(9);

    await dialog.getByRole('button', { name: 'Save' }).click();
    expect(await dialog.getByRole('alert').textContent()).toBe('Please select a trading platform');
    await dialog.getByRole('radio', { name: 'Custom' }).check();
    await dialog.getByLabel('Custom URL').fill('https://broker.example/trade');
    await dialog.getByRole('button', { name: 'Save' }).click();
    expect(await dialog.getByRole('alert').textContent()).toBe('Custom URL must contain {TICKER} placeholder');
    await dialog.getByLabel('Custom URL').fill('javascript:alert({TICKER})');
    await dialog.getByRole('button', { name: 'Save' }).click();
    expect(await dialog.getByRole('alert').textContent()).toBe('Custom URL must start with http:// or https://');
    await harness.screenshot(page, 'journey6-trade-modal');

    // Focus stays inside the dialog.
    for (let i = 0; i < 15; i++) await page.keyboard.press('Tab');
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"]')))).toBe(true);

    await dialog.getByLabel('Custom URL').fill('https://broker.example/trade?symbol={TICKER}&src=alerts');
    const popupPromise = page.waitForEvent('popup');
    await dialog.getByRole('button', { name: 'Save' }).click();
    const popup = await popupPromise;
    await popup.waitForLoadState();
    expect(popup.url()).toBe('https://broker.example/trade?symbol=TSLA&src=alerts');
    await popup.close();
    await dialog.waitFor({ state: 'detached' });
    // Focus returns to the button that opened the dialog.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Trade TSLA');

    // Saved: the next Trade opens straight away, also after a reload.
    await page.reload();
    const second = page.waitForEvent('popup');
    await page.getByRole('button', { name: 'Trade AAPL' }).click();
    const popup2 = await second;
    await popup2.waitForLoadState();
    expect(popup2.url()).toBe('https://broker.example/trade?symbol=AAPL&src=alerts');
    await popup2.close();
    expect(await page.getByRole('dialog').count()).toBe(0);
    await harness.screenshot(page, 'journey6-after-trade');
  });
});

describe('links into the dashboard and removing', () => {
  it('?ticker= shows a dismissible banner and prefills the form when the ticker is not listed', async () => {
    const page = dashboard;
    await page.goto(`${harness.url}/?ticker=msft`);
    const banner = page.getByText('Add MSFT to your watchlist to see filings');
    await banner.waitFor();
    expect(new URL(page.url()).search).toBe('');
    expect(await page.getByRole('combobox', { name: 'Tickers or company names' }).inputValue()).toBe('MSFT, ');
    await page.getByRole('status').filter({ hasText: 'Add MSFT' }).getByRole('button', { name: 'Dismiss' }).click();
    await banner.waitFor({ state: 'detached' });
    await page.goto(`${harness.url}/?ticker=TSLA`);
    await card(page, 'TSLA').waitFor();
    expect(await page.getByText('Add TSLA to your watchlist to see filings').count()).toBe(0);
  });

  it('removes a ticker at once and keeps it removed after a reload', async () => {
    const page = dashboard;
    await page.getByRole('button', { name: 'Remove AAPL' }).click();
    await card(page, 'AAPL').waitFor({ state: 'detached' });
    await expect.poll(() => page.getByTestId('ticker-counter').textContent()).toBe('1 / 10 tickers');
    await page.reload();
    await card(page, 'TSLA').waitFor();
    expect(await card(page, 'AAPL').count()).toBe(0);
  });
});

describe('themes and small screens', () => {
  it('renders the dashboard in the dark theme on a 360 px phone', async () => {
    const page = dashboard;
    await page.setViewportSize({ width: 360, height: 780 });
    await page.getByRole('button', { name: 'Switch to dark theme' }).click();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(await harness.seriousA11yViolations(page)).toEqual([]);
    await harness.screenshot(page, 'dashboard-dark-360');
    // The theme is a saved preference: a reload keeps it.
    await page.reload();
    await card(page, 'TSLA').waitFor();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    await page.getByRole('button', { name: 'Switch to light theme' }).click();
    await page.setViewportSize({ width: 1280, height: 800 });
  });
});

describe('journey 7: the generic error screen', () => {
  it('shows the spec text and both buttons when a page fails to load, and recovers', async () => {
    const page = await harness.newPage();
    await page.route('**/assets/PricingPage-*.js', (route) => route.abort());
    await page.goto(`${harness.url}/pricing`);
    await page.getByRole('heading', { name: 'Something went wrong' }).waitFor();
    expect(await page.textContent('body')).toContain(
      'We encountered an unexpected error. Please try refreshing the page or going back to the homepage.',
    );
    expect(await page.getByRole('button', { name: 'Try Again' }).isVisible()).toBe(true);
    await harness.screenshot(page, 'journey7-error-screen');
    await page.getByRole('link', { name: 'Go to Homepage' }).click();
    await page.waitForURL(`${harness.url}/`);
    await page.getByRole('button', { name: 'Add Your First Ticker' }).waitFor();

    await page.unroute('**/assets/PricingPage-*.js');
    await page.goto(`${harness.url}/pricing`);
    await page.getByRole('heading', { name: 'Pricing', level: 1 }).waitFor();
  });
});
