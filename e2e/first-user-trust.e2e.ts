/**
 * Issue 28 (items 2, 6, 7) in Chromium: a citation lands on its filing on a cold load and through
 * the SMS short link; the paid brand's price card and start note know who is signed in and who
 * pays; after replying YES the browser that asked says why it is signed out and signs back in
 * with that number in one step. Screenshots looked at; axe clean.
 */
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loadTestEnv } from '#server/config/test-env';
import { toUserDto } from '#server/domains/auth/session.service';
import { seedAssistantCorpus } from '#server/test/assistant-corpus';
import { codeFromText } from '#server/test/auth-client';
import { createSignedInUser } from '#server/test/users';
import { startBrowserHarness } from './harness';

const HOST = 'allfilings.test';
const harness = await startBrowserHarness({ env: { BRAND_HOSTS: `${HOST}=allfilings` }, hosts: [HOST] });
const paid = `http://${HOST}:${new URL(harness.url).port}`;
const db = harness.database.db;
await seedAssistantCorpus(db);
const SHOTS = loadTestEnv().SCREENSHOT_DIR;

async function signedIn(values: Parameters<typeof createSignedInUser>[1]) {
  const { user, session } = await createSignedInUser(db, values);
  return { user, session, storage: { session, 'auth-user': JSON.stringify(toUserDto(user)) } };
}

/**
 * The page has settled: its requests are done (the sections above the timeline loaded and grew)
 * and the card has stopped moving for a few frames (the page re-centred it after they grew).
 */
async function settled(page: Page, selector: string): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.locator(selector).evaluate(
    (el) =>
      new Promise<void>((done) => {
        let last = Number.NaN;
        let still = 0;
        const frame = () => {
          const top = el.getBoundingClientRect().top;
          still = top === last ? still + 1 : 0;
          last = top;
          if (still >= 5) done();
          else requestAnimationFrame(frame);
        };
        requestAnimationFrame(frame);
      }),
  );
}

/** Colour transitions (a theme switch eases in) have finished, so axe and screenshots read final colours. */
async function transitionsDone(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => !(a instanceof CSSTransition) || a.playState !== 'running'),
  );
}

/** The card's box lies inside the viewport (the citation landed where the reader looks). */
/** The person replies YES on their phone (the development outbox's reply form stands in); the page reloads to the notice. */
async function replyYes(page: Page, phone: string) {
  const replied = await fetch(`${harness.url}/dev/outbox/reply`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: `From=${encodeURIComponent(phone)}&Body=YES`,
    redirect: 'manual',
  });
  expect(replied.status).toBe(303);
  await page.reload();
  const notice = page.getByTestId('signed-out-by-yes');
  await notice.waitFor({ timeout: 30_000 });
  return notice;
}

async function inView(page: Page, selector: string): Promise<boolean> {
  return page.locator(selector).evaluate((el) => {
    const r = el.getBoundingClientRect();
    return r.top >= 0 && r.top < window.innerHeight && r.bottom > 0;
  });
}

