import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { toUserDto } from '#server/domains/auth/session.service';
import { storeParsedFiling } from '#server/domains/filings/filings.service';
import { parseFiling } from '#server/edgar-model/parse/index';
import type { OwnershipDetail } from '#server/edgar-model/parse/types';
import { createSignedInUser } from '#server/test/users';
import { alertEmailShot } from './alert-email-shot';
import { startBrowserHarness } from './harness';

// Issue #25 in the browser: the ticker page's card of a Form 4 whose row is stated in dollars (notes) and of a
// 13G whose cover ticks "ceased to be the beneficial owner of more than five percent" (an exit), at 390 px.
const harness = await startBrowserHarness();
const db = harness.database.db;
const corpus = (name: string) =>
  readFileSync(fileURLToPath(new URL(`../src-server/test/fixtures/edgar/corpus/${name}`, import.meta.url)), 'latin1');

/** The reader each `reader()` call signed in, by its `who`, for the alert email the same reader would get. */
const readers = new Map<string, { id: string; email: string | null }>();

async function reader(tickers: string, forms: string, who = tickers): Promise<Page> {
  const { user, session } = await createSignedInUser(db, {
    email: `reader-${who}@example.com`,
    planType: 'pro',
    planStatus: 'active',
  });
  readers.set(who, user);
  const subscribed = await fetch(`${harness.url}/api/subscribe`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-session': session },
    body: JSON.stringify({ tickers, forms }),
  });
  expect(`${subscribed.status} ${subscribed.status === 200 ? '' : await subscribed.text()}`).toBe('200 ');
  return harness.newPage({
    width: 390,
    height: 900,
    storage: { session, 'auth-user': JSON.stringify(toUserDto(user)) },
  });
}

