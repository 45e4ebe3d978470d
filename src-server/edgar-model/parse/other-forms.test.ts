/**
 * Forms other than 3/4/5/144 (issue #16, second corpus pass): proxies, 6-K, S-1 and the cover
 * pages of text/HTML Schedules 13D/13G, each checked against values read from the real document.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { projectPath } from '../../config/paths';
import { edgarFixture } from '../../test/edgar-fixtures';
import { scoreFiling } from '../score';
import { coverIssuerName } from './families';
import { parseSubmission } from './sgml';
import { htmlToText } from './text';
import { formFamily, parseFiling } from '.';
import type { BeneficialDetail } from './types';

describe('proxy forms', () => {
  it('EDGAR writes "DEF 14A" and "PRE 14A" with a space: they are proxies, as are the lettered variants', () => {
    // Before this, "DEF 14A" (the form every annual proxy is filed as) fell to 'other' and no proxy rule could fire.
    for (const form of [
      'DEF 14A',
      'PRE 14A',
      'DEFA14A',
      'DEFM14A',
      'DEFR14A',
      'DEFC14A',
      'PREM14A',
      'PRER14A',
      'PREC14A',
      'DEF 14A/A',
    ]) {
      expect(formFamily(form), form).toBe('proxy');
    }
    for (const form of ['DEF 14C', 'DEF 13E3', '10-K', 'DEFN14A-X']) expect(formFamily(form), form).not.toBe('proxy');
  });

  it('a DEF 14A is read as a proxy and scored by the proxy rules', () => {
    // T. Rowe Price funds' EDGAR filing page for their DEF 14A (0001741773-23-002051): the form is known
    // from the caller, the page itself holds no meeting wording, so the annual default applies.
    const parsed = parseFiling(edgarFixture('corpus/et_troweprice_DEF14A.html'), { formType: 'DEF 14A' });
    expect(parsed.family).toBe('proxy');
    expect(parsed.detail?.kind).toBe('proxy');
    expect(scoreFiling(parsed).rules).toEqual(['proxy.annual']);
  });
});

describe('Schedule 13D/13G text and HTML cover pages: the subject company', () => {
  const coverText = (name: string) => {
    const doc = parseSubmission(edgarFixture(name)).documents[0]!;
    return /<html|<body|<p\b|<div\b|<table\b/i.test(doc.text.slice(0, 5_000)) ? htmlToText(doc.text) : doc.text;
  };

  it('reads the line above "(Name of Issuer)", skipping rules of dashes', () => {
    expect(coverIssuerName(coverText('corpus/et_SC13G-A_document_with_text.html'))).toBe('TRINITY INDUSTRIES INC');
    expect(coverIssuerName(coverText('corpus/et_SC13G_document.html'))).toBe('LIVENT CORPORATION');
  });

  it('joins a name an HTML cell breaks over two lines ("AVID BIOSERVICES,\\n INC.")', () => {
    expect(coverIssuerName(coverText('0001076809-24-000144_SC13G.nc'))).toBe('AVID BIOSERVICES, INC.');
  });

  it('reads a cover that writes the caption first ("Name of issuer:  NIKE Inc", Vanguard\'s 13G/A No. 2)', () => {
    const raw = readFileSync(projectPath('eval/importance/filings/13dg/ne_nike_13ga_alt_format_SC13GA.html'), 'utf8');
    expect(coverIssuerName(htmlToText(raw))).toBe('NIKE Inc');
    expect(scoreFiling(parseFiling(raw)).reasons[0]).toBe(
      'The Vanguard Group holds 6.13% of NIKE Inc as a passive investor',
    );
  });

  it('a bare cover page (no SEC header) names its subject company, which the one-liner uses', () => {
    const parsed = parseFiling(edgarFixture('corpus/et_SC13G-A_document_with_text.html'));
    expect(parsed.detail).toMatchObject({
      kind: 'beneficial',
      format: 'text',
      subject: { cik: null, name: 'TRINITY INDUSTRIES INC', cusip: '896522109' },
      eventDate: '2023-12-31',
      amendmentNo: 3,
      percentOfClass: 17.1,
    });
    expect(parsed.company?.name).toBe('TRINITY INDUSTRIES INC');
    expect(scoreFiling(parsed).oneLiner).toBe('BlackRock, Inc. reports 17.1% of Trinity Industries Inc.');
  });

  it("the SEC header's subject company still wins over the cover page", () => {
    const parsed = parseFiling(edgarFixture('0001076809-24-000144_SC13G.nc'));
    expect(parsed.detail).toMatchObject({
      subject: { cik: 704562, name: 'Avid Bioservices, Inc.' },
      eventDate: '2024-12-09',
    });
  });

  it('a combined SC TO-T/A that is also a Schedule 13D amendment is read as the 13D/A (Icahn / CVR Energy, 2025)', () => {
    // 0001104659-25-002604: tender offer amendment No. 3, box "amendment to Schedule 13D under Rule 13d-2" checked;
    // the header's subject-company FILING VALUES say SC 13D/A. Six HTML cover pages: 51.8% (two) and 67.2% (four).
    const parsed = parseFiling(edgarFixture('corpus/ox_0001104659-25-002604_icahn_cvr_SC-TO-T-A_13D-A.txt'));
    expect(parsed).toMatchObject({
      formType: 'SC TO-T/A',
      alsoFiledAs: ['SC 13D/A'],
      family: 'beneficial',
      isAmendment: true,
      filedDate: '2025-01-10',
    });
    const detail = parsed.detail as BeneficialDetail;
    expect(detail).toMatchObject({
      schedule: '13D',
      format: 'text',
      subject: { cik: 1376139, name: 'CVR ENERGY INC', cusip: '12662P108' },
      filer: { cik: 1034563, name: 'ICAHN ENTERPRISES HOLDINGS L.P.' },
      percentOfClass: 67.2,
      amendmentNo: 3,
      eventDate: null,
    });
    expect(detail.reportingPersons.map((p) => [p.name, p.percentOfClass, p.shares])).toEqual([
      ['IEP Energy Holding LLC', 51.8, 52_070_593],
      ['American Entertainment Properties Corp.', 51.8, 52_070_593],
      ['Icahn Enterprises Holdings L.P.', 67.2, 67_570_593],
      ['Icahn Enterprises G.P. Inc.', 67.2, 67_570_593],
      ['Beckton Corp.', 67.2, 67_570_593],
      ['Carl C. Icahn', 67.2, 67_570_593],
    ]);
    expect(detail.reportingPersons[5]).toMatchObject({
      soleVoting: 0,
      sharedVoting: 67_570_593,
      soleDispositive: 0,
      sharedDispositive: 67_570_593,
    });
    const score = scoreFiling(parsed);
    expect(score.rules).toEqual(['13d.amendment']);
    expect(score.oneLiner).toBe(
      'Icahn Enterprises Holdings L.P. reports 67.2% of CVR Energy Inc. (6 reporting persons)',
    );
  });

  it('a 2016 HTML Schedule 13D with 27 cover pages (MMCAP and others on Cybergy Holdings)', () => {
    // A page saved from the sec.report mirror around the EDGAR document sched13d.htm: no SEC header.
    const parsed = parseFiling(edgarFixture('corpus/ox_cybergy_SC-13D_2016_sec-report-saved-page.html'));
    expect(parsed).toMatchObject({
      formType: 'SC 13D',
      family: 'beneficial',
      isAmendment: false,
      primaryDocument: 'sched13d.htm',
    });
    const detail = parsed.detail as BeneficialDetail;
    expect(detail).toMatchObject({
      schedule: '13D',
      subject: { cik: null, name: 'Cybergy Holdings, Inc.', cusip: '23248X101' },
      eventDate: '2016-02-02',
      amendmentNo: null,
    });
    expect(detail.reportingPersons).toHaveLength(27);
    const byName = new Map(detail.reportingPersons.map((p) => [p.name, p]));
    // The cell breaks the first name over two lines; "Birch First" is a name, not the I.R.S. caption.
    expect(detail.reportingPersons[0]).toMatchObject({
      name: 'MMCAP International Inc. SPC',
      percentOfClass: 62.9,
      shares: 81_061_550,
      soleVoting: 81_061_550,
      sharedVoting: 0,
      type: 'OO',
    });
    expect(byName.get('Birch First Global Exempt Fund Inc.')).toMatchObject({
      percentOfClass: 36.4,
      shares: 25_613_359,
    });
    expect(byName.get('Birch First Capital Management LLC')).toMatchObject({ percentOfClass: 0.4, shares: 203_054 });
    // Rows 7, 9 and 11 of this cover are blank as filed: null, not the next row's number (8, 10, 12).
    expect(byName.get('Steve Schnipper')).toMatchObject({
      percentOfClass: 4.4,
      shares: null,
      soleVoting: null,
      sharedVoting: 0,
      soleDispositive: null,
      type: 'IN',
    });
    expect(byName.get('Vukota Multi-Strategy Fund LP')).toMatchObject({
      percentOfClass: 19.7,
      shares: 12_029_990,
      type: 'PN',
    });
    // The largest percent printed on a cover page (James S. Williamson) is the filing's percent.
    expect(byName.get('James S. Williamson')).toMatchObject({ percentOfClass: 75.9, shares: 154_512_580 });
    expect(detail.percentOfClass).toBe(75.9);
    // Item 4 states an action taken (the group demands directors resign): a first 13D with it is CRITICAL (issue #25).
    const score = scoreFiling(parsed);
    expect(score.rules).toEqual(['13d.plans']);
    expect(score.importance).toBe('CRITICAL');
  });

  it('a cover page without the caption names no subject', () => {
    expect(coverIssuerName('SCHEDULE 13G\nUnder the Securities Exchange Act of 1934\n(Amendment No. 2)\n')).toBeNull();
  });
});

describe('6-K and S-1', () => {
  it('Royal Philips 6-K (2023-01-30): report date and the press release it furnishes, no results rule', () => {
    const parsed = parseFiling(edgarFixture('corpus/ox_philips_6k_2023-01-30.html'));
    expect(parsed).toMatchObject({ formType: '6-K', family: 'current', primaryDocument: 'phg-20230130.htm' });
    expect(parsed.detail).toMatchObject({
      eventDate: '2023-01-30',
      subject: 'Philips presents its plan to create value with sustainable impact',
    });
    // A strategy presentation, not a results announcement (the results were published apart that day): news read
    // from its headline as an 8-K's Other Events would be (decision 338), MEDIUM.
    expect(scoreFiling(parsed)).toMatchObject({ importance: 'MEDIUM', rules: ['6k.news', '6k.report'] });
  });

  it('Acurx S-1 (0001104659-23-076317): header and a resale registration (the company receives none of the proceeds)', () => {
    const parsed = parseFiling(edgarFixture('corpus/ox_0001104659-23-076317_acurx_S-1.txt'));
    expect(parsed).toMatchObject({
      accessionNo: '0001104659-23-076317',
      formType: 'S-1',
      family: 'offering',
      filedDate: '2023-06-29',
      company: { cik: 1736243, name: 'Acurx Pharmaceuticals, Inc.' },
    });
    expect(scoreFiling(parsed).rules).toEqual(['offering.resale']);
  });

  it('the amount registered is read from the fee table (EX-FILING FEES), not from prose about past proceeds', () => {
    // Acurx's prospectus speaks of a placement's "gross proceeds" of $4.0 million and warrants worth
    // $8.7 million if exercised; its fee exhibit registers 2,666,666 shares at $2.59: $6,906,664.94.
    const parsed = parseFiling(edgarFixture('corpus/ox_0001104659-23-076317_acurx_S-1.txt'));
    expect(parsed.detail).toMatchObject({
      kind: 'offering',
      offeringAmount: 6_906_664.94,
      offeringAmountText: '$6,906,664.94',
    });
    expect(scoreFiling(parsed).oneLiner).toBe('Acurx Pharmaceuticals, Inc. files S-1 for $6.9M');
  });

  it("a final prospectus's amount is the pricing table's total, not the price per share", () => {
    // Traws Pharma 424B4 (0001104659-24-132924): "Per Share | Total / Public offering price $5.103 $3,103,629.29".
    const parsed = parseFiling(edgarFixture('0001104659-24-132924.txt'));
    expect(parsed.detail).toMatchObject({ kind: 'offering', offeringAmount: 3_103_629.29 });
    // Decision 345: 608,197 new shares on 3,025,554 out before is a dilutive offering; the amount is still the table's.
    expect(scoreFiling(parsed).oneLiner).toBe(
      'Traws Pharma, Inc. sells new shares equal to 20.1% of its outstanding stock for $3.1M',
    );
  });
});

describe('SEC review correspondence (eval/importance/SOURCES.md)', () => {
  const doc = (name: string) => readFileSync(projectPath(`eval/importance/filings/other/${name}`), 'latin1');

  it('a staff letter (UPLOAD) names the company its header lists as "FILED FOR", and says who wrote', () => {
    // Apple's of 2024-05-16: the SEC staff's letter closing a review, a PDF with no text to read.
    const parsed = parseFiling(doc('0000000000-24-005673.txt'));
    expect(parsed.company).toMatchObject({ name: 'Apple Inc.', cik: 320193 });
    const s = scoreFiling(parsed);
    expect(s).toMatchObject({ importance: 'LOW', oneLiner: 'SEC staff letter to Apple Inc.' });
    expect(s.reasons[0]).toMatch(/^A letter from the SEC staff/);
  });

  it("the company's own letter (CORRESP) is the company writing to the staff, not 'filed CORRESP'", () => {
    const s = scoreFiling(parseFiling(doc('0000320193-24-000061.txt')));
    expect(s).toMatchObject({ importance: 'LOW', oneLiner: 'Apple Inc. writes to the SEC staff' });
  });
});

describe('13G covers typed as answers (eval/importance/SOURCES.md, natereed/scrape-edgar)', () => {
  const doc = (name: string) => readFileSync(projectPath(`eval/importance/filings/13dg/${name}`), 'latin1');

  it("Item 1(a)'s answer on the lines below names the issuer, a wrapped conformed name joined (FMR on D&B, 2007)", () => {
    const raw = doc('ne_sc13g_dnb_SC13G.txt');
    expect(raw).toContain('Name of Issuer:\n\n\t\tDUN & BRADSTREET CORP DEL\nNEW\n');
    const parsed = parseFiling(raw, { formType: 'SC 13G' });
    expect(parsed.company?.name).toBe('DUN & BRADSTREET CORP DEL NEW');
    // EDGAR's "DEL" (Delaware) and "NEW" (a successor registrant) are not part of the name a reader sees.
    expect(scoreFiling(parsed).oneLiner).toMatch(/^FMR LLC reports 10\.42% of Dun & Bradstreet Corp\., a first 13G/);
  });

  it("a reporting person's name typed on its own line ends before the next rows (Philip H. Knight on NIKE, 2014)", () => {
    const s = scoreFiling(parseFiling(doc('ne_nike_swoosh_13g_SC13GA.html'), { formType: 'SC 13G/A' }));
    expect(s.oneLiner).toBe('Philip H. Knight reports 16.26% of NIKE, Inc.');
  });
});
