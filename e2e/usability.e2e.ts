import type { Page } from 'playwright-core';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { toUserDto } from '#server/domains/auth/session.service';
import { createAdminBearer } from '#server/test/admin';
import { createSignedInUser } from '#server/test/users';
import { startBrowserHarness } from './harness';

/**
 * Issue 28, "hard to use" (items 8-14), on the real replayed filings as `npm start` runs them:
 * keyboard focus, phones, cards, table view, clutter and noise; light and dark, 1366 and 390 px.
 */
const harness = await startBrowserHarness({
  workers: true,
  env: { EDGAR_REPLAY_INITIAL: '1000', EDGAR_POLL_SECONDS: '1', EDGAR_REPLAY_INTERVAL_SECONDS: '3600' },
});
const db = harness.database.db;
const admin = await createAdminBearer(db);
// SEC's company_tickers.json rows of the watched companies, so their filings show from the first load.
await db.execute(sql`insert into tickers (ticker, cik, name) values
  ('AAPL', 320193, 'Apple Inc.'), ('TSLA', 1318605, 'Tesla, Inc.'), ('NVDA', 1045810, 'NVIDIA CORP')
  on conflict do nothing`);

const DESKTOP = { width: 1366, height: 800 };
const PHONE = { width: 390, height: 844 };
type Theme = 'light' | 'dark';

async function count(query: ReturnType<typeof sql>): Promise<number> {
  const [row] = await db.execute<{ n: number }>(query);
  return row?.n ?? 0;
}

describe('the replayed filings', () => {
  it('are stored: Tesla Form 4s, Apple 8-Ks', async () => {
    for (const [cik, form] of [
      [1318605, '4'],
      [320193, '8-K'],
    ] as const)
      await expect
        .poll(
          () => count(sql`select count(*)::int as n from filings where cik = ${cik} and catalogue_form = ${form}`),
          {
            timeout: 100_000,
            interval: 1_000,
          },
        )
        .toBeGreaterThanOrEqual(1);
  }, 240_000);
});

let serial = 0;
/** A signed-in browser (theme chosen as a saved preference) following tickers with the given forms. */
async function signedIn(
  values: Parameters<typeof createSignedInUser>[1],
  {
    tickers,
    forms,
    theme = 'light',
    size = DESKTOP,
  }: { tickers: string[]; forms: string[]; theme?: Theme; size?: typeof DESKTOP },
): Promise<Page> {
  serial += 1;
  const { user, session } = await createSignedInUser(db, {
    ...values,
    email: `${serial}-${values?.email ?? 'u@example.com'}`,
  });
  for (const ticker of tickers)
    await db.execute(
      sql`insert into watchlist_items (user_id, ticker, forms) values (${user.id}, ${ticker}, ${sql.param(forms)}::text[])`,
    );
  await db.execute(sql`insert into preferences (user_id, theme) values (${user.id}, ${theme})`);
  return harness.newPage({
    ...size,
    storage: { session, 'auth-user': JSON.stringify(toUserDto(user)), themeMode: theme },
  });
}

const cards = (page: Page) => page.locator('article.ticker-card');

/** How far the page is wider than the screen (0 when it fits), with the elements that stick out. */
async function horizontalOverflow(page: Page): Promise<number> {
  const { over, culprits } = await page.evaluate(() => ({
    over: document.documentElement.scrollWidth - window.innerWidth,
    culprits: [...document.querySelectorAll('body *')]
      .filter((e) => e.getBoundingClientRect().right > window.innerWidth + 0.5)
      .slice(0, 6)
      .map((e) => `${e.tagName}.${e.className} ${Math.round(e.getBoundingClientRect().right)}`),
  }));
  if (over > 0) console.log('wider than the screen:', culprits);
  return over;
}

/**
 * Tabs through the page from the top; for each stop, the focus indicator as computed while it is
 * focused by keyboard and again once nothing is focused: the outline (or, for a hidden native
 * input, its label's or next sibling's ring). Returns the stops whose look does not change.
 */
