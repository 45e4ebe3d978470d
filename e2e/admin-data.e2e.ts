/**
 * An admin signs in and works through the data sections in a real browser: tickers (a mapping
 * by hand, the refresh job from SEC's ticker file with its progress), filings (search, a filing's
 * facts, an importance review that the public ticker page then shows as "reviewed", a range
 * rescore job), notifications (a real dead letter retried, a test email) and theme (a failing
 * contrast refused live, a passing theme saved and seen on the landing page). Screenshots and axe.
 */
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { adminJobTask } from '#server/domains/admin/admin-jobs.tasks';
import { tickerCatalogue } from '#server/domains/tickers/ticker-catalogue';
import { createEdgarSource } from '#server/integrations/edgar/edgar-source';
import { startJobRunner } from '#server/jobs/runner';
import { storeReplayFilings } from '#server/test/replay-filings';
import { createSignedInUser } from '#server/test/users';
import { checkedScreen, openSection, signInAsAdmin } from './admin-steps';
import { startBrowserHarness } from './harness';

const META_8K = '0001628280-25-058337'; // Item 5.02: a director resigns without dispute, LOW by content
const harness = await startBrowserHarness({
  customise: (d) => ({ ...d, edgar: createEdgarSource({ ...d.env, EDGAR_REPLAY_INITIAL: 0 }) }),
});
const db = harness.deps.db;
// The admin jobs' queue worker, as `npm start` runs it.
const runner = await startJobRunner(harness.deps, [adminJobTask], { concurrency: 1, pollIntervalMs: 500 });
afterAll(async () => {
  await runner.stop();
  await harness.deps.edgar?.stop();
});
// SEC's ticker file as shipped, as a server loads it on first use (filings get their ticker from it).
await tickerCatalogue(harness.deps).get();
const metaId = (await storeReplayFilings(db, [META_8K])).get(META_8K)!;
const reader = await createSignedInUser(db, { email: 'reader@example.com' });
await db.execute(sql`insert into watchlist_items (user_id, ticker) values (${reader.user.id}, 'META')`);
await db.execute(sql`
  insert into alerts (user_id, filing_id, channel, status, attempts, last_error, error_code)
  values (${reader.user.id}, ${metaId}, 'email', 'dead', 5, '550 5.1.1 <reader@example.com>: Recipient address rejected: User unknown', '550')`);

// Sent alerts with their receipts (decision 208): an email the mail server accepted, a text the carrier delivered.
const texter = await createSignedInUser(db, { email: 'texter@example.com', phone: '+12025550190' });
await db.execute(sql`
  insert into alerts (user_id, filing_id, channel, status, attempts, provider_message_id, created_at, sent_at, provider_status, delivered_at, provider_response)
  values (${texter.user.id}, ${metaId}, 'email', 'sent', 1, '<a1@alerts.test>', now() - interval '42 seconds', now() - interval '40 seconds', 'accepted', now() - interval '40 seconds', '250 2.0.0 Ok: queued as 3F2A91C0'),
    (${texter.user.id}, ${metaId}, 'sms', 'sent', 1, ${`SM${'0f'.repeat(16)}`}, now() - interval '42 seconds', now() - interval '41 seconds', 'delivered', now() - interval '36 seconds', null)`);

const admin = await createSignedInUser(db, { email: 'ops@example.com', isAdmin: true });

