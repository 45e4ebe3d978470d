/**
 * Layouts the parser must read, each on a real filing of the labelled set's tune split (decision 358): the structural
 * facts only (items found, each item's own text, the press release's headline, a 13D/G's Item 4 and percent), never
 * an importance.
 */
import { describe, expect, it } from 'vitest';
import { edgarFixture, repoDocument } from '../../test/edgar-fixtures';
import type { BeneficialDetail, CurrentReportDetail } from './types';
import { interestItem, purposeItem } from './beneficial-cover';
import { parseFiling } from '.';

/** A document of eval/importance/filings (gunzipped when stored compressed). */
const evalDocument = (path: string) => repoDocument(`eval/importance/filings/${path}`);

const current = (raw: string) => {
  const parsed = parseFiling(raw, { formType: '8-K' });
  expect(parsed.detail?.kind).toBe('current');
  return parsed.detail as CurrentReportDetail;
};

const quoteOf = (detail: CurrentReportDetail, item: string) => detail.content?.find((c) => c.number === item)?.quote;

describe('8-K item headings and their text', () => {
  it('a legacy heading typed against its number ("Item5.    Other Events.", Pericom 2002) is a heading', () => {
    const d = current(edgarFixture('corpus/8k_1001426_8K_2002_0001012870-02-001163.txt'));
    expect(d.bodyItems).toEqual(['8.01', '9.01']);
    expect(quoteOf(d, '8.01')).toMatch(/^On March 6, 2002 the Board of Directors of Pericom .* declared a dividend/);
  });

  it('an item whose own text is a short pointer keeps it (Nuance 2007: "See Item 1.01, ...", after a contents list)', () => {
    const d = current(evalDocument('8k/8k_1002517_8K_2007_0000950135-07-002188.htm'));
    expect(d.items.map((i) => i.number)).toEqual(['1.01', '2.03', '9.01']);
    expect(quoteOf(d, '2.03')).toBe('See Item 1.01, which is incorporated herein by reference.');
  });
});

describe("an item's title is not its text", () => {
  it('a title typed with the typographic apostrophe ("Changes in Registrant’s Certifying Accountant", Pericom 2006)', () => {
    const d = current(edgarFixture('corpus/8k_1001426_8K_2006_0001193125-06-037737.htm'));
    expect(quoteOf(d, '4.01')).toMatch(/^On February 16, 2006, Deloitte & Touche LLP/);
  });

  it('a title with a word in the other number ("Modifications to Rights of Security Holders", Nuance 2014)', () => {
    const d = current(edgarFixture('corpus/8k_1002517_8K_2014_0001193125-14-313467.htm'));
    expect(quoteOf(d, '3.03')).toMatch(/^On August 14, 2014, the Board of Directors of Nuance/);
  });

  it('"Amendment to the Articles of Incorporation or Bylaws; Change in Fiscal Year" (NetApp 2021)', () => {
    const d = current(evalDocument('8k/8k_1002047_8K_2021_0001193125-21-271444.htm'));
    expect(quoteOf(d, '5.03')).toMatch(/^The Board previously approved, subject to stockholder approval, amendments/);
  });
});

describe('the exhibit 99.1 headline', () => {
  const headline = (raw: string) => current(raw).exhibitHeadline;

  it('passes over a contact block laid in columns under "CONTACT:" (Asta Funding 2004)', () => {
    expect(headline(edgarFixture('corpus/8k_1001258_8K_2004_0001125282-04-000620.txt'))).toBe(
      'Asta Funding Announces 2-for-1 Stock Split',
    );
  });

  it('passes over a contact block with a blank line and a sub-label in it (Westell 1999)', () => {
    expect(headline(evalDocument('8k/8k_1002135_8K_1999_0000914760-99-000090.txt'))).toBe(
      'Westell Issues $20 Million Subordinated Convertible Debentures',
    );
  });

  it('passes over the contacts and joins a headline in capitals wrapped after "INC." (Stockwalk 2000)', () => {
    expect(headline(edgarFixture('corpus/8k_1001136_8K_2000_0000950124-00-003635.txt'))).toBe(
      'Stockwalk.com Group, Inc., Kinnard Investments, Inc. and R.J. Steichen & Company Announce Combination',
    );
  });

  it('ends at a subheading that opens on a brand in lower case (eBay 2018, Apple 2024)', () => {
    expect(headline(evalDocument('8k/8k_yk_0001065088-18-000004.txt.gz'))).toBe(
      'eBay Inc. Reports Fourth Quarter and Full Year 2017 Results',
    );
    expect(headline(evalDocument('8k/8k_dt24_0000320193-24-000120.txt'))).toBe('Apple reports fourth quarter results');
  });

  it('joins a headline line that ends on a linking word (Southern Company 2007)', () => {
    expect(headline(evalDocument('8k/8k_scpp_0000092122-07-000008.txt'))).toBe(
      '2006 Southern Company earnings bolstered by strong economy, customer growth',
    );
  });

  it('joins a headline wrapped in capitals under a contact list (Oracle 2019)', () => {
    expect(headline(evalDocument('8k/8k_scpp_0001193125-19-191922.txt'))).toBe(
      'Oracle Names Rona Fairhead to the Board of Directors',
    );
  });

  it('title-cases a headline in capitals whose only lower case is a rule number (Asta Funding 2005)', () => {
    expect(headline(edgarFixture('corpus/8k_1001258_8K_2005_0001125282-05-004831.txt'))).toBe(
      'Asta Funding Executive Officers Adopt Rule 10b5-1 Trading Plans',
    );
  });

  it('keeps the abbreviations a capitals headline defines or a reader knows (Asta Funding 2005, Westell 1999)', () => {
    expect(headline(edgarFixture('8k_1001258_8K_2005_0001125282-05-001175.txt'))).toBe(
      'Asta Funding Announces Acquisition of Option Card, LLC',
    );
    expect(headline(edgarFixture('8k_1002135_8K_1999_0000914760-99-000124.txt'))).toBe(
      'Fujitsu Telecommunications Europe Limited (FTEL) and Westell Expand Strategic Alliance',
    );
  });

  it('does not join the subheadings under a plain-text headline (Entrada 2001)', () => {
    expect(headline(edgarFixture('8k_1000695_8K_2001_0000950117-01-501415.txt'))).toBe(
      'Entrada Announces Steps to improve its Bottom Line',
    );
  });
});