async function stopsWithoutVisibleFocus(page: Page, stops: number): Promise<string[]> {
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.locator('body').click({ position: { x: 1, y: 1 } });
  const focused: { name: string; own: string; near: string }[] = [];
  // One round trip per stop (the walk is 2 x 45 stops): after each Tab, in the page, whether focus
  // left it, else the stop is marked and its look read while it is focused.
  for (let i = 0; i < stops; i++) {
    await page.keyboard.press('Tab');
    const stop = await page.evaluate((n) => {
      const el = document.activeElement as HTMLElement;
      // Past the last control focus leaves the page (body): the walk is done.
      if (el === document.body) return null;
      el.setAttribute('data-tabstop', String(n));
      const ring = (e: Element | null) => {
        if (!e) return '';
        const s = getComputedStyle(e);
        return `${s.outlineStyle} ${s.outlineWidth} ${s.outlineColor} | ${s.boxShadow}`;
      };
      const target = el.closest('label') ?? el.nextElementSibling;
      return {
        name: `${el.tagName}.${el.className} ${el.textContent?.trim().slice(0, 30)}`,
        own: ring(el),
        near: ring(target),
      };
    }, i);
    if (!stop) break;
    focused.push(stop);
  }
  expect(focused.length).toBeGreaterThan(15);
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  // Every stop's look once nothing is focused, read in one round trip.
  const rest = await page.evaluate((count) => {
    const ring = (e: Element | null | undefined) => {
      if (!e) return '';
      const s = getComputedStyle(e);
      return `${s.outlineStyle} ${s.outlineWidth} ${s.outlineColor} | ${s.boxShadow}`;
    };
    return Array.from({ length: count }, (_, n) => {
      const el = document.querySelector(`[data-tabstop="${n}"]`);
      return { own: ring(el), near: ring(el?.closest('label') ?? el?.nextElementSibling) };
    });
  }, focused.length);
  return focused.filter((f, i) => rest[i]!.own === f.own && rest[i]!.near === f.near).map((f) => f.name);
}

describe('item 8: keyboard focus is visible and the add form tabs field -> forms -> Add', () => {
  it('shows focus on every control of the free dashboard, light and dark, primary buttons included', {
    timeout: 120_000,
  }, async () => {
    for (const theme of ['light', 'dark'] as const) {
      const page = await signedIn({ email: 'focus@example.com' }, { tickers: ['TSLA', 'AAPL'], forms: ['4'], theme });
      await page.goto(`${harness.url}/?brand=form4`);
      await cards(page).first().waitFor();
      expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(theme);
      expect(await stopsWithoutVisibleFocus(page, 45)).toEqual([]);
      // The primary button keeps its shadow and still shows the ring.
      const add = page.getByRole('button', { name: 'Add to Watchlist' });
      await page.getByRole('combobox', { name: 'Tickers or company names' }).focus();
      let presses = 0;
      while (presses < 12 && !(await add.evaluate((b) => b === document.activeElement))) {
        await page.keyboard.press('Tab');
        presses += 1;
      }
      // Ticker field -> notes -> the one form type this plan may follow -> Add.
      expect(presses).toBe(3);
      expect(await add.evaluate((b) => getComputedStyle(b).outlineStyle)).toBe('solid');
      await harness.screenshot(page, `focus-add-button-${theme}`);
      await page.close();
    }
  });
});

describe('item 10: card actions stay inside their card', () => {
  it('keeps Remove inside every card at 1366 px, light and dark', async () => {
    for (const theme of ['light', 'dark'] as const) {
      const page = await signedIn(
        { email: 'cards@example.com' },
        { tickers: ['TSLA', 'AAPL', 'NVDA'], forms: ['8-K'], theme },
      );
      await page.goto(`${harness.url}/?brand=8k`);
      await cards(page).nth(2).waitFor();
      for (const card of await cards(page).all()) {
        const box = (await card.boundingBox())!;
        for (const button of await card.locator('.ticker-card__actions > *').all()) {
          const b = (await button.boundingBox())!;
          expect(b.x).toBeGreaterThanOrEqual(box.x);
          expect(b.x + b.width).toBeLessThanOrEqual(box.x + box.width);
        }
      }
      expect(await harness.seriousA11yViolations(page)).toEqual([]);
      await harness.screenshot(page, `cards-1366-${theme}`);
      await page.close();
    }
  });
});

