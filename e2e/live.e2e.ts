import { describe, expect, it } from 'vitest';
import { toUserDto } from '#server/domains/auth/session.service';
import { storeParsedFiling } from '#server/domains/filings/filings.service';
import { parseFiling } from '#server/edgar-model/parse/index';
import { edgarFixture } from '#server/test/edgar-fixtures';
import { createSignedInUser } from '#server/test/users';
import { startBrowserHarness } from './harness';
import { proSubscriber } from './pro-subscriber';

const harness = await startBrowserHarness();
const db = harness.database.db;

/** Stores a real recorded filing the way the ingest worker does (commit, then NOTIFY filing_scored). */
const storeReal = (file: string, accessionNo: string) =>
  storeParsedFiling(db, { parsed: parseFiling(edgarFixture(file), { accessionNo }), meta: { source: 'manual' } });

describe("journey 4: a PRO user's dashboard receives a live filing without reload", () => {
  it('updates the card, its badge and counts in place and shows a short notice', async () => {
    const { storage } = await proSubscriber(db, harness.url, {
      email: 'pro@example.com',
      tickers: 'TSLA,GOOG',
      forms: '4,8-K',
    });
    await storeReal('0000899243-22-035394_tsla_musk_S_9_rows.txt', '0000899243-22-035394');

    const page = await harness.newPage({ storage });
    await page.goto(`${harness.url}/`);
    const goog = page.locator('article.ticker-card[data-ticker="GOOG"]');
    await goog.waitFor();
    expect(await page.locator('.pro-badge').first().textContent()).toBe('PRO');
    expect(await page.getByRole('link', { name: 'Upgrade' }).count()).toBe(0);
    expect(await page.getByText('Get real-time alerts').count()).toBe(0);
    expect(await goog.locator('.latest-filing').textContent()).toBe('No recent activity');
    expect(await goog.getByTestId('unseen-badge').count()).toBe(0);
    // PRO: every form unlocked, NEW_LISTINGS included by default.
    expect(await page.getByRole('checkbox', { name: '13D' }).isDisabled()).toBe(false);
    expect(await page.getByRole('checkbox', { name: 'Follow NEW_LISTINGS for these tickers' }).isChecked()).toBe(true);

    // 'pending' is the server's acknowledgement: tRPC sends 'started' only once openLiveFeed has
    // returned, i.e. the hub is listening and has indexed this user's watchlist (LiveHub.subscribe),
    // so every filing committed from here on reaches the page.
    await expect
      .poll(() => page.getByTestId('live-indicator').getAttribute('data-state'), { timeout: 30_000 })
      .toBe('pending');
    expect(harness.deps.live.subscriberCount).toBe(1);
    await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
    await storeReal('goog_brin_2022-04-13_S_indirect.xml', '0001209191-22-024552');

    const notice = page.getByTestId('live-notice');
    await notice.waitFor({ timeout: 30_000 });
    expect(await notice.textContent()).toMatch(
      /^New (CRITICAL|HIGH|MEDIUM|LOW) 4 filing for GOOG: .*sold 2,710 shares/,
    );
    await expect.poll(() => goog.locator('.latest-filing').textContent()).toMatch(/sold 2,710 shares/);
    expect(await goog.getByTestId('unseen-badge').textContent()).toBe('1 new');
    expect(await goog.getAttribute('class')).toContain('ticker-card--flash');
    expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
    await harness.screenshot(page, 'journey4-live-filing');

    // The table view shows the same state (one cache feeds both views).
    await page.getByRole('button', { name: 'Table', exact: true }).click();
    const row = page.locator('tr[data-ticker="GOOG"]');
    expect(await row.getByTestId('unseen-badge').textContent()).toBe('1 new');
    expect(await row.locator('.summary-cell').textContent()).toMatch(/sold 2,710 shares/);
    expect(await harness.seriousA11yViolations(page)).toEqual([]);
  });
});

describe('the admin area', () => {
  it('sends a visitor without the admin credential to /admin/login, where a signed-in admin opens it', async () => {
    const { user, session } = await createSignedInUser(db, { email: 'admin@example.com', isAdmin: true });
    const page = await harness.newPage({ storage: { session, 'auth-user': JSON.stringify(toUserDto(user)) } });
    await page.goto(`${harness.url}/admin/users`);
    await page.waitForURL(`${harness.url}/admin/login`);
    await page.getByRole('button', { name: 'Open the admin area' }).click();
    await page.waitForURL(`${harness.url}/admin`);
    await page.getByRole('banner').getByText('admin@example.com').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('adminAuth'))).toBeTruthy();
    await page.getByRole('link', { name: 'Users' }).click();
    await page.getByRole('heading', { name: 'Users' }).waitFor();
    // Removing the credential in another tab closes the area here on the next check (focus).
    await page.evaluate(() => {
      localStorage.removeItem('adminAuth');
      window.dispatchEvent(new Event('focus'));
    });
    await page.waitForURL(`${harness.url}/admin/login`);
  });
});