describe('13D/G cover pages', () => {
  const beneficial = (name: string) => {
    const parsed = parseFiling(evalDocument(`13dg/${name}`));
    expect(parsed.detail?.kind).toBe('beneficial');
    return parsed.detail as BeneficialDetail;
  };

  it('a cover typed as bare numbered rows, one block per person ("Item 1: Reporting Person - FMR LLC", Fidelity 2017)', () => {
    const d = beneficial('orgron_0000315066-17-001861_SC13G.txt');
    expect(d.percentOfClass).toBe(8.302);
    expect(d.reportingPersons.map((p) => [p.name, p.percentOfClass, p.shares, p.soleVoting, p.type])).toEqual([
      ['FMR LLC', 8.302, 15008699, 2261276, 'HC'],
      ['Abigail P. Johnson', 8.302, 15008699, 0, 'IN'],
    ]);
  });

  it("the same rows with a 13D's numbering (percent in row 13) and the amendment number without brackets (Fidelity 1994)", () => {
    const d = beneficial('orgron_0000315066-94-001425_SC13DA.txt');
    expect(d.amendmentNo).toBe(1);
    expect(d.percentOfClass).toBe(12.12);
    expect(d.reportingPersons).toEqual([
      expect.objectContaining({ name: 'FMR Corp.', shares: 903691, soleVoting: 161387, soleDispositive: 731287 }),
    ]);
  });

  it('numbered rows with their captions before "--", and a percent typed without its sign (Dimensional 2001)', () => {
    const d = beneficial('orgron_0000354204-01-001100_SC13G.txt');
    expect(d.percentOfClass).toBe(5.3);
    expect(d.reportingPersons.map((p) => [p.name, p.shares, p.type])).toEqual([
      ['Dimensional Fund Advisors Inc.', 2542287, 'IA'],
    ]);
  });

  it('the amendment number on a line of its own or split over a table cell ("Amendment" over "No. 1")', () => {
    expect(beneficial('orgron_0001193125-18-079532_SC13DA.txt').amendmentNo).toBe(4);
    expect(beneficial('orgron_0000922423-10-000115_SC13GA.txt').amendmentNo).toBe(1);
  });

  it('Item 4 ends at the next item even when it is Item 6, not Item 5 (Bedford on AMREP 1994)', () => {
    const item4 = purposeItem(evalDocument('13dg/orgron_0000910079-94-000005_SC13D.txt'), 8_000);
    expect(item4).toMatch(/^Item 4\. Purpose of Transaction\./);
    expect(item4).not.toMatch(/Item 6\. Contracts/);
  });

  it('Item 5 ends at Item 7 when an amendment has no Item 6 (AIMCO Properties on Consolidated Capital Growth Fund 2002)', () => {
    const item5 = interestItem(evalDocument('13dg/orgron_0000950134-02-012411_SC13DA.txt'));
    expect(item5).toMatch(/^Item 5\. Interest in Securities of the Issuer \(a\) - \(b\)/);
    expect(item5).toMatch(/\(e\) Not applicable\. $/);
  });

  it('the event date on the layouts of its caption', () => {
    // Between rules of underscores on the caption's line above (GAMCO on Strattec 2024).
    expect(beneficial('orgron_0000807249-24-000052_SC13DA.txt').eventDate).toBe('2024-04-30');
    // After the caption and a colon (Kanarellis on Universal Seismic 1997).
    expect(beneficial('orgron_0000904440-97-000022_SC13DA.txt').eventDate).toBe('1997-02-18');
    // As numbers with a two-digit year (Mancino on HD View 360, 2016).
    expect(beneficial('orgron_0001549212-16-000035_SC13D.txt').eventDate).toBe('2016-03-10');
    // Month, day and year broken over lines by the HTML, above "(Date" / "of Event ..." (Zhang on Meiwu 2023).
    expect(beneficial('orgron_0001493152-23-038860_SC13G.txt').eventDate).toBe('2023-03-28');
  });

  it("where a first 13D's stake came from, in the wordings of decision 367", () => {
    // The owner put his shares into his own LLC for its units (Knight's Swoosh on NIKE 2015): an internal reorganisation.
    expect(beneficial('ne_nike_13d_broken_cusip_SC13D.html').stakeOrigin).toBe('reorganization');
    // Shares for interests in the predecessor at the IPO, "Issuer&#146;s" as typed (Natural Grocers 2012; Superior
    // Well Services 2005, "Immediately before the closing of the offering ... in exchange for ... partner interests").
    expect(beneficial('ne_sc13d_broken_issuer_name_SC13D.html').stakeOrigin).toBe('pre-listing');
    expect(beneficial('orgron_0000950152-05-006954_SC13D.txt').stakeOrigin).toBe('pre-listing');
    // Shares "issued to the Reporting Person in connection with his employment as the chief executive officer".
    expect(beneficial('orgron_0001144204-12-020756_SC13D.txt').stakeOrigin).toBe('not-purchased');
  });
});
