import { describe, expect, it } from 'vitest';
import { startBrowserHarness } from './harness';

const harness = await startBrowserHarness();

describe('the app in a real browser', () => {
  it('renders the branded landing page with the footer disclaimer', async () => {
    const page = await harness.newPage();
    await page.goto(`${harness.url}/`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    const text = await page.textContent('body');
    expect(text).toContain('Material events from SEC 8-K filings');
    expect(text).toContain('provided as is, not investment advice');
    await harness.screenshot(page, 'foundation-landing');
  });

  it('receives a live websocket message from the server', async () => {
    const page = await harness.newPage();
    await page.goto(`${harness.url}/`);
    const status = page.getByTestId('live-status');
    await expect
      .poll(async () => Number(await status.getAttribute('data-seq')), { timeout: 30_000 })
      .toBeGreaterThan(0);
    expect(await status.textContent()).toMatch(/^Live · server /);
    await harness.screenshot(page, 'foundation-live');
  });

  it('serves the SPA for deep links and a JSON 404 for unknown API paths', async () => {
    const page = await harness.newPage();
    const response = await page.goto(`${harness.url}/watchlist?brand=form4`);
    expect(response?.status()).toBe(200);
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.textContent('body')).toContain('Know when executives and directors buy or sell');
    const api = await page.request.get(`${harness.url}/api/nope`);
    expect(api.status()).toBe(404);
    expect(await api.json()).toMatchObject({ error: 'not_found' });
  });
});
