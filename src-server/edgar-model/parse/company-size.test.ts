/**
 * The size facts a real 10-K or 10-Q states (decision 366): the cover's shares outstanding, from the inline XBRL dei
 * fact or the cover's own sentence, and total assets from us-gaap:Assets. Reports of eval/importance/filings/periodic
 * (SOURCES.md there) and of test/fixtures/edgar/corpus (SOURCES.md).
 */
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { projectPath } from '../../config/paths';
import { parseFiling } from '.';
import type { PeriodicDetail } from './types';

function periodic(path: string, formType: string): PeriodicDetail {
  const bytes = readFileSync(projectPath(path));
  const parsed = parseFiling((path.endsWith('.gz') ? gunzipSync(bytes) : bytes).toString('utf8'), { formType });
  if (parsed.detail?.kind !== 'periodic') throw new Error(`${path} is not read as a periodic report`);
  return parsed.detail;
}
const evalReport = (name: string, form: string) => periodic(`eval/importance/filings/periodic/${name}`, form);
const corpus = (name: string, form: string) => periodic(`src-server/test/fixtures/edgar/corpus/${name}`, form);

describe("inline XBRL: the cover's dei:EntityCommonStockSharesOutstanding with its context date, and us-gaap:Assets", () => {
  it.each([
    // Apple: as of the cover's date, not the balance sheet's.
    ['aapl-10-k-2024-11-01.html.gz', '10-K', [15_115_823_000, '2024-10-18', 1], [364_980_000_000, '2024-09-28']],
    // Meta tags Class A and Class B apart: summed (Class B converts one-for-one).
    [
      'meta-10-k-2025-01-30.html.gz',
      '10-K',
      [2_189_898_148 + 343_761_117, '2025-01-24', 2],
      [276_054_000_000, '2024-12-31'],
    ],
    // NVIDIA states 24.4 with scale 9.
    ['nvda-10-k-2025-02-26.html.gz', '10-K', [24_400_000_000, '2025-02-21', 1], [111_601_000_000, '2025-01-26']],
    // Oracle's count has no scale attribute at all.
    ['et_Oracle.10-Q.html.gz', '10-Q', [2_770_968_000, '2024-09-06', 1], [144_214_000_000, '2024-08-31']],
    // Amazon also tags AWS's assets (a segment context) and the prior year-end's: the company's latest are taken.
    ['amzn-10-k-2025-02-07.html.gz', '10-K', [10_597_729_352, '2025-01-29', 1], [624_894_000_000, '2024-12-31']],
    // Netflix states thousands (scale 3).
    ['nflx-10-q-2025-07-18.html.gz', '10-Q', [424_926_346, '2025-06-30', 1], [53_099_664_000, '2025-06-30']],
  ] as const)('%s', (name, form, [shares, asOf, classes], [usd, balanceSheet]) => {
    const d = evalReport(name, form);
    expect(d.sharesOutstanding).toEqual({ shares, asOf, classes, from: 'dei' });
    expect(d.totalAssets).toEqual({ usd, asOf: balanceSheet });
  });
});

describe("reports without inline XBRL: the cover's sentence", () => {
  it("Ford's 1993 10-K: two classes in one sentence, summed", () => {
    expect(corpus('0000037996-94-000005_ford_10-K_1994.txt', '10-K').sharesOutstanding).toEqual({
      shares: 464_296_060 + 35_426_038,
      asOf: '1994-02-01',
      classes: 2,
      from: 'cover',
    });
  });

  it('PerkinElmer 2001 ("there were outstanding, exclusive of treasury shares, 50,353,968 shares"), Apple 1994 and 1997', () => {
    expect(corpus('perkinelmer_10-K405_2001_b38210pee10-k405.txt', '10-K405').sharesOutstanding).toEqual({
      shares: 50_353_968,
      asOf: '2001-03-13',
      classes: 1,
      from: 'cover',
    });
    // "119,891,418 shares of Common Stock Issued and Outstanding as of December 2, 1994": the count follows the
    // non-affiliates' market value sentence, which is not read as a count.
    expect(corpus('ox_0000320193-94-000016_aapl_10-K_1994.txt', '10-K').sharesOutstanding).toMatchObject({
      shares: 119_891_418,
      asOf: '1994-12-02',
    });
    expect(corpus('gx_0000320193-97-000021_aapl_10-QA_1997.txt', '10-Q/A').sharesOutstanding).toMatchObject({
      shares: 126_354_086,
      asOf: '1997-05-02',
    });
  });

  it('no total assets are read from text, and an asset-backed trust states no share count', () => {
    expect(corpus('0000037996-94-000005_ford_10-K_1994.txt', '10-K')).not.toHaveProperty('totalAssets');
    const trust = periodic('src-server/integrations/edgar/replay-data/filings/0001779026-23-000027.txt', '10-K');
    expect(trust).not.toHaveProperty('sharesOutstanding');
    expect(trust).not.toHaveProperty('totalAssets');
  });
});