describe('admin data sections', () => {
  it('tickers: watchers, a mapping by hand, the refresh job with progress', async () => {
    const page = await signInAsAdmin(harness, admin.user);
    await openSection(page, 'Tickers');
    const table = page.getByRole('table', { name: 'Tickers with their watchers' });
    await table.getByRole('row').nth(1).waitFor();
    expect(await table.getByRole('row').nth(1).textContent()).toMatch(/^META.*1326801 *1SEC file$/);
    await page.getByLabel('Ticker', { exact: true }).fill('BRK.X');
    await page.getByLabel('CIK', { exact: true }).fill('1067983');
    await page.getByLabel('Company name').fill('Berkshire Hathaway Inc (test class)');
    await page.getByLabel('Note (why)').fill('Share class missing from SEC file');
    await page.getByRole('button', { name: 'Save mapping' }).click();
    await page.getByText('BRK.X now maps to CIK 1067983').waitFor();
    await page.getByRole('button', { name: 'Refresh the catalogue' }).click();
    await page.getByText(/tickers loaded: \d+ new or changed, \d+ no longer listed\./).waitFor({ timeout: 30_000 });
    await page.getByRole('search', { name: 'Search the catalogue' }).getByLabel('Ticker, company or CIK').fill('BRK');
    await page.getByRole('button', { name: 'Apply' }).click();
    await table.getByText('Set by hand: Share class missing from SEC file').waitFor();
    await checkedScreen(harness, page, 'admin-tickers');
    const [audit] = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from admin_audit where action in ('tickers.setMapping', 'tickers.refresh')`,
    );
    expect(audit!.n).toBe(2);
  });

  it('filings: search, facts, a review users see as "reviewed", a range rescore job', async () => {
    const page = await signInAsAdmin(harness, admin.user);
    await openSection(page, 'Filings');
    await page.getByLabel('Ticker').fill('META');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByRole('link', { name: /Meta Platforms/ }).click();
    await page.getByRole('heading', { name: /0001628280-25-058337/ }).waitFor();
    expect(await page.getByLabel('Parsed facts as stored').textContent()).toContain('"kind": "current"');
    await checkedScreen(harness, page, 'admin-filing-detail');
    // One filing's rescore and re-ingest ask first too, as the range rescore does; Cancel withdraws the question.
    await page.getByRole('button', { name: 'Rescore with today’s rules' }).click();
    const askRescore = page.getByRole('group', { name: 'Confirm the rescore' });
    expect(await askRescore.textContent()).toContain(
      'This filing is scored again with today’s rules; its label may change.',
    );
    await harness.screenshot(page, 'admin-filing-rescore-confirm');
    await askRescore.getByRole('button', { name: 'Cancel' }).click();
    await askRescore.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Re-ingest from EDGAR' }).click();
    expect(await page.getByRole('group', { name: 'Confirm the re-ingest' }).textContent()).toContain(
      'This filing is fetched from EDGAR again, parsed anew and scored with today’s rules',
    );
    await harness.screenshot(page, 'admin-filing-reingest-confirm');
    await page.getByRole('button', { name: 'Yes, re-ingest this filing' }).click();
    await page.getByText('The rules still say LOW.').waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Rescore with today’s rules' }).click();
    await page.getByRole('button', { name: 'Yes, rescore this filing' }).click();
    await page.getByRole('group', { name: 'Confirm the rescore' }).waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Override the importance' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('New importance').selectOption('MEDIUM');
    await dialog.getByLabel('Reason (required)').fill('Director left the same week as the CFO');
    await harness.screenshot(page, 'admin-filing-review-dialog');
    await dialog.getByRole('button', { name: 'Save the review' }).click();
    await page.getByText(/Reviewed .*Director left the same week as the CFO.*The rules say LOW/).waitFor();

    const visitor = await harness.newPage();
    await visitor.goto(`${harness.url}/ticker/META`);
    const card = visitor.locator(`#filing-${metaId}`);
    await card.getByText('reviewed').waitFor();
    expect(await card.locator('[data-importance]').textContent()).toBe('MEDIUM');
    await harness.screenshot(visitor, 'admin-filing-reviewed-user-side');

    await page.getByRole('button', { name: 'Back to the search' }).click();
    await page.getByLabel('Filed from').last().fill('2025-12-01');
    await page.getByLabel('Filed to').last().fill('2025-12-31');
    await page.getByRole('button', { name: 'Rescore the range' }).click();
    // A bulk relabel asks first, saying which filings it touches; nothing starts until confirmed.
    expect(await page.getByRole('group', { name: 'Confirm the rescore' }).textContent()).toContain(
      'Every filing filed from 2025-12-01 to 2025-12-31 is scored again with today’s rules; labels may change.',
    );
    await page.getByRole('button', { name: 'Yes, rescore these filings' }).click();
    await page.getByText(/1 filing rescored; 0 changed labels\./).waitFor({ timeout: 30_000 });
    // After a parser change: each filing fetched from EDGAR again (the offline replay) and parsed anew.
    await page.getByLabel('Fetch each filing from EDGAR again (after a parser change)').check();
    await page.getByRole('button', { name: 'Rescore the range' }).click();
    await page.getByRole('button', { name: 'Yes, rescore these filings' }).click();
    await page
      .getByText(/1 filing rescored; 0 changed labels\. 1 fetched again from EDGAR\./)
      .waitFor({ timeout: 30_000 });
    await checkedScreen(harness, page, 'admin-filings');
  });

  it('notifications: the dead letter with the provider’s error, retried; a test email', async () => {
    const page = await signInAsAdmin(harness, admin.user);
    await openSection(page, 'Notifications');
    await page.getByText('Recipient address rejected: User unknown').first().waitFor();
    await checkedScreen(harness, page, 'admin-notifications');
    await page.getByRole('button', { name: 'Send me a test email' }).click();
    await page.getByText(/Test email accepted for ops@example.com/).waitFor();
    await page.getByRole('button', { name: /^Retry alert/ }).click();
    await page.getByText(/No dead letters\./).waitFor();
    await harness.screenshot(page, 'admin-notifications-after');
    // Sent deliveries show when they were sent and delivered.
    await page.getByRole('search', { name: 'Filter deliveries' }).getByLabel('Status').selectOption('sent');
    await page.getByRole('search', { name: 'Filter deliveries' }).getByRole('button', { name: 'Apply' }).click();
    await page.getByRole('cell', { name: '+12025550190' }).waitFor();
    const header = await page
      .getByRole('table', { name: /Deliveries/ })
      .locator('thead')
      .textContent();
    expect(header).toContain('Delivered');
    expect(
      await page
        .getByRole('row', { name: /\+12025550190/ })
        .locator('td')
        .count(),
    ).toBeGreaterThan(3);
    await harness.screenshot(page, 'admin-notifications-delivered');
    const [row] = await db.execute<{ status: string }>(
      sql`select status from alerts where user_id = ${reader.user.id}`,
    );
    expect(row!.status).not.toBe('dead');
  });

  it('theme: a failing contrast is refused as you type; a passing theme reaches the landing page', async () => {
    const page = await signInAsAdmin(harness, admin.user);
    await openSection(page, 'Theme');
    await page.getByLabel('Brand').selectOption('form4');
    await page.getByLabel('Name').fill('Insider Desk');
    await page.getByLabel('Primary colour (hex)').fill('#9ec5fe');
    await page.getByText(/White text on the primary colour .* needs at least 4\.5:1/).waitFor();
    expect(await page.getByRole('button', { name: 'Save theme' }).isDisabled()).toBe(true);
    await harness.screenshot(page, 'admin-theme-refused');
    await page.getByLabel('Primary colour (hex)').fill('#065f46');
    await page.getByRole('button', { name: 'Save theme' }).click();
    await page.getByText('Insider Desk saved.').waitFor();
    await checkedScreen(harness, page, 'admin-theme');
    const visitor = await harness.newPage();
    await visitor.goto(`${harness.url}/?brand=form4`);
    await visitor.getByRole('banner').getByText('Insider Desk').waitFor();
    expect(await visitor.title()).toContain('Insider Desk');
    await harness.screenshot(visitor, 'admin-theme-user-side');
  });
});