describe('item 11: an 8-K summary on a card leads to the filing', () => {
  it("links the 8-K card summary to the filing's card on the ticker page", { timeout: 240_000 }, async () => {
    const page = await signedIn({ email: 'eightk@example.com' }, { tickers: ['AAPL'], forms: ['8-K'] });
    await page.goto(`${harness.url}/?brand=8k`);
    const summary = page.locator('article.ticker-card[data-ticker="AAPL"] .latest-filing .filing-summary a');
    // The company's filings reach a new watchlist once its profile is loaded: reload until they show.
    await expect
      .poll(
        async () => {
          await page.reload();
          await cards(page).first().waitFor();
          return summary.count();
        },
        { timeout: 60_000, interval: 2_000 },
      )
      .toBe(1);
    await harness.screenshot(page, 'eightk-card-summary');
    expect(await page.locator('article.ticker-card[data-ticker="AAPL"] .form-tag').textContent()).toMatch(/^8-K/);
    const href = (await summary.getAttribute('href'))!;
    expect(href).toMatch(/^\/ticker\/AAPL#filing-\d+$/);
    await summary.click();
    await page.waitForURL(`${harness.url}${href}`);
    await page.locator(href.slice(href.indexOf('#'))).waitFor();
    await page.close();
  });
});

describe('item 9: no page is wider than a 390 px phone', () => {
  it('fits dashboard, ticker, insider, settings, pricing and admin at 390 px, light and dark', {
    timeout: 240_000,
  }, async () => {
    for (const theme of ['light', 'dark'] as const) {
      const pro = await signedIn(
        { email: 'phone@example.com', planType: 'pro', planStatus: 'active' },
        { tickers: ['TSLA', 'AAPL', 'NVDA'], forms: ['4', '8-K', '10-K', '10-Q'], theme, size: PHONE },
      );
      for (const [name, path] of [
        ['dashboard-pro', '/?brand=allfilings'],
        ['ticker', '/ticker/TSLA'],
        ['insider', '/insider/cik/1494730'],
        ['settings', '/settings'],
        ['pricing', '/pricing'],
      ] as const) {
        await pro.goto(`${harness.url}${path}`);
        await pro.locator('main h1, main h2').first().waitFor();
        await pro.waitForLoadState('networkidle');
        expect(await horizontalOverflow(pro), `${name} ${theme}`).toBeLessThanOrEqual(0);
        if (name === 'insider') {
          // Item 14: the header's "(N filed rows)", the table's heading and its rows agree.
          const facts = (await pro.locator('.tp-header__facts').textContent()) ?? '';
          const filed = Number(/\((\d+) filed rows?\)/.exec(facts)?.[1]);
          expect(await pro.getByRole('heading', { name: `Every filed row (${filed})` }).count()).toBe(1);
          expect(await pro.locator('.in-transactions tbody tr').count()).toBe(Math.min(filed, 50));
        }
        expect(await harness.seriousA11yViolations(pro), `${name} ${theme}`).toEqual([]);
        await harness.screenshot(pro, `phone-${name}-${theme}`);
      }
      await pro.close();
      const adminPage = await harness.newPage({
        ...PHONE,
        storage: {
          adminAuth: 'cookie',
          session: admin.session,
          'auth-user': JSON.stringify(toUserDto(admin.user)),
          themeMode: theme,
        },
        adminCookie: admin.bearer,
      });
      await adminPage.goto(`${harness.url}/admin`);
      await adminPage.getByRole('region', { name: 'Ingestion' }).waitFor();
      await adminPage.waitForLoadState('networkidle');
      expect(await horizontalOverflow(adminPage), `admin ${theme}`).toBeLessThanOrEqual(0);
      await harness.screenshot(adminPage, `phone-admin-${theme}`);
      await adminPage.close();
    }
  });

  it('shows the first filing card within the first screen of the free dashboard', async () => {
    const page = await signedIn(
      { email: 'phonefree@example.com' },
      { tickers: ['TSLA', 'AAPL'], forms: ['4'], size: PHONE },
    );
    await page.goto(`${harness.url}/?brand=form4`);
    const banner = page.locator('article.ticker-card .latest-filing').first();
    await banner.waitFor();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    const box = (await banner.boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(PHONE.height);
    await page.screenshot({
      path: `${process.env.SCREENSHOT_DIR ?? 'test-results/screenshots'}/phone-free-first-screen.png`,
    });
    await page.close();
  });
});

/** Upgrade prompts a reader sees now: links to /upgrade and upgrade buttons, in the viewport and not scrolled away inside a box. */
function promptsInView(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const shown = (el: Element) => {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.bottom <= 0 || r.top >= window.innerHeight || r.right <= 0 || r.left >= window.innerWidth)
        return false;
      for (let a = el.parentElement; a; a = a.parentElement) {
        if (getComputedStyle(a).overflowY === 'visible' && getComputedStyle(a).overflowX === 'visible') continue;
        const b = a.getBoundingClientRect();
        if (r.bottom <= b.top || r.top >= b.bottom) return false;
      }
      return true;
    };
    const prompts = new Set([...document.querySelectorAll('a[href="/upgrade"], .btn-upgrade')]);
    return [...prompts].filter(shown).map((el) => el.textContent?.trim() ?? '');
  });
}

