import { sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { storeParsedFiling } from '#server/domains/filings/filings.service';
import { loadShippedHistory } from '#server/domains/prices/shipped-history';
import { parseFiling, type ParseHints } from '#server/edgar-model/parse/index';
import { startBrowserHarness } from './harness';
import { proSubscriber } from './pro-subscriber';
import { repoDocument } from '#server/test/edgar-fixtures';

// The first-user walk found the dashboard's Table view wider than its column (1219 px in ~1000 px,
// a sideways scroll even at 1920 px). Real filings of every kind the table shows: Form 4s, a 13G/A,
// 8-Ks whose press-release headline is long, a 10-K. All are on the tune split of
// eval/importance/labels.jsonl or unlabelled (Walmart's 10-K); sources: replay-data/SOURCES.md.
const harness = await startBrowserHarness();
const db = harness.database.db;

const REPLAY = 'src-server/integrations/edgar/replay-data/filings/';
const FILINGS: { ticker: string; file: string; hints?: ParseHints }[] = [
  { ticker: 'TSLA', file: `${REPLAY}0000899243-22-035394_tsla_musk_S_9_rows.txt` },
  { ticker: 'AMZN', file: `${REPLAY}0001018724-24-000077_amzn_ng_form4.txt` },
  { ticker: 'WDAY', file: `${REPLAY}0001327811-25-000050_workday_F.txt` },
  { ticker: 'ZIP', file: `${REPLAY}0001617553-25-000024_ziprecruiter_M_F.txt` },
  { ticker: 'AOSL', file: `${REPLAY}0001387467-25-000038_aosl_A_F.txt` },
  { ticker: 'CPNG', file: `${REPLAY}0000895421-24-000024_SC13G-A_coupang.txt` },
  { ticker: 'PSEM', file: `${REPLAY}0001275287-05-000371_pericom_2.02_9.01.txt` },
  { ticker: 'ASFI', file: 'src-server/test/fixtures/edgar/corpus/8k_1001258_8K_2004_0001125282-04-000620.txt' },
  {
    ticker: 'FDX',
    file: 'eval/importance/filings/8k/8k_1048911_8K_2023_0001193125-23-188128.htm',
    hints: { accessionNo: '0001193125-23-188128', cik: 1048911, companyName: 'FEDEX CORP', filedDate: '2023-07-17' },
  },
  {
    ticker: 'WMT',
    file: `${REPLAY}0000104169-25-000021_wmt_10-K_20250131.htm.gz`,
    hints: { accessionNo: '0000104169-25-000021', cik: 104169, companyName: 'Walmart Inc.', formType: '10-K' },
  },
];

async function seed() {
  await harness.deps.tickers.check(); // the shipped catalogue loaded first, so it does not replace the rows below
  for (const f of FILINGS) {
    const parsed = parseFiling(repoDocument(f.file), f.hints ?? {});
    const cik = parsed.company?.cik ?? f.hints?.cik;
    const name = parsed.company?.name ?? f.hints?.companyName ?? f.ticker;
    await db.execute(
      sql`insert into tickers (ticker, cik, name) values (${f.ticker}, ${cik}, ${name})
          on conflict (ticker) do update set cik = excluded.cik, name = excluded.name`,
    );
    await db.execute(sql`insert into companies (cik, name) values (${cik}, ${name}) on conflict do nothing`);
    await storeParsedFiling(db, { parsed, meta: { source: 'replay' } });
  }
  // Pericom and Asta Funding are gone from today's SEC list: the catalogue takes the rows added here.
  await db.execute(sql`update ticker_catalogue_state set loaded_at = now()`);
  await harness.deps.tickers.check();
  // The daily closes the app ships, as its price worker loads them: the Price and MCap cells filled.
  await loadShippedHistory(db, { tickers: FILINGS.map((f) => f.ticker) });
}

async function reader(): Promise<Record<string, string>> {
  const { skipped, storage } = await proSubscriber(db, harness.url, {
    email: 'table-reader@example.com',
    tickers: FILINGS.map((f) => f.ticker).join(','),
    forms: '4,8-K,10-K,10-Q,13G',
    brand: 'allfilings',
  });
  expect(skipped).toEqual([]);
  return storage;
}

/** Widths that decide a sideways scroll: the table against its wrapper, the page against the window. */
const widths = (page: Page) =>
  page.evaluate(() => {
    const wrap = document.querySelector('.table-wrap')!;
    const table = wrap.querySelector('table')!;
    return {
      table: table.scrollWidth,
      wrap: wrap.clientWidth,
      page: document.documentElement.scrollWidth,
      window: window.innerWidth,
    };
  });

async function openTable(page: Page, url: string) {
  await page.goto(url);
  await page.getByRole('button', { name: 'Table', exact: true }).click();
  const rows = page.locator('table.watchlist-table tbody tr');
  await expect.poll(() => rows.count(), { timeout: 30_000 }).toBe(FILINGS.length);
  // Every row shows its filing (the one-liner or the trade), not a placeholder.
  await expect.poll(() => page.locator('.summary-cell .filing-summary').count()).toBe(FILINGS.length);
}

let storage: Record<string, string>;

describe('the dashboard table fits its page', () => {
  beforeAll(async () => {
    await seed();
    storage = await reader();
  }, 240_000);

  it.each([
    [1366, 'light', 'allfilings'],
    [1366, 'dark', 'allfilings'],
    [1920, 'light', 'allfilings'],
    [1920, 'dark', 'allfilings'],
    // The Insider brand adds four trade columns.
    [1366, 'light', 'form4'],
    [1920, 'light', 'form4'],
  ] as const)(
    'at %i px (%s, %s brand) with no sideways scroll',
    async (width, theme, brand) => {
      const page = await harness.newPage({ width, height: 900, storage });
      await page.emulateMedia({ colorScheme: theme }); // the theme follows the device until one is chosen
      await openTable(page, `${harness.url}/?brand=${brand}`);
      await harness.screenshot(page, `dashboard-table-${width}-${theme}-${brand}`);
      const w = await widths(page);
      expect(w.table, JSON.stringify(w)).toBeLessThanOrEqual(w.wrap);
      expect(w.page, JSON.stringify(w)).toBeLessThanOrEqual(w.window);
      // A cut summary keeps its whole text as a tooltip.
      const summary = page.locator('.summary-cell .filing-summary').first();
      expect(await summary.getAttribute('title')).toBeTruthy();
      if (theme === 'light' && brand === 'allfilings') expect(await harness.seriousA11yViolations(page)).toEqual([]);
      // With the add form closed the table gets the whole width (the Insider brand's columns unfold).
      await page.getByRole('button', { name: 'Collapse the add form' }).click();
      const wide = await widths(page);
      expect(wide.table, JSON.stringify(wide)).toBeLessThanOrEqual(wide.wrap);
      expect(wide.page, JSON.stringify(wide)).toBeLessThanOrEqual(wide.window);
      if (brand === 'form4') await harness.screenshot(page, `dashboard-table-${width}-${theme}-${brand}-no-sidebar`);
      await page.getByRole('button', { name: /Add Tickers/ }).click();
      await page.close();
    },
    240_000,
  );

  it('on a phone the page never scrolls sideways; only the table wrapper may', async () => {
    for (const theme of ['light', 'dark'] as const) {
      const page = await harness.newPage({ width: 390, height: 900, storage });
      await page.emulateMedia({ colorScheme: theme }); // the theme follows the device until one is chosen
      await openTable(page, `${harness.url}/?brand=allfilings`);
      const w = await widths(page);
      expect(w.page, JSON.stringify(w)).toBeLessThanOrEqual(w.window);
      // The summaries start beyond the phone's edge: the frame's right edge fades and a line says there is more.
      const frame = page.locator('.scroll-frame').first();
      expect(await frame.getAttribute('data-hidden-right')).toBe('true');
      // The fade comes in over a 0.15 s transition that may still be running when the attribute is set.
      await expect.poll(() => frame.evaluate((el) => getComputedStyle(el, '::after').opacity)).toBe('1');
      const hint = page.locator('.scroll-hint').first();
      expect(await hint.isVisible()).toBe(true);
      expect(await hint.textContent()).toBe('More columns: scroll sideways →');
      const [hintBox, wrapBox] = await Promise.all([hint.boundingBox(), page.locator('.table-wrap').boundingBox()]);
      expect(hintBox!.y + hintBox!.height).toBeLessThanOrEqual(wrapBox!.y + 1); // above the table, in the first screen
      expect(hintBox!.y + hintBox!.height).toBeLessThanOrEqual(900);
      await harness.screenshot(page, `dashboard-table-390-${theme}`);
      // Scrolled to the summaries, the ticker column stays in view.
      await page.locator('.table-wrap').evaluate((wrap) => wrap.scrollBy({ left: 400 }));
      const ticker = await page.locator('table.watchlist-table tbody th').first().boundingBox();
      expect(ticker?.x).toBeGreaterThanOrEqual(0);
      expect(ticker?.x).toBeLessThan(40);
      await harness.screenshot(page, `dashboard-table-390-${theme}-scrolled`);
      await page.close();
    }
  }, 120_000);
});
