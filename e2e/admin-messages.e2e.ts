import { dirname, join } from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { toUserDto } from '#server/domains/auth/session.service';
import { saveAnalysis } from '#server/domains/filings/filings.repo';
import { createAdminBearer } from '#server/test/admin';
import { insertRealFilings, realFilings } from '#server/test/real-filings';
import { createSignedInUser } from '#server/test/users';
import { startBrowserHarness } from './harness';

// Issue #14's message sections in the browser, signed in with the admin credential: the AI feedback
// a PRO reader gave on Apple's real 8-K (its cached analysis and an assistant answer citing it),
// filtered and marked reviewed (audited); then the message templates previewed with real filings.
const harness = await startBrowserHarness();
const db = harness.database.db;
const admin = await createAdminBearer(db);

const adminPage = () =>
  harness.newPage({
    width: 1280,
    height: 900,
    storage: { adminAuth: 'cookie', session: admin.session, 'auth-user': JSON.stringify(toUserDto(admin.user)) },
    adminCookie: admin.bearer,
  });

describe('admin: AI feedback and message templates', () => {
  it('lists the feedback waiting for review, filters it and marks one reviewed', async () => {
    const reader = await createSignedInUser(db, { email: 'reader@example.com', planType: 'pro', planStatus: 'active' });
    const [eightK] = realFilings('AAPL', { forms: ['8-K'] });
    const [filingId] = await insertRealFilings(db, [eightK!], { ticker: 'AAPL', importance: 'HIGH' });
    await saveAnalysis(db, {
      filingId: filingId!,
      model: 'peer-model',
      summary: 'Apple reported quarterly results; the press release is attached as Exhibit 99.1.',
      latencyMs: 10,
    });
    await db.execute(
      sql`insert into analysis_feedback (user_id, filing_id, vote, comment, model) values (${reader.user.id}, ${filingId!}, -1, 'It does not say how revenue changed.', 'peer-model')`,
    );
    const [conversation] = await db.execute<{ id: string }>(
      sql`insert into assistant_conversations (user_id) values (${reader.user.id}) returning id`,
    );
    const [message] = await db.execute<{ id: number }>(sql`
      insert into assistant_messages (conversation_id, user_id, question, answer, tier, intent)
      values (${conversation!.id}, ${reader.user.id}, 'What did Apple file last?',
        ${JSON.stringify({ text: `Apple filed an 8-K with its quarterly results [[acc:${eightK!.accessionNo}]].`, citations: [eightK!.accessionNo] })}::jsonb, 1, 'latest')
      returning id::float8 as id`);
    await db.execute(
      sql`insert into assistant_feedback (message_id, user_id, vote, comment) values (${message!.id}, ${reader.user.id}, 1, 'Quick and right.')`,
    );

    const page = await adminPage();
    await page.goto(`${harness.url}/admin/ai-feedback`);
    const table = page.locator('.admin-table');
    await table.waitFor();
    expect(await table.locator('tbody tr').count()).toBe(2);
    expect(await table.textContent()).toContain('It does not say how revenue changed.');
    expect(await table.textContent()).toContain('What did Apple file last?');
    expect(await harness.seriousA11yViolations(page)).toEqual([]);
    await harness.screenshot(page, 'admin-ai-feedback');

    // Only thumbs down: the server filters.
    await page.getByLabel('Vote').selectOption('down');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect.poll(() => table.locator('tbody tr').count()).toBe(1);
    await table.getByRole('button', { name: 'Mark reviewed' }).click();
    // Waiting for review is the filter: the reviewed one leaves the list.
    await page.getByText('No feedback matches.', { exact: false }).waitFor();
    const [row] = await db.execute<{ reviewed_by: string | null }>(
      sql`select reviewed_by from analysis_feedback where filing_id = ${filingId!}`,
    );
    expect(row!.reviewed_by).toBe(admin.user.id);
    const audit = await db.execute(
      sql`select 1 from admin_audit where action = 'feedback.markReviewed' and target_type = 'analysis_feedback'`,
    );
    expect(audit).toHaveLength(1);

    await page.getByLabel('Review').selectOption('yes');
    await page.getByRole('button', { name: 'Apply' }).click();
    await table.getByRole('button', { name: 'Mark not reviewed' }).waitFor();
    expect(await table.textContent()).toContain('Reviewed');
    expect(await harness.seriousA11yViolations(page)).toEqual([]);
    await harness.screenshot(page, 'admin-ai-feedback-reviewed');
  });

  it('previews each message template with real filings', async () => {
    const page = await adminPage();
    await page.goto(`${harness.url}/admin/message-templates`);
    const frame = page.locator('iframe[title="Email preview"]');
    await frame.waitFor();
    await expect
      .poll(async () => (await frame.getAttribute('srcdoc'))?.includes('Wilson-Thompson') ?? false)
      .toBe(true);
    // The email's inline styles apply inside the sandboxed frame (it inherits the page's CSP).
    const headline = page.frameLocator('iframe[title="Email preview"]').locator('h1');
    expect(await headline.evaluate((el) => getComputedStyle(el).fontSize)).toBe('20px');
    expect(await harness.seriousA11yViolations(page)).toEqual([]);
    const shot = await harness.screenshot(page, 'admin-message-templates');
    // A full-page capture leaves a sandboxed frame below the fold unpainted; the frame itself, in view, is what an admin sees.
    await frame.scrollIntoViewIfNeeded();
    await frame.screenshot({
      path: join(dirname(shot), 'admin-message-templates-layout-frame.png'),
      animations: 'disabled',
    });
  });

  it('edits the alert text and email copy with a live preview and segment counter, saves versions and reverts', async () => {
    const page = await adminPage();
    await page.goto(`${harness.url}/admin/message-templates`);
    await page.getByLabel('Editable template').selectOption('alert-sms');
    const text = page.getByLabel('Text message');
    const smsPreview = page.getByTestId('sms-preview');
    const counter = page.getByTestId('segment-counter');
    await expect
      .poll(() => smsPreview.textContent())
      .toMatch(/^Insider Trades Alerts: TSLA .+ https:\/\/alerts\.example\/f\/1$/);

    // Too long for one segment: the counter says so, the problem is listed and saving is off.
    await text.fill(`{{ticker}} ${'Please read this before the market opens. '.repeat(3)}{{oneLiner}} {{link}}`);
    await page.getByRole('list', { name: 'Problems' }).waitFor();
    await expect.poll(() => counter.textContent()).toMatch(/2 segments/);
    expect(await page.getByRole('button', { name: 'Save as new version' }).isDisabled()).toBe(true);
    expect(await harness.seriousA11yViolations(page)).toEqual([]);
    await harness.screenshot(page, 'admin-message-templates-sms-too-long');

    await text.fill('ALERT {{ticker}} {{importance}}: {{oneLiner}} {{link}}');
    await expect.poll(() => smsPreview.textContent()).toMatch(/^ALERT TSLA /);
    await expect.poll(() => counter.textContent()).toMatch(/^\d+ of 160 characters \(GSM-7\), 1 segment$/);
    await page.getByLabel('Reason (optional, kept in the audit log)').fill('Shorter text');
    await page.getByRole('button', { name: 'Save as new version' }).click();
    await page.getByText('Saved as version 1').waitFor();
    const [sms] = await db.execute<{ fields: { text: string }; reason: string }>(
      sql`select fields, reason from message_template_versions where template_id = 'alert-sms'`,
    );
    expect(sms).toMatchObject({
      fields: { text: 'ALERT {{ticker}} {{importance}}: {{oneLiner}} {{link}}' },
      reason: 'Shorter text',
    });
    expect(await harness.seriousA11yViolations(page)).toEqual([]);
    await harness.screenshot(page, 'admin-message-templates-sms-saved');

    // The email subject: preview, save, then back to the code default (audited).
    await page.getByLabel('Editable template').selectOption('alert-email');
    await page.getByLabel('Subject line').fill('Heads up: {{ticker}} filed {{aForm}}');
    await expect.poll(() => page.getByTestId('subject-preview').textContent()).toBe('Heads up: TSLA filed a Form 4');
    await page.getByRole('button', { name: 'Save as new version' }).click();
    await page.getByText('Saved as version 1').waitFor();
    await page.getByRole('button', { name: 'Revert to the code default' }).click();
    await page.getByRole('button', { name: 'Revert', exact: true }).click();
    await page.getByText('The code default is sent again.').waitFor();
    await expect.poll(() => page.getByTestId('subject-preview').textContent()).toMatch(/^TSLA Form 4 · /);
    const [active] = await db.execute<{ version_id: number | null }>(
      sql`select version_id from message_template_active where template_id = 'alert-email'`,
    );
    expect(active!.version_id).toBeNull();
    expect(await db.execute(sql`select 1 from admin_audit where action like 'messageTemplates.%'`)).toHaveLength(3);
    expect(await harness.seriousA11yViolations(page)).toEqual([]);
    await harness.screenshot(page, 'admin-message-templates-email-reverted');
  });

  it('edits the daily digest subject and heading, previewed through the send path with stored filings', async () => {
    // A real Tesla 8-K stored now: the newest filing, so the digest preview lists it.
    const [tesla8k] = realFilings('TSLA', { forms: ['8-K'] });
    await insertRealFilings(db, [{ ...tesla8k!, acceptedAt: new Date() }], { ticker: 'TSLA', importance: 'CRITICAL' });
    const page = await adminPage();
    await page.goto(`${harness.url}/admin/message-templates`);
    await page.getByLabel('Editable template').selectOption('digest-email');
    await page.getByRole('heading', { name: 'Preview with the newest stored filings' }).waitFor();
    const subject = page.getByTestId('subject-preview');
    await expect
      .poll(() => subject.textContent())
      .toMatch(/^Insider Trades Alerts daily digest: \d+ new filings? for TSLA/);

    await page.getByLabel('Subject line').fill('Today on {{brand}}: {{tickers}} ({{count}})');
    await page.getByLabel('Heading (first line of the email)').fill('{{newFilings}} while you were away, {{date}}');
    await expect.poll(() => subject.textContent()).toMatch(/^Today on Insider Trades Alerts: TSLA\b.* \(\d+\)$/);
    const heading = page.frameLocator('iframe[title="Edited email preview"]').locator('h1');
    await expect
      .poll(() => heading.textContent())
      .toMatch(/^\d+ new filings? while you were away, \w+day, \w+ \d+, \d{4}$/);
    // An unknown variable: listed, and saving is off until it is fixed.
    await page.getByLabel('Subject line').fill('{{ticker}} today');
    await page.getByRole('list', { name: 'Problems' }).waitFor();
    expect(await page.getByRole('list', { name: 'Problems' }).textContent()).toContain(
      '{{ticker}}, which is not a variable of this template',
    );
    expect(await page.getByRole('button', { name: 'Save as new version' }).isDisabled()).toBe(true);
    await page.getByLabel('Subject line').fill('Today on {{brand}}: {{tickers}} ({{count}})');
    await expect.poll(() => page.getByRole('button', { name: 'Save as new version' }).isDisabled()).toBe(false);
    await page.getByLabel('Reason (optional, kept in the audit log)').fill('Friendlier digest');
    await page.getByRole('button', { name: 'Save as new version' }).click();
    await page.getByText('Saved as version 1: the next daily digest uses it.').waitFor();
    const [digest] = await db.execute<{ fields: Record<string, string>; reason: string }>(
      sql`select fields, reason from message_template_versions where template_id = 'digest-email'`,
    );
    expect(digest).toMatchObject({
      fields: {
        subject: 'Today on {{brand}}: {{tickers}} ({{count}})',
        title: '{{newFilings}} while you were away, {{date}}',
      },
      reason: 'Friendlier digest',
    });
    expect(
      await db.execute(
        sql`select 1 from admin_audit where action = 'messageTemplates.save' and target_id = 'digest-email'`,
      ),
    ).toHaveLength(1);
    expect(await harness.seriousA11yViolations(page)).toEqual([]);
    await harness.screenshot(page, 'admin-message-templates-digest-edited');
  });
});
