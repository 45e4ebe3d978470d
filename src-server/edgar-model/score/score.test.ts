/**
 * Every scoring rule, over real documents. The fixtures hold no open-market purchase (code P),
 * no 13D, no DEF 14A and no NT/amended report: those cases are DERIVED from real documents by
 * recoding a field (stated at each case); the numbers stay the document's own.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { SCORING_RULES } from '#shared/scoring-rules';
import { edgarFixture } from '../../test/edgar-fixtures';
import { parseFiling } from '../parse';
import type { OwnershipDetail, ParsedFiling } from '../parse/types';
import { scoreFiling, type ScoreContext } from '.';

const fired = new Set<string>();
function score(parsed: ParsedFiling, context: ScoreContext = {}) {
  const s = scoreFiling(parsed, context);
  s.rules.forEach((r) => fired.add(r));
  return s;
}
const parse = (name: string, hints = {}) => parseFiling(edgarFixture(name), hints);
const ownership = (p: ParsedFiling) => p.detail as OwnershipDetail;

/** Derived: the document's open-market sale rows recoded as purchases (P, acquired). */
function asPurchase(p: ParsedFiling, pick: (row: OwnershipDetail['rows'][number]) => boolean = () => true): ParsedFiling {
  const d = ownership(p);
  d.rows = d.rows.filter((r) => (r.code === 'S' || r.code === 'A') && pick(r)).map((r) => ({ ...r, code: 'P', acquiredDisposed: 'A', is10b51: false }));
  return p;
}

describe('8-K items', () => {
  it('CRITICAL: bankruptcy (Stockwalk 2001, Item 3 -> 1.03); the highest item wins and every item is a reason', () => {
    const s = score(parse('0000950124-01-503539_stockwalk_item3_bankruptcy_2001.htm', { formType: '8-K' }));
    expect(s.importance).toBe('CRITICAL');
    expect(s.reasons).toEqual(['Item 1.03: Bankruptcy or Receivership', 'Item 2.01: Completion of Acquisition or Disposition of Assets', 'Item 8.01: Other Events']);
  });
  it.each([
    ['0001125282-05-005162_asta_funding_1.01_9.01.txt', 'HIGH', 'ASTA FUNDING INC: Material agreement signed (+1 more item)'],
    ['0001275287-05-000371_pericom_2.02_9.01.txt', 'HIGH', 'PERICOM SEMICONDUCTOR CORP: Results of operations (+1 more item)'],
    ['0000943374-24-000509_1895bancorp_5.02.txt', 'HIGH', '1895 Bancorp of Wisconsin, Inc. /MD/: Director or officer change'],
    ['0001193125-19-292676_aapl_8.01_9.01.txt', 'MEDIUM', 'Apple Inc.: Other events (+1 more item)'],
    ['8-K_index-headers_5.07.html', 'MEDIUM', 'CHOICEONE FINANCIAL SERVICES INC: Shareholder vote results'],
    ['0001011438-98-000429_aames_1998_legacy.txt', 'LOW', 'AAMES CAPITAL CORP: Financial statements and exhibits'],
  ])('%s -> %s', (file, importance, oneLiner) => {
    const s = score(parse(file));
    expect(s.importance).toBe(importance);
    expect(s.oneLiner).toBe(oneLiner);
  });
  it('LOW when no item can be read (derived: Aames with its item removed)', () => {
    const p = parse('0001011438-98-000429_aames_1998_legacy.txt');
    if (p.detail?.kind === 'current') p.detail.items = [];
    expect(score(p)).toMatchObject({ importance: 'LOW', rules: ['8k.no-items'] });
  });
  it('6-K: LOW; MEDIUM when it announces results (derived: Alcon subject recoded)', () => {
    const p = parse('6-K_athena_document.html');
    expect(score(p).importance).toBe('LOW');
    if (p.detail?.kind === 'current') p.detail.subject = 'Alcon Reports Fourth-Quarter and Full-Year 2022 Results';
    expect(score(p)).toMatchObject({ importance: 'MEDIUM', rules: ['6k.results', '6k.report'] });
  });
});