describe('a citation lands on its filing', () => {
  it('cold load of /ticker/AAPL#filing-N (past the first 50) scrolls to, highlights and focuses the card; /f/N keeps the anchor', async () => {
    const pro = await signedIn({ email: 'cite@example.com', planType: 'pro', planStatus: 'active' });
    // An Apple 8-K far down the timeline: the 70th newest filing, beyond the first page of 50.
    const [old] = await db.execute<{ id: number }>(sql`
      select id::float8 as id from filings where ticker = 'AAPL' order by filed_at desc, id desc offset 69 limit 1`);
    const id = old!.id;
    for (const [width, height, theme] of [
      [1280, 900, 'light'],
      [390, 844, 'dark'],
    ] as const) {
      const page = await harness.newPage({ ...pro, width, height });
      await page.goto(`${paid}/ticker/AAPL#filing-${id}`);
      const card = `article#filing-${id}`;
      await page.locator(`${card}.tp-filing--cited`).waitFor({ timeout: 30_000 });
      // Sections above it load after the card; it stays in view while they settle.
      await settled(page, card);
      expect(await inView(page, card)).toBe(true);
      expect(await page.evaluate(() => document.activeElement?.id)).toBe(`filing-${id}`);
      if (theme === 'dark') {
        await page.getByRole('button', { name: 'Switch to dark theme' }).click();
        expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
        // Colours ease into the theme: axe and the screenshot read them once settled.
        await transitionsDone(page);
        expect(await inView(page, card)).toBe(true);
      }
      await page.screenshot({ path: join(SHOTS, `citation-cold-${width}-${theme}.png`) });
      // Both themes: the dark one's ticker badge (.tp-ticker) is held to the same contrast.
      expect(await harness.seriousA11yViolations(page)).toEqual([]);
      // The header with the ticker badge, to look at in each theme (the card shot is scrolled past it).
      await page.locator('.tp-header').screenshot({
        path: join(SHOTS, `ticker-header-${width}-${theme}.png`),
        animations: 'disabled',
      });
      await page.close();
    }
    const page = await harness.newPage({ ...pro, height: 900 });
    await page.goto(`${paid}/f/${id}`);
    await page.waitForURL(new RegExp(`/ticker/AAPL#filing-${id}$`));
    await page.locator(`article#filing-${id}.tp-filing--cited`).waitFor({ timeout: 30_000 });
    await settled(page, `article#filing-${id}`);
    expect(await inView(page, `article#filing-${id}`)).toBe(true);
  }, 240_000);
});

describe('the paid brand knows who is signed in and who pays', () => {
  it('a signed-in free user sees no Login on the price card; a PRO user is not told "Free · no account needed"', async () => {
    const free = await signedIn({ email: 'free-paid@example.com' });
    const page = await harness.newPage({ ...free, width: 390 });
    await page.goto(`${paid}/`);
    await page.getByRole('link', { name: 'Start Subscription' }).first().waitFor();
    expect(await page.locator('.price-hero').getByRole('link', { name: 'Login' }).count()).toBe(0);
    expect(await page.getByTestId('signed-in-as').textContent()).toBe('Signed in as free-paid@example.com');
    await harness.screenshot(page, 'paid-price-card-signed-in');
    expect(await harness.seriousA11yViolations(page)).toEqual([]);

    const pro = await signedIn({ email: 'payer@example.com', planType: 'pro', planStatus: 'active' });
    const proPage = await harness.newPage({ ...pro });
    await proPage.goto(`${paid}/`);
    const note = proPage.getByTestId('start-note');
    await note.waitFor();
    expect(await note.textContent()).toBe('PRO is active · up to 50 tickers · every form type');
    expect(await proPage.getByText('no account needed').count()).toBe(0);
    await harness.screenshot(proPage, 'paid-start-note-pro');
  });
});

