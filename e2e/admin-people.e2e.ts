/**
 * An admin works through /admin/insiders and /admin/duplicates in a real browser, on real
 * replayed Forms 4 (Elon Musk at Tesla, Sergey Brin at Google and Alphabet). The two-CIKs-one-name
 * case is derived from a real document as in insiders.test.ts: Workday's Form 4 stored under the
 * name "Musk Elon" with a test-only accession number. The admin fixes Brin's display name (the
 * public insider page shows it), merges the second "Elon Musk" from the duplicates list (the old
 * profile URL opens the merged one) and marks a CIK's share classes "not a duplicate".
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { storeParsedFiling } from '#server/domains/filings/filings.service';
import { parseFiling } from '#server/edgar-model/parse/index';
import type { OwnershipDetail } from '#server/edgar-model/parse/types';
import { tickerCatalogue } from '#server/domains/tickers/ticker-catalogue';
import { loadReplaySet } from '#server/integrations/edgar/replay/replay-set';
import { storeReplayFilings } from '#server/test/replay-filings';
import { createSignedInUser } from '#server/test/users';
import { checkedScreen, openSection, signInAsAdmin } from './admin-steps';
import { startBrowserHarness } from './harness';

const harness = await startBrowserHarness();
const db = harness.deps.db;
await tickerCatalogue(harness.deps).get();
await storeReplayFilings(db, [
  '0000899243-22-035394',
  '0000899243-23-008179',
  '0001127602-15-028697',
  '0001209191-22-024552',
]);
const workday = loadReplaySet().find((f) => f.accessionNo === '0001327811-25-000050')!;
const parsed = parseFiling(workday.body, workday);
const detail = parsed.detail as OwnershipDetail;
const otherCik = detail.owners[0]!.cik!;
detail.owners[0] = { ...detail.owners[0]!, name: 'Musk Elon', displayName: 'Elon Musk' };
await storeParsedFiling(db, { parsed: { ...parsed, accessionNo: '0009999999-25-000001' }, meta: { source: 'manual' } });
const admin = await createSignedInUser(db, { email: 'ops@example.com', isAdmin: true });

const audits = async (action: string) =>
  (await db.execute<{ n: number }>(sql`select count(*)::int as n from admin_audit where action = ${action}`))[0]!.n;

describe('admin people sections', () => {
  it('insiders: search, fix a display name the public insider page then shows', async () => {
    const page = await signInAsAdmin(harness, admin.user);
    await openSection(page, 'Insiders');
    const table = page.getByRole('table', { name: 'Reporting owners by CIK' });
    await table.getByRole('row').nth(1).waitFor();
    await page.getByRole('search', { name: 'Search insiders' }).getByLabel('Name or CIK').fill('brin');
    await page.getByRole('button', { name: 'Apply' }).click();
    await table.getByText('Brin Sergey · Sergey Brin').waitFor();
    await checkedScreen(harness, page, 'admin-insiders');
    await page.getByRole('button', { name: 'Edit Sergey Brin (CIK 1295032)' }).click();
    await page.getByLabel('Display name (empty: the name filings give)').fill('Sergey M. Brin');
    await page.getByRole('button', { name: 'Save name' }).click();
    await page.getByText('Users now see “Sergey M. Brin”.').waitFor();
    await table.getByText('Sergey M. Brin (set by hand)').waitFor();
    await checkedScreen(harness, page, 'admin-insiders-renamed');
    expect(await audits('insiders.setDisplayName')).toBe(1);

    await page.goto(`${harness.url}/insider/cik/1295032`);
    await page.getByRole('heading', { name: 'Sergey M. Brin', level: 1 }).waitFor();
    await checkedScreen(harness, page, 'admin-insiders-public-name');
  });

  it('duplicates: merge an insider filing under two CIKs, mark share classes not a duplicate', async () => {
    const page = await signInAsAdmin(harness, admin.user);
    await openSection(page, 'Duplicates');
    const table = page.getByRole('table', { name: 'Findings not yet decided' });
    await table.getByRole('row').nth(1).waitFor();
    await page.getByRole('search', { name: 'Filter duplicates' }).getByLabel('Kind').selectOption('insider');
    await page.getByRole('button', { name: 'Apply' }).click();
    await table.getByText(`CIK ${otherCik}`, { exact: false }).first().waitFor();
    await checkedScreen(harness, page, 'admin-duplicates-insider');
    await table.getByRole('button', { name: 'Merge…' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Merge profiles' }).click();
    await dialog.getByText('Say why: the reason is kept in the audit log.').waitFor();
    await dialog.getByLabel('Reason (required)').fill('One person, two CIKs');
    await dialog.getByRole('button', { name: 'Merge profiles' }).click();
    await page.getByText('Elon Musk: merged into CIK 1494730.').waitFor();
    await page.getByText('Nothing looks duplicated.', { exact: false }).waitFor();
    expect(await audits('insiders.merge')).toBe(1);

    await page.getByRole('search', { name: 'Filter duplicates' }).getByLabel('Kind').selectOption('share_class');
    await page.getByRole('button', { name: 'Apply' }).click();
    const first = table.getByRole('row').nth(1);
    await first.waitFor();
    const shared = (await first.getByRole('cell').nth(1).textContent())!;
    expect(shared).toMatch(/^CIK \d+$/);
    await checkedScreen(harness, page, 'admin-duplicates-share-class');
    await first.getByRole('button', { name: 'Not a duplicate…' }).click();
    await page.getByRole('dialog').getByLabel('Reason (required)').fill('Share classes, both traded');
    await page.getByRole('dialog').getByRole('button', { name: 'Mark not a duplicate' }).click();
    await page.getByText(`Tickers sharing a CIK (${shared}) marked not a duplicate.`).waitFor();
    await expect.poll(() => table.getByRole('cell', { name: shared, exact: true }).count()).toBe(0);
    expect(await audits('duplicates.markNotDuplicate')).toBe(1);

    // The merged profile's old URL opens the surviving one, with both companies.
    await page.goto(`${harness.url}/insider/cik/${otherCik}`);
    await page.getByRole('heading', { name: 'Elon Musk', level: 1 }).waitFor();
    await page.getByText('WDAY').first().waitFor();
    await page.getByText('TSLA').first().waitFor();
    await checkedScreen(harness, page, 'admin-duplicates-merged-profile');
  });
});
