import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadTestEnv } from '#server/config/test-env';
import { toUserDto } from '#server/domains/auth/session.service';
import { seedAssistantCorpus } from '#server/test/assistant-corpus';
import { createSignedInUser } from '#server/test/users';
import { startBrowserHarness } from './harness';

// The all-filings brand on its own host, as DNS would resolve it in production.
const HOST = 'allfilings.test';
const harness = await startBrowserHarness({ env: { BRAND_HOSTS: `${HOST}=allfilings` }, hosts: [HOST] });
const origin = `http://${HOST}:${new URL(harness.url).port}`;
const db = harness.database.db;
await seedAssistantCorpus(db);

async function userWithWatchlist(values: Parameters<typeof createSignedInUser>[1]) {
  const { user, session } = await createSignedInUser(db, values);
  const res = await fetch(`${harness.url}/api/subscribe`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-session': session, 'x-brand': 'allfilings' },
    body: JSON.stringify({ tickers: 'TSLA,AAPL', forms: '4,8-K,10-K,10-Q' }),
  });
  expect(res.status).toBe(200);
  return { storage: { session, 'auth-user': JSON.stringify(toUserDto(user)) } };
}

describe('the filing assistant on the all-filings brand', () => {
  it('a PRO user asks three questions, gets cited answers, and follows a citation to the filing', async () => {
    const pro = await userWithWatchlist({ email: 'pro@example.com', planType: 'pro', planStatus: 'active' });
    const page = await harness.newPage({ ...pro, height: 1000 });
    await page.goto(`${origin}/`);
    const panel = page.getByRole('region', { name: 'Ask about your filings' });
    await panel.waitFor();
    const input = panel.getByRole('textbox', { name: 'Your question' });
    const answers = panel.getByTestId('assistant-answer');

    const ask = async (question: string, n: number) => {
      await input.fill(question);
      await panel.getByRole('button', { name: 'Ask', exact: true }).click();
      await expect.poll(() => answers.count(), { timeout: 30_000 }).toBe(n);
      return answers.nth(n - 1);
    };

    const first = await ask('What did TSLA file in 2026?', 1);
    expect(await first.textContent()).toMatch(/3 filings for TSLA between 2026-01-01 and 2026-12-31/);
    expect(await first.getAttribute('data-tier')).toBe('0');
    expect(await first.textContent()).toMatch(/Rule-based answer/);
    await harness.screenshot(page, 'assistant-1-latest');

    const second = await ask('Any insider selling at AAPL in 2019?', 2);
    expect(await second.textContent()).toMatch(/73,911 shares of stock/);
    expect(await second.textContent()).toMatch(/under a Rule 10b5-1 plan/);
    expect(await second.locator('a.as-cite__sec').first().getAttribute('href')).toMatch(
      /^https:\/\/www\.sec\.gov\/Archives\/edgar\/data\/320193\//,
    );

    const third = await ask('Should I buy TSLA?', 3);
    expect(await third.textContent()).toMatch(/Not investment advice/i);
    expect(await third.textContent()).toMatch(/can’t tell you whether to buy, sell or hold/);
    await third.getByRole('button', { name: 'Not helpful' }).click();
    await third.getByRole('textbox', { name: 'What was wrong?' }).fill('Wanted a price target');
    await third.getByRole('button', { name: 'Send' }).click();
    await third.getByText('Thanks, noted.').waitFor();
    await harness.screenshot(page, 'assistant-2-three-answers');
    expect(await harness.seriousA11yViolations(page)).toEqual([]);

    // The conversation is stored (30 days): after a reload every question and its answer show again.
    await page.reload();
    await panel.waitFor();
    const turns = panel.getByTestId('assistant-turn');
    await expect.poll(() => answers.count(), { timeout: 30_000 }).toBe(3);
    expect(await turns.locator('.as-turn__question').allTextContents()).toEqual([
      expect.stringContaining('What did TSLA file in 2026?'),
      expect.stringContaining('Any insider selling at AAPL in 2019?'),
      expect.stringContaining('Should I buy TSLA?'),
    ]);
    expect(await answers.nth(0).textContent()).toMatch(/3 filings for TSLA between 2026-01-01 and 2026-12-31/);
    expect(await answers.nth(1).textContent()).toMatch(/73,911 shares of stock/);
    expect(await answers.nth(2).textContent()).toMatch(/can’t tell you whether to buy, sell or hold/);
    await harness.screenshot(page, 'assistant-2b-after-reload');

    // Follow the 10-K citation of the first answer to our filing view.
    const cite = first.locator('a.as-cite__link[data-accession="0001628280-26-003952"]');
    const href = await cite.getAttribute('href');
    expect(href).toMatch(/^\/ticker\/TSLA#filing-\d+$/);
    await cite.click();
    await page.waitForURL(/\/ticker\/TSLA#filing-\d+$/);
    const filing = page.locator(`article#${href!.split('#')[1]}`);
    await filing.waitFor();
    expect(await filing.getAttribute('data-form')).toBe('10-K');
    // PRO without a language model: the rule-based analysis is fetched for the card. An on-time 10-K
    // with no going-concern doubt and no stored change has nothing specific to watch, and its other
    // parts are the card's own words: no block (issue #25: "What to watch" only when specific).
    await expect.poll(() => filing.getByText('Loading the analysis…').count(), { timeout: 30_000 }).toBe(0);
    expect(await filing.getByText('The rule-based analysis could not be loaded.').count()).toBe(0);
    expect(await filing.getByTestId('rule-analysis').count()).toBe(0);
    // The timeline is long: the cited filing's card itself is the picture.
    await filing.screenshot({ path: join(loadTestEnv().SCREENSHOT_DIR, 'assistant-3-citation.png') });
  });

  it('a long unbroken question (a pasted link) wraps inside the panel on a phone', async () => {
    const pro = await userWithWatchlist({ email: 'long@example.com', planType: 'pro', planStatus: 'active' });
    const page = await harness.newPage({ ...pro, width: 390 });
    await page.goto(`${origin}/`);
    const panel = page.getByRole('region', { name: 'Ask about your filings' });
    await panel.getByRole('textbox', { name: 'Your question' }).fill(`https://www.sec.gov/${'x'.repeat(200)}`);
    await panel.getByRole('button', { name: 'Ask', exact: true }).click();
    const question = panel.locator('.as-turn__question').first();
    await panel.getByTestId('assistant-answer').first().waitFor({ timeout: 30_000 });
    const [box, list] = [(await question.boundingBox())!, (await panel.locator('ol.assistant__turns').boundingBox())!];
    expect(box.x + box.width).toBeLessThanOrEqual(list.x + list.width + 0.5);
    expect(await question.evaluate((q) => q.scrollWidth <= q.clientWidth)).toBe(true);
    await harness.screenshot(page, 'assistant-5-long-question-390');
  });

  it('a free user sees the upgrade path, not the panel', async () => {
    // The all-filings brand is paid-only: a free account gets its pricing landing, no assistant.
    const { user, session } = await createSignedInUser(db, { email: 'free@example.com' });
    const page = await harness.newPage({ storage: { session, 'auth-user': JSON.stringify(toUserDto(user)) } });
    await page.goto(`${origin}/`);
    await page.getByRole('link', { name: 'Start Subscription' }).first().waitFor();
    expect(await page.getByRole('region', { name: 'Ask about your filings' }).count()).toBe(0);
    expect(await page.getByRole('textbox', { name: 'Your question' }).count()).toBe(0);
    await harness.screenshot(page, 'assistant-4-free-upsell');
  });
});
