/**
 * Forms of issue #16's third corpus pass (issue-16c): a DEF 14A proxy statement, a 10-Q/A and two
 * Form 12b-25 late-filing notices (NT 10-K, NT 10-Q), each a real document checked against values read
 * from it (corpus/SOURCES.md); and of the fourth (issue-16d): an S-1/A and a 6-K announcing results.
 */
import { describe, expect, it } from 'vitest';
import { edgarFixture } from '../../test/edgar-fixtures';
import { scoreFiling } from '../score';
import { parseFiling } from '.';

describe('DEF 14A proxy statement', () => {
  it('180 Degree Capital (0000893739-20-000019): an annual meeting on May 14, 2020 that asks for a reverse split: MEDIUM', () => {
    // "the 2020 Annual Meeting of Shareholders ... will be held on Thursday, May 14, 2020"; the "Special
    // Meeting" the reverse-split section names 90,000 characters in is not this proxy's meeting.
    const parsed = parseFiling(edgarFixture('corpus/gx_0000893739-20-000019_180degree_DEF14A.txt'));
    expect(parsed).toMatchObject({
      accessionNo: '0000893739-20-000019',
      formType: 'DEF 14A',
      family: 'proxy',
      isAmendment: false,
      filedDate: '2020-03-25',
      company: { cik: 893739, name: '180 DEGREE CAPITAL CORP. /NY/' },
    });
    // "2. To approve an amendment to the Company's restated certificate of incorporation to effect a reverse stock split".
    expect(parsed.detail).toEqual({
      kind: 'proxy',
      meetingType: 'annual',
      meetingDate: '2020-05-14',
      reverseSplit: true,
    });
    const score = scoreFiling(parsed);
    expect(score.rules).toEqual(['proxy.reverse-split', 'proxy.annual']);
    expect(score.importance).toBe('MEDIUM');
  });
});

describe('10-Q/A amendment', () => {
  it("Apple 10-Q/A (0000320193-97-000021): the cover's quarter, not the header's period that is its own filing date", () => {
    // The SEC header says CONFORMED PERIOD OF REPORT 19971007 and FILED AS OF DATE 19971007; the cover says
    // "For the quarterly period ended March 28, 1997" (Apple's fiscal 1997 ends in September).
    const parsed = parseFiling(edgarFixture('corpus/gx_0000320193-97-000021_aapl_10-QA_1997.txt'));
    expect(parsed).toMatchObject({
      formType: '10-Q/A',
      family: 'periodic',
      isAmendment: true,
      filedDate: '1997-10-07',
      periodOfReport: '1997-03-28',
    });
    expect(parsed.detail).toEqual({
      kind: 'periodic',
      periodOfReport: '1997-03-28',
      fiscalYear: 1997,
      fiscalPeriod: null,
      isLateNotice: false,
      // The cover: "126,354,086 shares of Common Stock Issued and Outstanding as of May 2, 1997" (decision 366).
      sharesOutstanding: { shares: 126_354_086, asOf: '1997-05-02', classes: 1, from: 'cover' },
    });
    const score = scoreFiling(parsed);
    expect(score.rules).toEqual(['periodic.amendment']);
    expect(score.oneLiner).toBe('Apple Computer Inc. amended its 10-Q for the period ended 1997-03-28');
  });

  it("a header period before the filing date is kept (Apple's 1994 10-K)", () => {
    const parsed = parseFiling(edgarFixture('corpus/ox_0000320193-94-000016_aapl_10-K_1994.txt'));
    expect(parsed.periodOfReport).toBe('1994-09-30');
    expect(parsed.detail).toMatchObject({ kind: 'periodic', periodOfReport: '1994-09-30', fiscalYear: 1994 });
  });
});

describe('NT 10-K / NT 10-Q late-filing notices (Form 12b-25)', () => {
  it('Quantum NT 10-K (0001193125-26-270343): a document without SEC header takes its period from "For Period Ended:"', () => {
    const parsed = parseFiling(edgarFixture('corpus/gx_0001193125-26-270343_quantum_NT10-K.htm'), {
      accessionNo: '0001193125-26-270343',
    });
    expect(parsed).toMatchObject({
      formType: 'NT 10-K',
      family: 'periodic',
      isAmendment: false,
      periodOfReport: '2026-03-31',
    });
    expect(parsed.detail).toMatchObject({ kind: 'periodic', isLateNotice: true, periodOfReport: '2026-03-31' });
    const score = scoreFiling(parsed);
    expect(score.rules).toEqual(['periodic.late']);
    expect(score.importance).toBe('HIGH');
    // Without a header the registrant comes from Part I, the line above "(Full Name of Registrant)".
    expect(score.oneLiner).toBe('Quantum Corporation will file its 10-K late for the period ended 2026-03-31');
  });

  it('Domo NT 10-Q (0001628280-26-042197): quarter ended April 30, 2026, HIGH', () => {
    const parsed = parseFiling(edgarFixture('corpus/gx_0001628280-26-042197_domo_NT10-Q.htm'), {
      accessionNo: '0001628280-26-042197',
    });
    expect(parsed).toMatchObject({ formType: 'NT 10-Q', family: 'periodic', periodOfReport: '2026-04-30' });
    expect(scoreFiling(parsed).rules).toEqual(['periodic.late']);
    // Domo prints the caption without brackets ("Full Name of Registrant").
    expect(scoreFiling(parsed).oneLiner).toBe('Domo, Inc. will file its 10-Q late for the period ended 2026-04-30');
  });

  it("a bare 10-K405 document's period comes from its cover (PerkinElmer, fiscal year ended December 31, 2000)", () => {
    const parsed = parseFiling(edgarFixture('corpus/perkinelmer_10-K405_2001_b38210pee10-k405.txt'));
    expect(parsed.periodOfReport).toBe('2000-12-31');
  });
});