/** Scrolls through the page a screen at a time; the most upgrade prompts seen at once. */
async function mostPromptsAtOnce(page: Page): Promise<string[]> {
  let most: string[] = [];
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  const step = (page.viewportSize()?.height ?? 800) / 2;
  for (let y = 0; y < height; y += step) {
    await page.evaluate((top) => window.scrollTo(0, top), y);
    const now = await promptsInView(page);
    if (now.length > most.length) most = now;
  }
  return most;
}

describe('item 13: few upgrade prompts; info banners dismissible and remembered', () => {
  it('shows a free user at most two upgrade prompts at once, desktop and phone', async () => {
    for (const size of [DESKTOP, PHONE]) {
      const page = await signedIn(
        { email: 'prompts@example.com' },
        { tickers: ['TSLA', 'AAPL', 'NVDA'], forms: ['4'], size },
      );
      await page.goto(`${harness.url}/?brand=form4`);
      await cards(page).nth(2).waitFor();
      expect(await mostPromptsAtOnce(page), `${size.width} px`).toHaveLength(2);
      await page.close();
    }
  });

  it('closes the two info banners and keeps them closed after a reload', async () => {
    const page = await signedIn({ email: 'banners@example.com' }, { tickers: ['TSLA'], forms: ['4'], size: PHONE });
    await page.goto(`${harness.url}/?brand=form4`);
    await cards(page).first().waitFor();
    await harness.screenshot(page, 'banners-before-dismiss-390');
    for (const name of ['Dismiss the real-time alerts note', 'Dismiss the recorded filings note'])
      await page.getByRole('button', { name }).click();
    expect(await page.locator('[data-banner]').count()).toBe(0);
    await page.reload();
    await cards(page).first().waitFor();
    expect(await page.getByRole('heading', { name: 'Get real-time alerts' }).count()).toBe(0);
    expect(await page.getByTestId('replay-note').count()).toBe(0);
    expect(await harness.seriousA11yViolations(page)).toEqual([]);
    await page.close();
  });
});

describe('item 15: the digest goes at the local morning hour of the browser the user signs in from', () => {
  it("saves the browser's time zone until the user picks one in settings", async () => {
    const { user, session } = await createSignedInUser(db, { email: 'tokyo@example.com' });
    const context = await harness.browser.newContext({ viewport: DESKTOP, timezoneId: 'Asia/Tokyo' });
    const page = await harness.newPage({
      context,
      storage: { session, 'auth-user': JSON.stringify(toUserDto(user)) },
    });
    await page.goto(`${harness.url}/settings`);
    const zoneOf = async () =>
      (await db.execute<{ time_zone: string }>(sql`select time_zone from users where id = ${user.id}`))[0]!.time_zone;
    await expect.poll(zoneOf, { timeout: 30_000 }).toBe('Asia/Tokyo');
    await page.reload();
    const zone = page.getByLabel('Time zone');
    await expect.poll(() => zone.inputValue()).toBe('Asia/Tokyo');
    // Picked by hand: a browser elsewhere no longer moves it.
    await zone.selectOption('Europe/London');
    await page.getByRole('button', { name: 'Save notification settings' }).click();
    await expect.poll(zoneOf, { timeout: 30_000 }).toBe('Europe/London');
    const elsewhere = await harness.browser.newContext({ viewport: DESKTOP, timezoneId: 'America/Los_Angeles' });
    const second = await harness.newPage({
      context: elsewhere,
      storage: { session, 'auth-user': JSON.stringify(toUserDto(user)) },
    });
    await second.goto(`${harness.url}/settings`);
    await second.getByLabel('Time zone').waitFor();
    await second.waitForLoadState('networkidle');
    expect(await zoneOf()).toBe('Europe/London');
    await context.close();
    await elsewhere.close();
  });
});

