import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { codeFromText } from '#server/test/auth-client';
import { startSmtpPeer } from '#server/test/peers/smtp';
import { startTwilioPeer } from '#server/test/peers/twilio';
import { loadShippedHistory } from '#server/domains/prices/shipped-history';
import { startBrowserHarness } from './harness';

// Mail goes over real SMTP to a local server, texts to a local peer speaking Twilio's API.
const smtp = await startSmtpPeer();
const twilio = await startTwilioPeer();
afterAll(async () => {
  await smtp.close();
  await twilio.close();
});
const harness = await startBrowserHarness({ env: { ...smtp.env, ...twilio.env } });

async function addTickers(page: Page, tickers: string) {
  await page.goto(`${harness.url}/`);
  await page.getByRole('button', { name: 'Add Your First Ticker' }).click();
  const field = page.getByRole('combobox', { name: 'Tickers or company names' });
  await field.fill(tickers);
  await field.press('Escape');
  await page.getByRole('button', { name: 'Add to Watchlist' }).click();
  await page.getByRole('heading', { name: 'Your watchlist' }).waitFor();
}

const cardTickers = (page: Page) =>
  page.locator('article.ticker-card').evaluateAll((cards) => cards.map((c) => c.getAttribute('data-ticker')));

describe('journey 2: SMS-code login keeps the watchlist', () => {
  it('signs in with the texted code and keeps the anonymous watchlist', async () => {
    // The shipped daily prices (servers load them at start; this harness runs no workers).
    await loadShippedHistory(harness.deps.db, { tickers: ['AAPL', 'MSFT'] });
    const page = await harness.newPage();
    await addTickers(page, 'AAPL, MSFT');
    expect((await cardTickers(page)).sort()).toEqual(['AAPL', 'MSFT']);
    // Step 1 gave way to the full view: the success line shows there.
    await page.getByRole('status').filter({ hasText: '✅ 2 tickers added' }).first().waitFor();
    // Live quotes are off by default: the cards show the last stored close and its day.
    const appleQuote = page.locator('article[data-ticker="AAPL"] .ticker-card__lastclose');
    await appleQuote.waitFor();
    expect(await appleQuote.textContent()).toMatch(/^Last close \$[\d,]+\.\d\d on [A-Z][a-z]{2} \d{1,2}, \d{4}$/);
    await harness.screenshot(page, 'dashboard-last-close');

    await page.getByRole('link', { name: 'Login' }).click();
    const identifier = page.getByLabel('Email or phone');
    await identifier.fill('someone@example.com');
    expect(await page.getByText('Detected: Email').isVisible()).toBe(true);
    await identifier.fill('(415) 555-0134');
    expect(await page.getByText('Detected: Phone').isVisible()).toBe(true);
    expect(await harness.seriousA11yViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Send Verification Code' }).click();

    const code = page.getByLabel('Verification code');
    await code.waitFor();
    const sms = await twilio.waitFor((m) => m.to === '+14155550134');
    const sent = codeFromText(sms.body);
    const submit = page.getByRole('button', { name: 'Verify & Sign In' });
    await code.fill(sent.slice(0, 5));
    expect(await submit.isDisabled()).toBe(true);
    const wrong = sent === '000000' ? '111111' : '000000';
    await code.fill(`${wrong}9`);
    expect(await code.inputValue()).toBe(wrong);
    await submit.click();
    expect(await page.getByRole('alert').textContent()).toBe('Invalid verification code');
    expect(await harness.seriousA11yViolations(page)).toEqual([]);

    await code.fill(sent);
    await submit.click();
    await page.waitForURL(`${harness.url}/watchlist`);
    await page.locator('article.ticker-card').first().waitFor();
    expect((await cardTickers(page)).sort()).toEqual(['AAPL', 'MSFT']);
    expect(await page.getByTestId('identity').textContent()).toBe('+14155550134');
    expect(await page.getByRole('button', { name: 'Logout' }).isVisible()).toBe(true);
    const stored = await page.evaluate(() => ({
      session: localStorage.getItem('session'),
      user: JSON.parse(localStorage.getItem('auth-user') ?? 'null'),
    }));
    expect(stored.session).toBeTruthy();
    expect(stored.user).toMatchObject({ phone: '+14155550134', verified: true });
    // A verified free user is offered PRO below the list.
    await page.getByRole('heading', { name: 'Unlock PRO Features' }).waitFor();
    await harness.screenshot(page, 'journey2-signed-in-by-sms');

    // A verified user logs out without a warning; everything local is cleared.
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(`${harness.url}/`);
    await page.getByRole('button', { name: 'Add Your First Ticker' }).waitFor();
    await page.getByRole('link', { name: 'Login' }).waitFor();
    const left = await page.evaluate(() => Object.keys(localStorage).filter((k) => k !== 'session'));
    expect(left).toEqual([]);
  });
});

describe('email-link login', () => {
  it("shows 'Check your email!'; the link asks 'Sign in as r•••@example.com?' and signs in only on the click", async () => {
    const page = await harness.newPage();
    await addTickers(page, 'NVDA');
    await page.getByRole('link', { name: 'Login' }).click();
    await page.getByLabel('Email or phone').fill('reader@example.com');
    await page.getByRole('button', { name: 'Send Verification Code' }).click();
    const modal = page.getByRole('dialog', { name: 'Check your email!' });
    await modal.waitFor();
    expect(await modal.textContent()).toContain('reader@example.com');
    await modal.getByRole('button', { name: 'OK' }).click();

    const mail = await smtp.waitFor((m) => m.envelopeTo.includes('reader@example.com'));
    const link = new URL(mail.text.match(/https?:\/\/\S+\/api\/verify-login\?token=[\w-]+/)![0]);
    await page.goto(`${harness.url}${link.pathname}${link.search}`);
    // The link lands on a confirm page naming the account; nothing happened yet.
    await page.getByRole('heading', { name: 'Sign in as r•••@example.com?' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/login/link');
    expect(new URL(page.url()).hash).toBe('');
    expect(await harness.seriousA11yViolations(page)).toEqual([]);
    await harness.screenshot(page, 'login-link-confirm');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect.poll(() => page.getByTestId('identity').textContent()).toBe('reader@example.com');
    const cookie = (await page.context().cookies()).find((c) => c.name === 'session')?.value;
    expect(cookie).toBeTruthy();
    await expect.poll(() => page.evaluate(() => localStorage.getItem('session'))).toBe(cookie);
    await expect.poll(() => cardTickers(page)).toEqual(['NVDA']);
    expect(await page.getByRole('button', { name: 'Logout' }).isVisible()).toBe(true);
  });
});

let verifiedPage: Page;

describe('journey 3: an email contact verified by the emailed link', () => {
  it('adds the contact, warns before an unverified logout, and verifies by the link', async () => {
    const page = await harness.newPage();
    verifiedPage = page;
    await addTickers(page, 'TSLA');
    await page.getByRole('heading', { name: 'Start Receiving Alerts' }).waitFor();
    await page.getByRole('button', { name: 'Add Contact Info' }).click();

    const dialog = page.getByRole('dialog', { name: 'Add Contact Information' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Send verification email' }).click();
    expect(await dialog.getByRole('alert').textContent()).toBe('Please enter your contact information');
    await dialog.getByRole('radio', { name: 'Text/SMS' }).check();
    await dialog.getByLabel('Mobile number').fill('+44 20 7946 0958');
    await dialog.getByRole('button', { name: 'Send verification text' }).click();
    expect(await dialog.getByRole('alert').textContent()).toMatch(/US mobile numbers only/);
    await dialog.getByRole('radio', { name: 'Email' }).check();
    await dialog.getByLabel('Email address').fill('Investor@Example.com');
    expect(await harness.seriousA11yViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Send verification email' }).click();

    const sent = page.getByRole('dialog', { name: 'Verification Email Sent!' });
    await sent.waitFor();
    expect(await sent.textContent()).toContain('investor@example.com');
    await sent.getByRole('button', { name: 'Got it!' }).click();
    await expect.poll(() => page.getByTestId('identity').textContent()).toBe('investor@example.com');
    await page.getByRole('button', { name: 'Verify Now' }).waitFor();

    // Logging out before verifying would lose the watchlist: the user is asked first.
    await page.getByRole('button', { name: 'Logout' }).click();
    const confirm = page.getByRole('dialog', { name: 'Log out without verifying?' });
    await confirm.waitFor();
    expect(await confirm.textContent()).toContain('your watchlist and settings will be lost');
    await harness.screenshot(page, 'journey3-unverified-logout-warning');
    await confirm.getByRole('button', { name: 'Stay signed in' }).click();
    await confirm.waitFor({ state: 'detached' });

    const mail = await smtp.waitFor((m) => m.envelopeTo.includes('investor@example.com'));
    const link = mail.text.match(/https?:\/\/\S+\/api\/verify-email\?token=[\w-]+/)?.[0];
    expect(link).toBeTruthy();
    const url = new URL(link!);
    await page.goto(`${harness.url}${url.pathname}${url.search}`);
    await page.getByRole('heading', { name: 'Confirm i•••@example.com for alerts?' }).waitFor();
    await harness.screenshot(page, 'verify-email-confirm');
    await page.getByRole('button', { name: 'Confirm email' }).click();
    await page.getByText('Your email address is verified. Alerts for your watchlist are on.').waitFor();
    expect(new URL(page.url()).search).toBe('');
    await page.getByRole('heading', { name: 'Unlock PRO Features' }).waitFor();
    expect(await page.locator('.identity__dot').getAttribute('data-verified')).toBe('true');
    expect(await cardTickers(page)).toEqual(['TSLA']);
    await harness.screenshot(page, 'journey3-email-verified');
  });

  it('shows the verified contact in Settings, saves notification settings and deletes the account', async () => {
    const page = verifiedPage;
    await page.getByRole('link', { name: 'Settings' }).click();
    const contact = page.locator('#contact');
    await contact.getByText('investor@example.com').waitFor();
    expect(await contact.getByText('Verified').isVisible()).toBe(true);
    // An email is on file: the Text row asks for what is missing, a mobile number (not "a contact").
    await page.getByText('(add a mobile number first)').waitFor();
    expect(await page.getByText('add a contact first').count()).toBe(0);
    expect(await harness.seriousA11yViolations(page)).toEqual([]);

    await page.getByLabel('Digest time').selectOption('18');
    await page.getByLabel('Only email alerts of at least').selectOption('HIGH');
    await page.getByRole('button', { name: 'Save notification settings' }).click();
    await page.getByText('Notification settings saved.').waitFor();
    await page.reload();
    await expect.poll(() => page.getByLabel('Digest time').inputValue()).toBe('18');
    expect(await page.getByLabel('Only email alerts of at least').inputValue()).toBe('HIGH');
    await harness.screenshot(page, 'settings');

    // A second contact on a verified account: the code goes to the verified email first.
    await page.getByRole('button', { name: 'Change or re-verify contact' }).click();
    const modal = page.getByRole('dialog', { name: 'Update Contact Information' });
    await modal.getByRole('radio', { name: 'Text/SMS' }).check();
    await modal.getByLabel('Mobile number').fill('(202) 555-0187');
    await modal.getByRole('button', { name: 'Send verification text' }).click();
    await modal.getByText('enter the 6-digit code we sent to i•••@example.com').waitFor();
    const approval = await smtp.waitFor(
      (m) => m.envelopeTo.includes('investor@example.com') && m.subject.startsWith('Approve'),
    );
    expect(twilio.to('+12025550187')).toHaveLength(0);
    expect(await harness.seriousA11yViolations(page)).toEqual([]);
    await harness.screenshot(page, 'contact-approval-code');
    await modal.getByLabel('Approval code').fill(codeFromText(approval.text));
    await modal.getByRole('button', { name: 'Approve and send verification' }).click();
    await page.getByRole('dialog', { name: 'Verification Text Sent!' }).waitFor();
    await twilio.waitFor((m) => m.to === '+12025550187');
    await smtp.waitFor(
      (m) => m.envelopeTo.includes('investor@example.com') && m.subject.startsWith('A new sign-in contact'),
    );
    await page.getByRole('button', { name: 'Got it!' }).click();

    await page.getByRole('button', { name: 'Delete my account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    const remove = dialog.getByRole('button', { name: 'Delete permanently' });
    expect(await remove.isDisabled()).toBe(true);
    await dialog.getByLabel('Type DELETE to confirm').fill('DELETE');
    await remove.click();
    await page.getByRole('button', { name: 'Add Your First Ticker' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('auth-user'))).toBeNull();
  });
});