describe('Forms 3/4/5', () => {
  it("calibration: the CEO's discretionary $843M sale (Musk, 9 price rows = one trade) is CRITICAL, a director's $3.5M sale MEDIUM", () => {
    const s = score(parse('0000899243-22-035394_tsla_musk_S_9_rows.txt'));
    expect(s.importance).toBe('CRITICAL');
    expect(s.rules).toEqual(expect.arrayContaining(['form4.sale.huge', 'form4.sale.executive', 'form4.sale']));
    expect(s.oneLiner).toBe('Elon Musk sold 4,400,000 shares at an average $191.63 ($843.2M, $189.578-$197.70)');
    expect(s.trades).toHaveLength(1);
    expect(s.trades?.[0]?.vwap).toBeCloseTo(191.63, 2);
    expect(s.trades?.[0]).toMatchObject({ code: 'S', shares: 4_400_000, priceLow: 189.578, priceHigh: 197.7, rowIndexes: [0, 1, 2, 3, 4, 5, 6, 7, 8], sharesOwnedAfter: 445617432 });
    const levinson = score(parse('aapl_levinson_2019-08-12_M_S.xml'));
    expect(levinson).toMatchObject({ importance: 'MEDIUM', oneLiner: 'Arthur D. Levinson sold 17,500 shares at $201.69 ($3.5M)' });
    // Derived from the Levinson filing: the same sale by the company's market value of $400M (a quote's figure) is 0.88% of it.
    expect(score(parse('aapl_levinson_2019-08-12_M_S.xml'), { marketCapUsd: 400_000_000 }).rules).toContain('form4.sale.market-value');
    expect(s.insiderData).toEqual({ executiveName: 'Elon Musk', executiveTitle: 'CEO', insiderCik: '1494730', isDisposition: true, sharesTraded: 4400000, transactionCode: 'S', incompleteData: false });
  });
  it('size and role: derived from real filings with the 10b5-1 plan flag cleared (Cook 2019: $54.7M, CEO) and holdings recoded (Levinson)', () => {
    const cook = parse('aapl_wf-form4_156694501621463.xml');
    if (cook.detail?.kind === 'ownership') for (const r of cook.detail.rows) r.is10b51 = false; // derived: plan flag cleared
    expect(score(cook).rules).toEqual(expect.arrayContaining(['form4.sale.large', 'form4.sale.executive']));
    const levinson = parse('aapl_levinson_2019-08-12_M_S.xml');
    if (levinson.detail?.kind === 'ownership') for (const r of levinson.detail.rows) if (r.code === 'S') r.sharesOwnedAfter = 10_000; // derived: holdings recoded
    expect(score(levinson).rules).toContain('form4.sale.position');
  });
  it('amendments: one line of what changed; nothing material is LOW (derived: the Levinson Form 4 as its own 4/A)', () => {
    const original = parse('aapl_levinson_2019-08-12_M_S.xml');
    const amended = { ...parse('aapl_levinson_2019-08-12_M_S.xml'), formType: '4/A', isAmendment: true };
    const same = score(amended, { original: { formType: '4', filedDay: '2019-08-14', detail: original.detail } });
    expect(same).toMatchObject({ importance: 'LOW', rules: ['amendment.immaterial'] });
    expect(same.amendment?.line).toBe('Amends the 4 of 2019-08-14: nothing material changed');
    if (amended.detail?.kind === 'ownership') amended.detail.rows.find((r) => r.code === 'S')!.shares = 20_000; // derived: shares recoded
    const changed = score(amended, { original: { formType: '4', filedDay: '2019-08-14', detail: original.detail } });
    expect(changed.rules).toContain('amendment.changes');
    expect(changed.amendment?.line).toBe('Amends the 4 of 2019-08-14: shares 17,500 -> 20,000 (S)');
    expect(changed.importance).toBe('MEDIUM');
  });
  it('13D XML: every person, the largest percent, and a 5%/10% crossing is HIGH (derived: BML 13D as a 13D/A after 4.9%)', () => {
    const p = parse('et_schedule13d.xml');
    expect(p.detail).toMatchObject({ kind: 'beneficial', format: 'xml', percentOfClass: 9.9, subject: { cik: 1422142, cusip: '00032Q104' } });
    const amended = { ...p, formType: 'SC 13D/A', isAmendment: true };
    expect(score(amended, { previousPercent: 4.9 })).toMatchObject({ importance: 'HIGH', rules: ['stake.crossing', '13d.amendment'] });
  });
  it('option exercise: the shares acquired, not also the options given up (Musk 2023-03-08: 2 x 5,250 M rows in each table)', () => {
    const s = score(parse('tsla_musk_2023-03-08_M_option_exercise.xml'));
    expect(s.importance).toBe('LOW');
    expect(s.oneLiner).toBe('Elon Musk exercised or converted 10,500 shares');
    expect(s.insiderData).toMatchObject({ isDisposition: false, sharesTraded: 10500, transactionCode: 'M' });
  });
  it('sale under a Rule 10b5-1 plan: LOW (footnote: Maestri; checkbox: Wilson-Thompson)', () => {
    expect(score(parse('aapl_maestri_2020-10-09_S_10b5-1.xml'))).toMatchObject({ importance: 'LOW', oneLiner: 'Luca Maestri sold 243,431 shares at $116.89 ($28.5M)' });
    expect(score(parse('tsla_wilson-thompson_2025-01-06_M_S_10b5-1.xml')).rules).toContain('form4.sale.plan');
  });
  it('grants, exercises, withholding, gifts: LOW', () => {
    expect(score(parse('0001045810-23-000128_nvda_shoquist_F.txt'))).toMatchObject({ importance: 'LOW', oneLiner: 'Debora Shoquist had 7,449 shares withheld for taxes' });
    expect(score(parse('0001158463-25-000044_jetblue_A_derivative_only.txt')).oneLiner).toBe('Carol Ann Clements was granted 110,474 Restricted Stock Units');
    expect(score(parse('form5_snow_mcmahon_2022-01-31_G_gift.xml'))).toMatchObject({ importance: 'LOW', rules: ['form4.routine'] });
  });
  it('purchase by an officer: HIGH (derived: AAR sale of 1,500 shares at $66.903 recoded as P)', () => {
    const s = score(asPurchase(parse('0001127602-25-001055_aar_S_with_EX-24.txt')));
    expect(s).toMatchObject({ importance: 'HIGH', rules: ['form4.purchase.insider'] });
    expect(s.oneLiner).toBe('Jessica A. Garascia bought 1,500 shares at $66.90 ($100K)');
    expect(s.insiderData).toMatchObject({ isDisposition: false, sharesTraded: 1500 });
  });
  it('large purchase by value: CRITICAL (derived: Maestri $28.5M sale recoded as P)', () => {
    const s = score(asPurchase(parse('aapl_maestri_2020-10-09_S_10b5-1.xml')));
    expect(s.importance).toBe('CRITICAL');
    expect(s.reasons).toContain('The purchase is worth $28.5M');
  });
  it('large purchase by holdings growth: CRITICAL (derived: the Brin 2022 row of 100 shares at $2,603.14, 100 held after)', () => {
    const s = score(asPurchase(parse('goog_brin_2022-04-13_S_indirect.xml'), (r) => r.pricePerShare === 2603.14));
    expect(s.importance).toBe('CRITICAL');
    expect(s.reasons).toContain('The purchase ($260K) grows the holding from nothing');
  });
  it('purchase by a 10% owner only: MEDIUM (derived: Arrow grant recoded as P, owner flags recoded)', () => {
    const p = asPurchase(parse('0001127602-25-004598_arrow_A_F.nc'));
    ownership(p).owners = ownership(p).owners.map((o) => ({ ...o, isOfficer: false, isDirector: false, officerTitle: null, isTenPercentOwner: true }));
    expect(score(p)).toMatchObject({ importance: 'MEDIUM', rules: ['form4.purchase.holder'] });
  });
  it('cluster: CRITICAL when 3 insiders bought within 10 days (others from stored rows)', () => {
    const p = asPurchase(parse('0001127602-25-001055_aar_S_with_EX-24.txt'));
    expect(score(p, { clusterBuyers: ['Someone Else'] }).importance).toBe('HIGH');
    const s = score(p, { clusterBuyers: ['Someone Else', 'Another Director', 'Jessica A. Garascia'] });
    expect(s.importance).toBe('CRITICAL');
    expect(s.reasons).toContain('3 insiders bought within 10 days (also Someone Else, Another Director)');
  });
  it('Form 3: LOW; a new 10% owner MEDIUM; a text-only Form 4 LOW and incomplete', () => {
    expect(score(parse('form3_snow_garrett_2020-09-15_derivative_holdings.xml'))).toMatchObject({ importance: 'LOW', rules: ['form3.initial'] });
    expect(score(parse('form3_snow_berkshire_buffett_2020-09-18_two_owners.xml'))).toMatchObject({ importance: 'MEDIUM', rules: ['form3.ten-percent'] });
    const legacy = score(parse('0001094891-00-000193_legacy_text_form4_2000.txt'));
    expect(legacy).toMatchObject({ importance: 'LOW', rules: ['form4.no-rows'] });
    expect(legacy.insiderData?.incompleteData).toBe(true);
  });
});