describe('Form 4 and 13G cards tell what the filing says', () => {
  it('a Form 4 of notes reads "bought $25.0M of ... notes", MEDIUM, never "0 shares"', async () => {
    // DERIVED (no real Form 4 with a dollar-denominated row was found in public test data): Roelof Botha's real
    // Block Form 4 of 2023-11-13 with its rows recoded as one row of notes stated in dollars (transactionTotalValue).
    const parsed = parseFiling(corpus('f4x_0001062993-23-020702_block_sq_botha_P_veterans_day.xml'), {
      accessionNo: '0001062993-23-020702',
      filedDate: '2023-11-13',
    });
    const detail = parsed.detail as OwnershipDetail;
    const first = detail.rows[0]!;
    detail.rows = [
      {
        ...first,
        tableKind: 'derivative',
        securityTitle: '0.25% Convertible Senior Notes due 2027',
        shares: null,
        pricePerShare: null,
        totalValue: 25_000_000,
        value: 25_000_000,
        sharesOwnedAfter: null,
      },
    ];
    const stored = await storeParsedFiling(db, { parsed, meta: { source: 'manual' } });
    expect(stored.score.importance).toBe('MEDIUM');
    const page = await reader('XYZ', '4');
    await page.goto(`${harness.url}/ticker/XYZ`);
    const card = page.locator(`#filing-${stored.id}`);
    await card.waitFor();
    expect(await card.locator('.tp-filing__title').textContent()).toContain(
      'Roelof Botha bought $25.0M of 0.25% convertible senior notes due 2027',
    );
    expect(await card.textContent()).not.toMatch(/\b0 shares\b/);
    expect(await card.locator('.tp-reasons').textContent()).toContain('Why MEDIUM');
    expect(await harness.seriousA11yViolations(page)).toEqual([]);
    await card.scrollIntoViewIfNeeded();
    await card.screenshot({ path: await harness.screenshot(page, 'form4-notes-card-390') });
    await page.getByRole('button', { name: 'Switch to dark theme' }).click();
    await card.screenshot({ path: await harness.screenshot(page, 'form4-notes-card-390-dark') });
    // The alert email says the same, in dollars.
    const mail = await alertEmailShot(harness, {
      filingId: stored.id,
      user: readers.get('XYZ')!,
      shot: 'form4-notes-email',
    });
    expect(mail.subject).toContain('Roelof Botha bought $25.0M of 0.25% convertible senior notes due 2027');
    expect(mail.text).toContain('[MEDIUM]');
    expect(mail.text).not.toMatch(/\b0 shares\b|\$0\b/);
  });

  it("a Form 4's table wider than a 390 px phone says it scrolls: the hidden edge fades, a line says more columns", async () => {
    // Elon Musk's real Form 4 of 2022-08-09 (nine sales, tune split of eval/importance/labels.jsonl): at 390 px the
    // table's last column, "Held after", starts beyond the frame's edge.
    await harness.deps.tickers.check();
    const parsed = parseFiling(
      readFileSync(
        fileURLToPath(
          new URL(
            '../src-server/integrations/edgar/replay-data/filings/0000899243-22-035394_tsla_musk_S_9_rows.txt',
            import.meta.url,
          ),
        ),
        'latin1',
      ),
      {},
    );
    const stored = await storeParsedFiling(db, { parsed, meta: { source: 'manual' } });
    const page = await reader('TSLA', '4');
    await page.goto(`${harness.url}/ticker/TSLA`);
    const card = page.locator(`#filing-${stored.id}`);
    const frame = card.locator('.scroll-frame');
    await frame.waitFor();
    const wrap = frame.locator('.table-wrap');
    const heldAfter = card.getByRole('columnheader', { name: 'Held after' });
    const edge = async () => {
      const [w, h] = await Promise.all([wrap.boundingBox(), heldAfter.boundingBox()]);
      return { frameRight: w!.x + w!.width, heldAfterRight: h!.x + h!.width };
    };
    // The column is cut at first, and the page says so: the right edge fades and the hint names the way.
    const cut = await edge();
    expect(cut.heldAfterRight, JSON.stringify(cut)).toBeGreaterThan(cut.frameRight);
    expect(await frame.getAttribute('data-hidden-right')).toBe('true');
    const hint = card.locator('.scroll-hint');
    expect(await hint.isVisible()).toBe(true);
    expect(await hint.textContent()).toBe('More columns: scroll sideways →');
    // The fade comes in over a 0.15 s transition that may still be running when the attribute is set.
    await expect.poll(() => frame.evaluate((el) => getComputedStyle(el, '::after').opacity)).toBe('1');
    expect(await harness.seriousA11yViolations(page)).toEqual([]);
    await card.scrollIntoViewIfNeeded();
    await card.screenshot({ path: await harness.screenshot(page, 'form4-table-390-cut') });
    // Scrolled to the end, "Held after" is whole, and the hint points back.
    await wrap.evaluate((el) => el.scrollBy({ left: 1000 }));
    await expect.poll(() => hint.textContent()).toBe('← More columns to the left');
    const whole = await edge();
    expect(whole.heldAfterRight, JSON.stringify(whole)).toBeLessThanOrEqual(whole.frameRight + 1);
    expect(await frame.getAttribute('data-hidden-right')).toBeNull();
    await card.screenshot({ path: await harness.screenshot(page, 'form4-table-390-scrolled') });
    await page.getByRole('button', { name: 'Switch to dark theme' }).click();
    await wrap.evaluate((el) => el.scrollTo({ left: 0 }));
    await card.screenshot({ path: await harness.screenshot(page, 'form4-table-390-cut-dark') });
  });

  it('a 13G whose cover says the holder ceased to own more than 5% reads as an exit (ICS Opportunities on Livent)', async () => {
    // The real 13G of edgartools' test data (ICS Opportunities, Millennium and Israel Englander on Livent, 0.0%, the
    // Item 5 box ticked). The document carries no SEC header: the CIK and accession a feed gives are set here, and
    // Livent's ticker (LTHM, delisted after its 2024 merger, so not in today's catalogue) is added for the page.
    await db.execute(
      sql`insert into tickers (ticker, cik, name) values ('LTHM', 1742924, 'Livent Corp') on conflict do nothing`,
    );
    await db.execute(sql`insert into companies (cik, name) values (1742924, 'Livent Corp') on conflict do nothing`);
    await db.execute(sql`update ticker_catalogue_state set loaded_at = now()`);
    await harness.deps.tickers.check();
    const parsed = parseFiling(corpus('et_SC13G_document.html'), { accessionNo: 'eval-et-sc13g-livent' });
    parsed.company = { ...parsed.company!, cik: 1742924 };
    const stored = await storeParsedFiling(db, { parsed, meta: { source: 'manual' } });
    expect(stored.score).toMatchObject({ importance: 'MEDIUM', rules: ['stake.exit'] });
    const page = await reader('LTHM', '13G');
    await page.goto(`${harness.url}/ticker/LTHM`);
    const card = page.locator(`#filing-${stored.id}`);
    await card.waitFor();
    expect(await card.locator('.tp-filing__title').textContent()).toContain(
      'ICS Opportunities, Ltd. no longer owns more than 5% of Livent Corporation (now 0%)',
    );
    expect(await card.locator('.tp-reasons').textContent()).toContain(
      'The filing states that ICS Opportunities, Ltd. no longer owns more than 5% of',
    );
    expect(await card.locator('.tp-reasons').textContent()).not.toContain('the cover says so');
    expect(await harness.seriousA11yViolations(page)).toEqual([]);
    await card.scrollIntoViewIfNeeded();
    await card.screenshot({ path: await harness.screenshot(page, 'sc13g-exit-card-390') });
    await page.getByRole('button', { name: 'Switch to dark theme' }).click();
    await card.screenshot({ path: await harness.screenshot(page, 'sc13g-exit-card-390-dark') });
    const mail = await alertEmailShot(harness, {
      filingId: stored.id,
      user: readers.get('LTHM')!,
      shot: 'sc13g-exit-email',
    });
    expect(mail.subject).toContain(
      'ICS Opportunities, Ltd. no longer owns more than 5% of Livent Corporation (now 0%)',
    );
    expect(mail.text).toContain('The filing states that ICS Opportunities, Ltd. no longer owns more than 5% of');
  });

  it("a CRITICAL Form 4's card gives its reasons under Why CRITICAL and the short-history caveat apart, as a note", async () => {
    // Elon Musk's real Form 4 of his 2018-06-12/13 open-market purchase (about $25M), with no earlier trades stored.
    const parsed = parseFiling(corpus('f4x_0001494730-18-000005_tsla_musk_P_ceo.xml'), {
      accessionNo: '0001494730-18-000005',
      formType: '4',
      filedDate: '2018-06-13',
    });
    const stored = await storeParsedFiling(db, { parsed, meta: { source: 'manual' } });
    expect(stored.score.importance).toBe('CRITICAL');
    const page = await reader('TSLA', '4', 'tsla-critical');
    await page.goto(`${harness.url}/ticker/TSLA`);
    const card = page.locator(`#filing-${stored.id}`);
    await card.waitFor();
    const why = card.locator('.tp-reasons');
    expect(await why.locator('.tp-reasons__label').textContent()).toBe('Why CRITICAL');
    expect(await why.locator('li').count()).toBeGreaterThan(0);
    expect(await why.textContent()).not.toContain('Too little trading history');
    expect(await card.locator('.tp-reasons__note').textContent()).toBe(
      'Note: Too little trading history to tell routine from opportunistic (no earlier trades stored; three prior years needed).',
    );
    expect(await harness.seriousA11yViolations(page)).toEqual([]);
    await card.scrollIntoViewIfNeeded();
    await card.screenshot({ path: await harness.screenshot(page, 'form4-critical-caveat-note-390') });
  });
});