describe('item 14: theme offers System, Light and Dark; System follows the device', () => {
  it('starts on System and follows prefers-color-scheme; Light and Dark override it', async () => {
    const { user, session } = await createSignedInUser(db, { email: 'system-theme@example.com' });
    const context = await harness.browser.newContext({ viewport: PHONE, colorScheme: 'dark' });
    const page = await harness.newPage({ context, storage: { session, 'auth-user': JSON.stringify(toUserDto(user)) } });
    await page.goto(`${harness.url}/settings#theme`);
    const theme = () => page.evaluate(() => document.documentElement.dataset.theme);
    await page.getByRole('radio', { name: 'System' }).waitFor();
    expect(await page.getByRole('radio', { name: 'System' }).isChecked()).toBe(true);
    expect(await theme()).toBe('dark');
    await page.emulateMedia({ colorScheme: 'light' });
    await expect.poll(theme).toBe('light');
    await harness.screenshot(page, 'settings-theme-system-390');
    await page.getByRole('radio', { name: 'Dark' }).check();
    await expect.poll(theme).toBe('dark');
    await expect
      .poll(
        async () =>
          (await db.execute<{ theme: string }>(sql`select theme from preferences where user_id = ${user.id}`))[0]
            ?.theme,
      )
      .toBe('dark');
    expect(await harness.seriousA11yViolations(page)).toEqual([]);
    await harness.screenshot(page, 'settings-theme-dark-390');
    await context.close();
  });
});

describe('item 12: the table view shows what the cards show', () => {
  it('gives price (last close) and a market cap or its reason; the Insider brand names the trade', async () => {
    for (const theme of ['light', 'dark'] as const) {
      const page = await signedIn({ email: 'table@example.com' }, { tickers: ['TSLA', 'AAPL'], forms: ['4'], theme });
      await page.goto(`${harness.url}/?brand=form4`);
      await cards(page).first().waitFor();
      await page.getByRole('button', { name: 'Table', exact: true }).click();
      const headers = await page.locator('table.watchlist-table thead th').allTextContents();
      for (const name of ['Insider', 'Role', 'Shares', 'Value', 'Price', 'MCap'])
        expect(
          headers.some((h) => h.startsWith(name)),
          name,
        ).toBe(true);
      const row = page.locator('tr[data-ticker="TSLA"]');
      // The row's first cell is its ticker header (th); sortable headers carry an arrow after the name.
      const cell = (name: string) => row.locator('td').nth(headers.findIndex((h) => h.startsWith(name)) - 1);
      // The card's last close, marked as one.
      await expect.poll(() => cell('Price').textContent()).toMatch(/^\$[\d,]+\.\d{2}/);
      expect(await cell('Price').getAttribute('title')).toMatch(/^Last close on [A-Z][a-z]{2} \d{1,2}, \d{4}$/);
      expect(await cell('MCap').textContent()).toMatch(/^—/);
      expect(await cell('MCap').getAttribute('title')).toBe('Needs a live quote or a stored share count');
      // The latest Form 4: who traded, their role, the shares and the dollar value.
      expect(await cell('Insider').locator('a[href^="/insider/"]').count()).toBe(1);
      expect(await cell('Role').textContent()).not.toBe('');
      // A table under 1300 px folds the value under the shares (styles.css): read what is shown, where it is shown.
      expect(await cell('Shares').evaluate((td) => td.firstChild?.textContent ?? '')).toMatch(/^[+−]?[\d,]+$/);
      const folded = !(await cell('Value').isVisible());
      const valueUnder = cell('Shares').locator('.insider-value');
      expect(await valueUnder.isVisible()).toBe(folded);
      expect(await (folded ? valueUnder : cell('Value')).textContent()).toMatch(/^(\$[\d.,]+[KMB]?|—)$/);
      expect(await harness.seriousA11yViolations(page)).toEqual([]);
      await harness.screenshot(page, `table-insider-1366-${theme}`);
      await page.close();
    }
  });
});
