import { sql } from 'drizzle-orm';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadTestEnv } from '#server/config/test-env';
import { ingestAccession } from '#server/domains/filings/filings.service';
import { loadShippedHistory } from '#server/domains/prices/shipped-history';
import { EdgarClient } from '#server/integrations/edgar/edgar-client';
import { RateLimiter } from '#server/integrations/edgar/rate-limiter';
import { startReplayServer } from '#server/integrations/edgar/replay/replay-server';
import { loadReplaySet } from '#server/integrations/edgar/replay/replay-set';
import { startBrowserHarness } from './harness';
import { proSubscriber } from './pro-subscriber';

// Apple's real reports from the replay, read through EDGAR's paths the way the live ingest does
// (older first, so each report's comparable is stored when it arrives): three third-quarter
// 10-Qs and two 10-Ks. The page then shows what changed, and the history across years.
const harness = await startBrowserHarness();
const db = harness.database.db;
/** The live ingest's EDGAR client, pointed at a replay server. */
const edgarAt = (url: string) =>
  new EdgarClient({
    baseUrl: url,
    dataBaseUrl: url,
    userAgent: 'Filing Alerts Test ops@example.com',
    limiter: new RateLimiter(10),
  });
const replay = await startReplayServer();
const client = edgarAt(replay.url);
const shots = loadTestEnv().SCREENSHOT_DIR;

async function seed() {
  await db.execute(
    sql`insert into tickers (ticker, cik, name) values ('AAPL', 320193, 'Apple Inc.') on conflict do nothing`,
  );
  for (const [accessionNo, formType] of [
    ['0000320193-23-000077', '10-Q'],
    ['0000320193-24-000081', '10-Q'],
    ['0000320193-25-000073', '10-Q'],
    ['0000320193-24-000123', '10-K'],
    ['0000320193-25-000079', '10-K'],
  ] as const) {
    const outcome = await ingestAccession(db, {
      client,
      ref: { accessionNo, cik: 320193, formType, companyName: 'Apple Inc.', source: 'replay' },
      reports: { priority: 'sweep', waitMs: 60_000 },
    });
    expect(outcome.status).toBe('stored');
  }
  await replay.close();
}