describe('after replying YES', () => {
  it('the browser that asked says why it is signed out and signs back in with that number in one step', async () => {
    const page = await harness.newPage({ width: 390 });
    await page.goto(`${harness.url}/`);
    await page.getByRole('button', { name: 'Add Your First Ticker' }).click();
    const field = page.getByRole('combobox', { name: 'Tickers or company names' });
    await field.fill('AAPL');
    await field.press('Escape');
    await page.getByRole('button', { name: 'Add to Watchlist' }).click();
    await page.getByRole('heading', { name: 'Your watchlist' }).waitFor();
    await page.getByRole('button', { name: 'Add Contact Info' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Contact Information' });
    await dialog.getByRole('radio', { name: 'Text/SMS' }).check();
    await dialog.getByLabel('Mobile number').fill('(202) 555-0161');
    await dialog.getByRole('button', { name: 'Send verification text' }).click();
    const sent = page.getByRole('dialog', { name: 'Verification Text Sent!' });
    await sent.waitFor();
    expect(await sent.textContent()).toMatch(/the YES signs this browser out/);
    await expect.poll(() => page.evaluate(() => localStorage.getItem('awaitingYes'))).toMatch(/\+12025550161/);
    await sent.getByRole('button', { name: 'Got it!' }).click();

    const notice = await replyYes(page, '+12025550161');
    expect(await notice.textContent()).toMatch(/\+12025550161 is verified\..*signed this browser out/);
    await harness.screenshot(page, 'yes-signed-out-notice');
    expect(await harness.seriousA11yViolations(page)).toEqual([]);

    await notice.getByRole('button', { name: 'Text me a sign-in code' }).click();
    await page.getByLabel(/code/i).first().waitFor();
    const outbox = (await (await fetch(`${harness.url}/dev/outbox?format=json`)).json()) as {
      messages: { to: string; body: string }[];
    };
    const text = outbox.messages.find((m) => m.to === '+12025550161' && /\b\d{6}\b/.test(m.body))!;
    await page.getByLabel(/code/i).first().fill(codeFromText(text.body));
    await page
      .getByRole('button', { name: /verify|sign in/i })
      .first()
      .click();
    await page.getByRole('heading', { name: 'Your watchlist' }).waitFor();
    await expect
      .poll(() =>
        page.locator('article.ticker-card').evaluateAll((cards) => cards.map((c) => c.getAttribute('data-ticker'))),
      )
      .toEqual(['AAPL']);
    await harness.screenshot(page, 'yes-signed-back-in');
  });
});

describe('settings without a session', () => {
  it('a first visit says "not signed in" with a way in; a phone added in Settings explains the YES sign-out there', async () => {
    const visitor = await harness.newPage({ width: 390 });
    await visitor.goto(`${harness.url}/settings`);
    await visitor.getByRole('heading', { name: 'You are not signed in' }).waitFor();
    expect(await visitor.getByText('could not be loaded').count()).toBe(0);
    expect(await visitor.getByRole('button', { name: 'Delete my account' }).count()).toBe(0);
    expect(await visitor.getByRole('link', { name: 'Delete account' }).count()).toBe(0);
    expect(await visitor.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/login');
    await harness.screenshot(visitor, 'settings-signed-out-390');
    expect(await harness.seriousA11yViolations(visitor)).toEqual([]);

    // An account verified by email adds a phone from Settings; its YES ends this browser's session.
    const owner = await signedIn({ email: 'settings-phone@example.com' });
    const page = await harness.newPage({ ...owner, width: 390 });
    await page.goto(`${harness.url}/settings`);
    // A long address cut to fit the phone's header ends in an ellipsis, not mid-letter.
    const identity = page.locator('.identity__text');
    expect(await identity.textContent()).toBe('settings-phone@example.com');
    expect(await identity.evaluate((el) => el.scrollWidth > el.clientWidth && getComputedStyle(el).textOverflow)).toBe(
      'ellipsis',
    );
    await page.getByRole('button', { name: 'Change or re-verify contact' }).click();
    const dialog = page.getByRole('dialog', { name: 'Update Contact Information' });
    // What saving does to alerts, said of the address alerts go to now.
    expect(await dialog.locator('.notice--warning').textContent()).toBe(
      'Changing your contact information requires verifying it again. As soon as you save a new email address, alerts stop going to settings-phone@example.com and go to the new one only once it is verified.',
    );
    await dialog.screenshot({ path: await harness.screenshot(page, 'contact-change-notice-390') });
    await dialog.getByRole('radio', { name: 'Text/SMS' }).check();
    await dialog.getByLabel('Mobile number').fill('(202) 555-0162');
    await dialog.getByRole('button', { name: 'Send verification text' }).click();
    const outbox = async () =>
      (
        (await (await fetch(`${harness.url}/dev/outbox?format=json`)).json()) as {
          messages: { to: string; body: string }[];
        }
      ).messages;
    await dialog.getByLabel('Approval code').waitFor();
    const approval = (await outbox()).find((m) => m.to === 'settings-phone@example.com')!;
    await dialog.getByLabel('Approval code').fill(codeFromText(approval.body));
    await dialog.getByRole('button', { name: 'Approve and send verification' }).click();
    await page
      .getByRole('dialog', { name: 'Verification Text Sent!' })
      .getByRole('button', { name: 'Got it!' })
      .click();
    // The refetched user is the same verified account (its email): the browser still waits for the YES.
    await page.getByText('+12025550162').first().waitFor();
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(() => localStorage.getItem('awaitingYes'))).toMatch(/\+12025550162/);

    const notice = await replyYes(page, '+12025550162');
    expect(await notice.textContent()).toMatch(/\+12025550162 is verified\./);
    await page.getByRole('heading', { name: 'You are not signed in' }).waitFor();
    await harness.screenshot(page, 'settings-yes-signed-out-390');
  });
});
