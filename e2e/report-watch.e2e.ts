import { describe, expect, it } from 'vitest';
import { toUserDto } from '#server/domains/auth/session.service';
import { store10kPair, WALMART_10K_PAIR } from '#server/test/report-pair';
import { createSignedInUser } from '#server/test/users';
import { startBrowserHarness } from './harness';

// Issue #25 ("What to watch" only when specific to the filing): Walmart's FY2025 10-K as a PRO reader
// without a language model sees it, stored through the real ingest after FY2024's (both real,
// replay-data/SOURCES.md), so its diff is on file: the rule-based analysis names the one risk factor
// that is new since the previous 10-K.
const harness = await startBrowserHarness();
const db = harness.database.db;

describe('a 10-K card with a report change on file', () => {
  it('the rule-based analysis names the new risk factor to watch', async () => {
    await store10kPair(db, WALMART_10K_PAIR);
    const { user, session } = await createSignedInUser(db, {
      email: 'reports@example.com',
      planType: 'pro',
      planStatus: 'active',
    });
    const page = await harness.newPage({
      storage: { session, 'auth-user': JSON.stringify(toUserDto(user)) },
      width: 1024,
      height: 1400,
    });
    await page.goto(`${harness.url}/ticker/WMT`);
    const card = page.locator('article[data-form="10-K"]').first();
    await card.waitFor({ timeout: 30_000 });
    const analysis = card.getByTestId('rule-analysis');
    await expect.poll(() => analysis.count(), { timeout: 30_000 }).toBe(1);
    const text = (await analysis.textContent()) ?? '';
    expect(text).toMatch(/What to watch.*Whether the new risk factor \(“Illegal or inappropriate activity/);
    await card.scrollIntoViewIfNeeded();
    await harness.screenshot(page, 'report-watch-10k-new-risk-factor');
    expect(await harness.seriousA11yViolations(page)).toEqual([]);
  }, 120_000);
});