describe('report diffs on the ticker page', () => {
  it("Apple's FY2025 10-K card says what changed since last year; the page shows the history", async () => {
    await seed();
    const { storage } = await proSubscriber(db, harness.url, {
      email: 'reader@example.com',
      tickers: 'AAPL',
      forms: '10-K,10-Q',
    });
    const page = await harness.newPage({ storage });
    await page.goto(`${harness.url}/ticker/AAPL`);

    const card = page
      .locator('article[data-form="10-K"]')
      .filter({ has: page.getByTestId('report-changes') })
      .first();
    await card.waitFor({ timeout: 30_000 });
    expect(await card.locator('.tp-rc__headline').textContent()).toMatch(
      /^Risk factors: 2\d% of the text is new since last year; 0 new risk factors, 1 removed$/,
    );
    expect(await card.locator('.tp-reasons').textContent()).toMatch(/Risk factors rewrote 2\d% of their text; typical/);
    // Both numbers of the Similarity column are explained on the card (a title tooltip never shows on a phone).
    expect(await card.locator('.tp-rc__basis').textContent()).toContain(
      'Similarity: how alike the word counts are / the share of distinct words both years use (100% = the same).',
    );
    const removed = card.locator('.tp-rc__risks').filter({ hasText: 'Removed risk factors (1)' });
    expect(await removed.locator('q').textContent()).toBe(
      'The Company’s retail stores are subject to numerous risks and uncertainties.',
    );
    expect(await removed.locator('a').getAttribute('href')).toMatch(
      /^https:\/\/www\.sec\.gov\/Archives\/edgar\/data\/320193\/000032019324000123\/aapl-20240928\.htm#i/,
    );
    expect(
      await card
        .getByRole('link', { name: /^Risk Factors/ })
        .first()
        .getAttribute('href'),
    ).toMatch(/^https:\/\/www\.sec\.gov\/Archives\/edgar\/data\/320193\/000032019325000079\/aapl-20250927\.htm#i/);
    // The sticky site header would cover the top of an element screenshot.
    await page.evaluate(() => {
      const header = document.querySelector<HTMLElement>('.site-header');
      if (header) header.style.position = 'static';
    });
    await card.screenshot({ path: join(shots, 'report-diff-card-aapl-10k.png') });

    const tenQ = page
      .locator('article[data-form="10-Q"]')
      .filter({ has: page.getByTestId('report-changes') })
      .first();
    expect(await tenQ.locator('.tp-rc__basis').textContent()).toMatch(/same quarter a year earlier/);

    const history = page.getByTestId('report-history');
    await history.waitFor();
    expect(await history.locator('tbody tr').count()).toBe(3);
    expect(await history.locator('tbody tr').first().textContent()).toMatch(/^10-K Sep 27, 2025 vs Sep 28, 2024/);
    await history.screenshot({ path: join(shots, 'report-diff-history-aapl.png') });
    expect(await harness.seriousA11yViolations(page)).toEqual([]);
    await harness.screenshot(page, 'report-diff-ticker-page-aapl');
  });

  it('reads well in dark mode at 360 px: the tables scroll inside the card, the page does not', async () => {
    const page = await harness.newPage({ width: 360, height: 780 });
    await page.goto(`${harness.url}/ticker/AAPL`);
    await page.getByTestId('report-history').waitFor();
    await page.getByRole('button', { name: 'Switch to dark theme' }).click();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(await harness.seriousA11yViolations(page)).toEqual([]);
    const card = page
      .locator('article[data-form="10-K"]')
      .filter({ has: page.getByTestId('report-changes') })
      .first();
    await card.scrollIntoViewIfNeeded();
    await card.screenshot({ path: join(shots, 'report-diff-card-dark-360.png') });
  });

  it("Meta's FY2023 10-K, whose filing date the replay does not state, shows no filed date, not its period end", async () => {
    const metaReplay = await startReplayServer();
    const metaClient = edgarAt(metaReplay.url);
    await db.execute(
      sql`insert into tickers (ticker, cik, name) values ('META', 1326801, 'Meta Platforms, Inc.') on conflict do nothing`,
    );
    // The feed entry carries the filing date the replay's manifest records (none for FY2023).
    for (const accessionNo of ['0001326801-24-000012', '0001326801-25-000017']) {
      const filedDate = loadReplaySet().find((f) => f.accessionNo === accessionNo)?.filedDate ?? null;
      const outcome = await ingestAccession(db, {
        client: metaClient,
        ref: { accessionNo, cik: 1326801, formType: '10-K', filedDate, source: 'replay' },
        reports: { priority: 'sweep', waitMs: 60_000 },
      });
      expect(outcome.status).toBe('stored');
    }
    await metaReplay.close();
    // Meta's recorded daily closes (prices/data/SOURCES.md), for the chart and its filing markers.
    await loadShippedHistory(db, { tickers: ['META'] });
    const page = await harness.newPage();
    await page.goto(`${harness.url}/ticker/META`);
    const cards = page.locator('article[data-form="10-K"]');
    await cards.nth(1).waitFor({ timeout: 30_000 });
    expect(await cards.nth(0).locator('.tp-time').getAttribute('title')).toBe('Filed Jan 30, 2025');
    expect(await cards.nth(1).getByText('Filing date not recorded', { exact: true }).isVisible()).toBe(true);
    expect(await cards.nth(1).locator('time').count()).toBe(0);
    await page.evaluate(() => {
      const header = document.querySelector<HTMLElement>('.site-header');
      if (header) header.style.position = 'static';
    });
    await cards.nth(1).screenshot({ path: join(shots, 'report-card-meta-10k-no-filed-date.png') });

    // Its chart marker (the earlier of the two, placed at the period end) says the same, not "Dec 31, 2023".
    const markers = page.getByTestId('chart-marker');
    await expect.poll(() => markers.count(), { timeout: 30_000 }).toBe(2);
    await page.locator('.tp-chart').scrollIntoViewIfNeeded();
    await markers.first().hover();
    const tooltip = page.getByTestId('chart-tooltip');
    await tooltip.waitFor();
    expect(await tooltip.locator('li').textContent()).toContain('Filing date not recorded (marked at its period end)');
    expect(await tooltip.locator('li').textContent()).not.toContain('Dec 31, 2023');
    await page.screenshot({
      path: join(shots, 'ticker-page-meta-chart-no-filed-date.png'),
      clip: (await page.locator('.tp-chart').boundingBox())!,
    });
    await page.mouse.move(0, 0);
    await markers.last().hover();
    await expect.poll(() => tooltip.locator('li').textContent()).toContain('Jan 30, 2025');
  });
});