describe('S-1/A amended registration statement', () => {
  it('Unicycive S-1/A (0001213900-21-035033): Amendment No. 3, scored offering.amendment', () => {
    const parsed = parseFiling(edgarFixture('corpus/gx_0001213900-21-035033_unicycive_S-1A.txt'));
    expect(parsed).toMatchObject({
      accessionNo: '0001213900-21-035033',
      formType: 'S-1/A',
      family: 'offering',
      isAmendment: true,
      filedDate: '2021-06-30',
      company: { cik: 1766140, name: 'Unicycive Therapeutics, Inc.' },
      primaryDocument: 'ea143554-s1a3_unicycivethera.htm',
    });
    expect(scoreFiling(parsed)).toMatchObject({ importance: 'LOW', rules: ['offering.amendment'] });
  });

  it("the amount registered is the cover fee table's total even when its title breaks across lines", () => {
    // The 2021 cover prints "CALCULATION OF<BR>REGISTRATION FEE"; the text has a line break there, so a
    // single-space search missed the table and the amount was not read at all. Its rows: common stock
    // $28,750,000, warrant shares $23,000,000, the underwriter's option $1,437,500; "Total $54,337,500".
    const parsed = parseFiling(edgarFixture('corpus/gx_0001213900-21-035033_unicycive_S-1A.txt'));
    expect(parsed.detail).toMatchObject({
      kind: 'offering',
      offeringAmount: 54_337_500,
      offeringAmountText: '$54,337,500',
    });
    expect(parsed.incomplete).toEqual([]);
    expect(scoreFiling(parsed).oneLiner).toBe('Unicycive Therapeutics, Inc. files S-1/A for $54.3M');
  });
});

describe('6-K announcing results', () => {
  it('Waldencast 6-K (0001840199-26-000108): the headline after the cover is its subject, scored 6k.results', () => {
    // Only the <DOCUMENT> block is stored (no SEC header): the registrant comes from the cover's
    // "Waldencast plc / (Translation of Registrant's name into English)".
    const parsed = parseFiling(edgarFixture('corpus/gx_0001840199-26-000108_waldencast_6-K.htm'), {
      accessionNo: '0001840199-26-000108',
      cik: 1840199,
    });
    expect(parsed).toMatchObject({
      accessionNo: '0001840199-26-000108',
      formType: '6-K',
      family: 'current',
      company: { cik: 1840199, name: 'Waldencast plc' },
      primaryDocument: 'a1wald6-k_earningsreleasex.htm',
    });
    expect(parsed.detail).toMatchObject({
      eventDate: '2026-09-28',
      subject: 'Waldencast plc Announces Q2 2026 Trading Update',
    });
    expect(scoreFiling(parsed)).toMatchObject({
      importance: 'MEDIUM',
      rules: ['6k.results', '6k.report'],
      oneLiner: 'Waldencast plc Announces Q2 2026 Trading Update',
    });
  });

  it('"Exhibit 99.1 hereto) shall not be deemed filed" is prose, not the exhibit index\'s description', () => {
    // Before: the subject was "hereto) shall not be deemed “filed” for purposes of Section 18 ...".
    const doc = (body: string) =>
      `<DOCUMENT>\n<TYPE>6-K\n<TEXT>\n<html><body>${body}</body></html>\n</TEXT>\n</DOCUMENT>\n`;
    const cover = '<p>FORM 6-K</p><p>Form 20-F [X] Form 40-F [ ]</p>';
    const prose =
      '<p>The information in this Report on Form 6-K (including Exhibit 99.1 hereto) shall not be deemed filed.</p>';
    const index = '<p>EXHIBIT INDEX</p><table><tr><td>99.1</td><td>Press release dated May 2, 2024</td></tr></table>';
    const parsed = parseFiling(doc(cover + prose + index));
    expect(parsed.detail).toMatchObject({ subject: 'Press release dated May 2, 2024' });
    expect(scoreFiling(parsed).rules).toEqual(['6k.report']);
  });
});
