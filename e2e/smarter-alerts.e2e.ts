import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { previewTemplate } from '#server/domains/alerts/email/templates';
import { toUserDto } from '#server/domains/auth/session.service';
import { linkFiling } from '#server/domains/threads/threads.service';
import { insertRealFilings, realFilings } from '#server/test/real-filings';
import { createSignedInUser } from '#server/test/users';
import { startBrowserHarness } from './harness';

// Issue #18 in the browser: a story thread on the ticker page (Apple's results 8-K of May 4, 2023
// and the 10-Q of that quarter, from SEC's submissions JSON, linked by the thread rules), the
// routing settings, and the alert email as a mail client shows it.
const harness = await startBrowserHarness();
const db = harness.database.db;

describe('story threads and routing', () => {
  it('shows the results 8-K and its 10-Q as a thread on the ticker page, with why they were linked', async () => {
    const apple = realFilings('AAPL').filter((f) =>
      ['0000320193-23-000063', '0000320193-23-000064'].includes(f.accessionNo),
    );
    const ids = await insertRealFilings(db, apple, {
      ticker: 'AAPL',
      importance: (f) => (f.form === '8-K' ? 'HIGH' : 'MEDIUM'),
    });
    for (const id of ids) await linkFiling(db, { filingId: id });
    const { user, session } = await createSignedInUser(db, { email: 'reader@example.com' });
    const page = await harness.newPage({ storage: { session, 'auth-user': JSON.stringify(toUserDto(user)) } });
    await page.goto(`${harness.url}/ticker/AAPL`);
    const thread = page.getByTestId('story-thread');
    await thread.waitFor();
    expect(await page.getByRole('heading', { name: 'Story threads' }).isVisible()).toBe(true);
    expect(await thread.getByRole('heading', { level: 3 }).textContent()).toBe('Results and the report');
    expect(await thread.locator('.tp-thread__form').allTextContents()).toEqual(['8-K', '10-Q']);
    await thread.getByText('Follows the 8-K of May 4, 2023: why?').click();
    expect(await thread.locator('.tp-thread__why p').textContent()).toContain(
      'The 10-Q for the period ended 2023-04-01',
    );
    expect(await thread.locator('.tp-thread__fields').textContent()).toContain('period ended 2023-04-01');
    expect(await harness.seriousA11yViolations(page)).toEqual([]);
    await page.locator('.tp-threads').scrollIntoViewIfNeeded();
    await page
      .locator('.tp-threads')
      .screenshot({ path: `${await harness.screenshot(page, 'ticker-story-thread')}`.replace('.png', '-section.png') });
  });

  it('changes the routing in Settings: digest below the email level, pre-market brief and its time', async () => {
    const { user, session } = await createSignedInUser(db, {
      email: 'router@example.com',
      planType: 'pro',
      planStatus: 'active',
      routing: 'defaults',
    });
    const page = await harness.newPage({ storage: { session, 'auth-user': JSON.stringify(toUserDto(user)) } });
    await page.goto(`${harness.url}/settings`);
    const brief = page.getByLabel('Bundle filings from the market close to 09:30 ET into one pre-market brief email');
    await brief.waitFor();
    expect(await brief.isChecked()).toBe(true);
    expect(await page.getByLabel('Brief time (New York)').inputValue()).toBe('08:00');
    expect(await page.getByLabel('Only email alerts of at least').inputValue()).toBe('HIGH');
    expect(await page.getByLabel('Only text alerts of at least').inputValue()).toBe('CRITICAL');
    await page.getByLabel('Brief time (New York)').fill('07:15');
    await page.getByLabel('Put filings below my email level in the daily digest').uncheck();
    await page.getByRole('button', { name: 'Save notification settings' }).click();
    await page.getByText('Notification settings saved.').waitFor();
    const [row] = await db.execute<{
      brief_minute: number;
      digest_below_threshold: boolean;
      brief_enabled: boolean;
    }>(sql`
      select brief_minute, digest_below_threshold, brief_enabled from users where id = ${user.id}`);
    expect(row).toEqual({ brief_minute: 435, digest_below_threshold: false, brief_enabled: true });
    await page.reload();
    await expect.poll(() => page.getByLabel('Brief time (New York)').inputValue()).toBe('07:15');
    expect(await harness.seriousA11yViolations(page)).toEqual([]);
    await page.locator('#notifications').scrollIntoViewIfNeeded();
    await page
      .locator('#notifications')
      .screenshot({ path: (await harness.screenshot(page, 'settings-routing')).replace('.png', '-section.png') });
  });

  it('renders the alert and brief emails as a mail client shows them (light and dark)', async () => {
    const page = await harness.newPage({ width: 700, height: 900 });
    for (const id of ['alert', 'brief'] as const) {
      await page.setContent((await previewTemplate(id))!.html);
      await harness.screenshot(page, `email-${id}`);
    }
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.setContent((await previewTemplate('alert'))!.html);
    await harness.screenshot(page, 'email-alert-dark');
    expect(await page.getByRole('link', { name: 'Read the Form 4 on SEC EDGAR' }).getAttribute('href')).toMatch(
      /^https:\/\/www\.sec\.gov\//,
    );
  });
});