describe('ownership stakes, reports, offerings', () => {
  it('13G: LOW; MEDIUM at 10%+ or a 2-point move or falling under 5%', () => {
    const p = parse('0001076809-24-000144_SC13G.nc');
    expect(score(p)).toMatchObject({ importance: 'LOW', oneLiner: 'GLAZER CAPITAL, LLC reports 5.31% of Avid Bioservices, Inc. (2 reporting persons)' });
    expect(score(p, { previousPercent: 9.9 })).toMatchObject({ importance: 'MEDIUM', rules: ['13g.change', '13g.passive'] });
    expect(score(parse('0000895421-24-000024_SC13G-A_coupang.txt'), { previousPercent: 5.1 }).importance).toBe('LOW');
    const big = parse('schedule13g_primary_doc.xml');
    if (big.detail?.kind === 'beneficial') big.detail.percentOfClass = 12; // derived: percent recoded
    expect(score(big).rules).toContain('13g.large');
  });
  it('13D: HIGH, 13D/A: MEDIUM (derived: the Coupang 13G/A recoded as 13D forms)', () => {
    const p = parse('0000895421-24-000024_SC13G-A_coupang.txt');
    expect(score({ ...p, formType: 'SC 13D', isAmendment: false, detail: p.detail && { ...p.detail, schedule: '13D' } } as ParsedFiling).importance).toBe('HIGH');
    expect(score({ ...p, formType: 'SC 13D/A', detail: p.detail && { ...p.detail, schedule: '13D' } } as ParsedFiling).importance).toBe('MEDIUM');
  });
  it('10-K/10-Q MEDIUM; amendments LOW; NT late notices HIGH (derived from the Tesla 10-K header)', () => {
    const raw = edgarFixture('10-K_tsla_2020_minimal_submission.txt');
    expect(score(parseFiling(raw))).toMatchObject({ importance: 'MEDIUM', oneLiner: 'Tesla, Inc. annual report (10-K) for the period ended 2019-12-31 (fiscal 2019)' });
    expect(score(parseFiling(raw.replace('SUBMISSION TYPE:\t10-K', 'SUBMISSION TYPE:\t10-K/A'))).rules).toEqual(['periodic.amendment']);
    expect(score(parseFiling(raw.replace('SUBMISSION TYPE:\t10-K', 'SUBMISSION TYPE:\tNT 10-K')))).toMatchObject({ importance: 'HIGH', rules: ['periodic.late'] });
  });
  it('S-1/F-1/424B4 MEDIUM, their amendments LOW, Form D LOW (derived: the Abeona 424B5 header recoded)', () => {
    const raw = edgarFixture('424B5_header_abeona.txt');
    expect(score(parseFiling(raw.replace(/424B5/g, '424B4'))).importance).toBe('MEDIUM');
    expect(score(parseFiling(raw.replace(/424B5/g, 'S-1/A'))).rules).toEqual(['offering.amendment']);
    expect(score(parse('D-A_Shepards_primary_doc.xml'))).toMatchObject({ importance: 'LOW', oneLiner: "Shepherd's Finance, LLC reports a private offering of $8.0M ($5.7M sold)" });
  });
  it('DEF 14A by meeting type (no proxy fixture: rules applied to the parsed structure)', () => {
    const base = parse('424B5_header_abeona.txt');
    const proxy = (formType: string, meetingType: 'annual' | 'special') => score({ ...base, formType, family: 'proxy', detail: { kind: 'proxy', meetingType, meetingDate: null } });
    expect(proxy('DEF 14A', 'annual').importance).toBe('LOW');
    expect(proxy('DEF 14A', 'special').importance).toBe('MEDIUM');
    expect(proxy('DEFM14A', 'annual').importance).toBe('MEDIUM');
    expect(proxy('DEFC14A', 'annual').importance).toBe('HIGH');
  });
  it('13F LOW with holdings and value; anything else LOW', () => {
    expect(score(parse('0001894188-23-000007_13F-HR_full_submission.txt')).oneLiner).toBe('LTS One Management LP reports 14 holdings worth $454.9M as of 2023-09-30');
    expect(score(parse('metlife_13F-HR_primary_doc.xml')).oneLiner).toMatch(/worth \$11\.02B/); // 2021: thousands of dollars
    expect(score(parse('424B5_header_abeona.txt'))).toMatchObject({ importance: 'LOW', rules: ['other'] });
    // Form 144 (issue #18): the proposed sale in words.
    expect(score(parse('144_apple_primary_doc.xml'))).toMatchObject({
      importance: 'LOW',
      rules: ['form144.notice'],
      oneLiner: 'Luca Maestri plans to sell 69,996 shares ($11.6M) of Apple Inc. around 2023-04-13',
    });
  });

  it('late Form 4: LOW when filed after the two-business-day deadline, MEDIUM from 5 business days (derived: Wilson-Thompson dated later)', () => {
    // Trades of Monday 2025-01-06 are due Wednesday the 8th; the real filing was on time (2025-01-08).
    const on = (filedDate: string) => score(parseFiling(edgarFixture('tsla_wilson-thompson_2025-01-06_M_S_10b5-1.xml'), { filedDate, formType: '4' }));
    expect(on('2025-01-08').rules).not.toContain('form4.late');
    // EDGAR was closed Thursday 2025-01-09 (national day of mourning): filed Friday the 10th is 1 business day late.
    const late = on('2025-01-10');
    expect(late.rules).toContain('form4.late');
    expect(late.reasons).toContain('Form 4 filed 1 business day late (trade 2025-01-06, due two business days after)');
    // Filed 2025-01-21: 10, 13-17 and 21 January (9 January closed, 20 January is Martin Luther King Jr. Day) = 7 business days.
    const veryLate = on('2025-01-21');
    expect(veryLate).toMatchObject({ importance: 'MEDIUM' });
    expect(veryLate.rules).toContain('form4.very-late');
    expect(veryLate.reasons[0]).toBe('Form 4 filed 7 business days late (trade 2025-01-06, due two business days after)');
  });
});

