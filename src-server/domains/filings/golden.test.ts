/** Every real filing of the corpus against the facts read from it (npm run edgar:golden prints the same count). */
import { describe, expect, it } from 'vitest';
import { compareGolden, ruleCoverage } from './golden';

/** Rules docs/scoring.md's table says a real corpus filing fires on its own (no stored history). */
const FIRED_BY_REAL_FILINGS = [
  '8k.item.1.01',
  '8k.item.1.02',
  '8k.item.1.03',
  '8k.item.2.01',
  '8k.item.2.02',
  '8k.item.2.03',
  '8k.item.2.05',
  '8k.item.3.01',
  '8k.item.3.02',
  '8k.item.3.03',
  '8k.item.4.01',
  '8k.item.4.02',
  '8k.item.5.01',
  '8k.item.5.02',
  '8k.item.5.03',
  '8k.item.5.07',
  '8k.item.7.01',
  '8k.item.8.01',
  '8k.item.other',
  '6k.report',
  'form3.initial',
  'form3.ten-percent',
  'form4.no-rows',
  'form4.routine',
  'form4.sale',
  'form4.sale.executive',
  'form4.sale.huge',
  'form4.sale.large',
  'form4.sale.plan',
  'form4.sale.position',
  'form4.purchase.allocation',
  'form4.purchase.insider',
  'form4.purchase.large',
  'form4.purchase.executive',
  'form4.late',
  'form144.notice',
  '13d.initial',
  '13d.amendment',
  '13g.passive',
  '13g.initial',
  'stake.exit',
  '13d.plans',
  '13d.pre-listing',
  '13f.holdings',
  'offering.form-d',
  // Traws Pharma's 424B4 sells 20.1% of its shares (decision 345); offering.registration's real filings are the eval's
  // CAMP4 IPO prospectus and score.test.ts's Traws with half the shares offered (derived).
  'offering.dilutive',
  'periodic.report',
  'periodic.amendment',
  'periodic.late',
  'proxy.annual',
  'offering.amendment',
  '6k.results',
];

describe('golden corpus of real EDGAR filings', () => {
  it('the parser gets every expected fact right', () => {
    const result = compareGolden();
    expect(result.filings).toBeGreaterThanOrEqual(150);
    expect(result.mismatches).toEqual([]);
  });

  it("fires each rule docs/scoring.md's table credits to a real filing", () => {
    const coverage = ruleCoverage();
    expect(FIRED_BY_REAL_FILINGS.filter((rule) => !coverage.has(rule))).toEqual([]);
    // Musk's $843M discretionary sale is the very-large-sale rule's filing (HIGH: a sale is never CRITICAL on size alone).
    expect(coverage.get('form4.sale.huge')).toEqual([
      'integrations/edgar/replay-data/filings/0000899243-22-035394_tsla_musk_S_9_rows.txt',
    ]);
    // Musk's 2018 purchase of 72,500 Tesla shares is the CEO-purchase rule's filing; Natera's grant filed a day late the late rule's.
    expect(coverage.get('form4.purchase.executive')).toEqual([
      'test/fixtures/edgar/corpus/f4x_0001494730-18-000005_tsla_musk_P_ceo.xml',
    ]);
    // SoftBank's joint Form 4 (a conversion, no trade) is late by months: LOW, by the dates the filing states.
    expect(coverage.get('form4.late')).toEqual([
      'test/fixtures/edgar/corpus/f4x_0001415889-22-000694_ntra_botha_A_late.xml',
      'integrations/edgar/replay-data/filings/softbank_derivative_acquisition.xml',
    ]);
    // 180 Degree Capital's DEF 14A is the annual-proxy rule's filing; Apple's 1997 10-Q/A the periodic amendment's.
    expect(coverage.get('proxy.annual')).toEqual([
      'test/fixtures/edgar/corpus/gx_0000893739-20-000019_180degree_DEF14A.txt',
    ]);
    expect(coverage.get('periodic.amendment')).toEqual([
      'test/fixtures/edgar/corpus/gx_0000320193-97-000021_aapl_10-QA_1997.txt',
    ]);
    // Unicycive's 2021 S-1/A (Amendment No. 3) is the amended-registration rule's.
    expect(coverage.get('offering.amendment')).toEqual([
      'test/fixtures/edgar/corpus/gx_0001213900-21-035033_unicycive_S-1A.txt',
    ]);
    // Waldencast's 6-K of its Q2 2026 trading update (first-half results) is the 6-K results rule's.
    expect(coverage.get('6k.results')).toEqual([
      'test/fixtures/edgar/corpus/gx_0001840199-26-000108_waldencast_6-K.htm',
    ]);
    // Quantum's NT 10-K and Domo's NT 10-Q (Form 12b-25) are the late-filing rule's.
    expect(coverage.get('periodic.late')).toEqual([
      'test/fixtures/edgar/corpus/gx_0001193125-26-270343_quantum_NT10-K.htm',
      'test/fixtures/edgar/corpus/gx_0001628280-26-042197_domo_NT10-Q.htm',
    ]);
  });
});