/** Real filings of the golden corpus (issue #16a): no derived case here, every number is the document's own. */
describe('real purchases, a real late filing and real Form 144s', () => {
  const corpus = (name: string, hints = {}) => parseFiling(readFileSync(fileURLToPath(new URL(`../../test/fixtures/edgar/corpus/${name}`, import.meta.url)), 'utf8'), hints);

  it("CRITICAL: a CEO's open-market purchase (Musk buys 72,500 Tesla shares, 2018-06-12/13, about $25M)", () => {
    const s = score(corpus('f4x_0001494730-18-000005_tsla_musk_P_ceo.xml', { formType: '4', filedDate: '2018-06-13' }));
    expect(s.importance).toBe('CRITICAL');
    expect(s.rules).toEqual(expect.arrayContaining(['form4.purchase.insider', 'form4.purchase.large', 'form4.purchase.executive']));
    expect(s.rules).not.toContain('form4.late');
    expect(s.oneLiner).toMatch(/^Elon Musk bought 72,500 shares at an average \$34\d\.\d\d \(\$24\.\dM, /);
  });

  it("MEDIUM: a director's $5,000 purchase is small (Isabella Bank, 275.634 shares at $18.14)", () => {
    const s = score(corpus('f4x_0000842517-24-000086_isba_mcguirk_P.txt'));
    expect(s.rules).toEqual(['form4.purchase.small']);
    expect(s.importance).toBe('MEDIUM');
    expect(s.reasons[0]).toBe('Richard L McGuirk (Director) bought 275.634 shares in the open market, a small purchase ($5,000, under $10K)');
  });

  it('a Form 4 filed 1 business day late (Natera option grant of Friday 2022-01-14; Monday the 17th is a holiday; filed Thursday the 20th)', () => {
    const s = score(corpus('f4x_0001415889-22-000694_ntra_botha_A_late.xml', { formType: '4', filedDate: '2022-01-20' }));
    expect(s.rules).toContain('form4.late');
    expect(s.reasons).toContain('Form 4 filed 1 business day late (trade 2022-01-14, due two business days after)');
  });

  it('on time across closures: Square (EDGAR closed 2018-12-05) and Block (Veterans Day observed 2023-11-10)', () => {
    expect(score(corpus('f4x_0000899243-18-030317_sq_botha_edgar_closed_2018-12-05.xml', { formType: '4', filedDate: '2018-12-06' })).rules).not.toContain('form4.late');
    expect(score(corpus('f4x_0001062993-23-020702_block_sq_botha_P_veterans_day.xml', { formType: '4', filedDate: '2023-11-13' })).rules).not.toContain('form4.late');
  });

  it('a real 4/A is an amendment and is not judged late against its original trade date (Lam Research, 2025-01-21 for 2024-11-04)', () => {
    const parsed = corpus('f4x_0000707549-25-000004_lrcx_ahmed_4A_G.txt');
    expect(parsed).toMatchObject({ formType: '4/A', isAmendment: true, detail: { dateOfOriginalSubmission: '2024-11-04' } });
    expect(score(parsed).rules).toEqual(['form4.routine']);
  });

  it('a Form 144 whose document is not at hand (index-headers page) still scores form144.notice and names the seller', () => {
    const parsed = parseFiling(edgarFixture('0001971857-23-000246-index-headers_144.html'));
    expect(parsed).toMatchObject({ family: 'sale_notice', detail: null, filer: { cik: 1701746, name: 'Hendrian Catherine A' }, company: { cik: 201533 } });
    expect(parsed.incomplete).toContain('Form 144 document not available');
    expect(score(parsed)).toMatchObject({ importance: 'LOW', rules: ['form144.notice'], oneLiner: 'Catherine A Hendrian filed a notice of a proposed sale of CONSUMERS ENERGY CO shares (Form 144)' });
  });
});

afterAll(() => {
  // The rules table shown on /about-our-ai and the scorer must not drift apart.
  const ids = SCORING_RULES.map((r) => r.id);
  for (const rule of fired) expect(ids).toContain(rule);
  const untested = ids.filter((id) => !fired.has(id) && !/^8k\.item\.\d/.test(id));
  expect(untested).toEqual([]);
});
