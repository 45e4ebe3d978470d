/**
 * A completed deal's and an auditor change's headline name the other party (issue #25, class 3). The quotes are the
 * first sentences of real tune-set 8-Ks (eval/importance/filings/8k, SOURCES.md), as the parser quotes them.
 */
import { describe, expect, it } from 'vitest';
import { parseFiling } from '../parse';
import { eval8kCard } from '../../test/eval-card';
import { repoDocument } from '../../test/edgar-fixtures';
import { scoreFiling } from '.';
import { agreedDealHeadline, auditorHeadline, completedDealHeadline, soldUnitHeadline } from './event-headline';

/** The shared fixture corpus (its SOURCES.md): a tune-row filing of the importance set kept there. */
const CORPUS = 'src-server/test/fixtures/edgar/corpus/';

describe('completedDealHeadline', () => {
  it.each([
    [
      // Nuance 2007: the target after "all of the outstanding capital stock of", before its defined term.
      'On November 26, 2007, Nuance Communications, Inc. ("Nuance") acquired all of the outstanding capital stock of Viecore, Inc. ("Viecore") pursuant to an Agreement and Plan of Merger (the "Merger Agreement") by and among Nuance, Vanhalen Acquisition Corporation',
      'Acquisition of Viecore, Inc. completed',
    ],
    [
      // Nuance 2019: a division sold, the buyer's description between.
      'On February 1, 2019, Nuance Communications, Inc. (the "Company") completed the previously announced sale to Project Leopard AcquireCo Limited, a private limited company incorporated under the laws of England and Wales (and an affiliate of Kofax, Inc.) (the "Buyer"), of the Company’s Document Imaging division (the "Business").',
      'Sale of its Document Imaging division completed',
    ],
    [
      // Stockwalk 2000: the merger announced in one sentence, completed in the next.
      'On June 6, 2000, the registrant announced that it had entered into a definitive merger agreement with Kinnard Investments, Inc. ("Kinnard"). The merger was completed on September 8, 2000.',
      'Merger with Kinnard Investments, Inc. completed',
    ],
  ])('%#: %s', (quote, headline) => {
    expect(completedDealHeadline(quote)).toBe(headline);
  });

  it('names nothing the sentence does not', () => {
    expect(
      completedDealHeadline(
        'As previously reported, on October 1, 2019, Nuance completed the previously announced complete legal and structural separation and distribution to its stockholders of all of the outstanding shares of Cerence Inc.',
      ),
    ).toBeNull();
    expect(completedDealHeadline(null)).toBeNull();
  });
});

describe('agreedDealHeadline', () => {
  it.each([
    [
      // Biogen 2023: the merger subsidiary "will be merged with and into Reata"; the defined term names the party.
      'On July 28, 2023, Biogen Inc. (“Biogen”), River Acquisition, Inc. (“Merger Sub”), a Delaware corporation and a wholly-owned subsidiary of Biogen and Reata Pharmaceuticals, Inc. (“Reata”) entered into an Agreement and Plan of Merger (the “Merger Agreement”), pursuant to which, and upon the terms and subject to the conditions set forth therein, Merger Sub will be merged with and into Reata (the “Merger”), with Reata surviving the Merger as a wholly-owned subsidiary of Biogen.',
      'Agreement to acquire Reata Pharmaceuticals, Inc.',
    ],
    [
      // Tyson 2017: no "merged into" in the sentence; the last party that is not Tyson's side (its "Merger Sub").
      'As previously disclosed, on April 25, 2017, Tyson Foods, Inc., a Delaware corporation (“Tyson”), entered into an Agreement and Plan of Merger (the “Merger Agreement”) with DVB Merger Sub, Inc., a Delaware corporation (“Merger Sub”) and a wholly owned subsidiary of Tyson and AdvancePierre Foods Holdings, Inc., a Delaware corporation (“AdvancePierre Foods”).',
      'Agreement to acquire AdvancePierre Foods Holdings, Inc.',
    ],
    [
      // Nuance 2007: two merger subsidiaries ("Sub I", "Vanhalen Acquisition LLC") before the target, cut by the quote.
      'On October 22, 2007, Nuance Communications, Inc. (“Nuance”) announced it had entered into an Agreement and Plan of Merger (the “Merger Agreement”), dated as of October 21, 2007, by and among Nuance, Vanhalen Acquisition Corporation, a wholly owned subsidiary of Nuance (“Sub I”), Vanhalen Acquisition LLC, a wholly owned subsidiary of Nuance (“Sub II”), Viecore, Inc., (“Viecore”), U.S. Bank National Association, as escrow agent and Thoma Cressey Bravo, Inc., serving as the representative of Viecore’s stockholders, pursuant to which Sub I will merge with and into Viecore…',
      'Agreement to acquire Viecore, Inc.',
    ],
    [
      // Nuance 2008: shares bought from their owner, "all of the outstanding capital stock of" the business.
      'On September 26, 2008, Nuance Communications, Inc. (“Nuance”) entered into a definitive Share Purchase Agreement (the “Share Purchase Agreement”) dated September 26, 2008, by and between Koninklijke Philips Electronics N.V., a limited liability company organized under the laws of the Netherlands (“Philips”) and Nuance, pursuant to which, among other things, Nuance agreed to purchase from Philips all of the outstanding capital stock of Philips Speech Recognition Systems GmbH (“PSRS”).',
      'Agreement to acquire Philips Speech Recognition Systems GmbH',
    ],
    [
      // Nuance 2007: the seller's description holds a company's period ("a wholly owned subsidiary of Time Warner Inc.,").
      'On June 21, 2007, Nuance Communications, Inc. (“Nuance”) announced it had entered into a definitive Stock Purchase Agreement (the “Stock Purchase Agreement”) dated June 21, 2007, by and among AOL LLC (“AOL”), Tegic Communications, Inc. (“Tegic”) and Nuance, pursuant to which, among other things, Nuance agreed to purchase from AOL, a wholly owned subsidiary of Time Warner Inc., all of the outstanding shares of Tegic for an aggregate consideration',
      'Agreement to acquire Tegic Communications, Inc.',
    ],
    [
      // Tyson 2017 (its Item 7.01): the target defined by an acronym, "(“APFH”)", after "a wholly owned subsidiary of Tyson and".
      'On April 25, 2017, Tyson Foods, Inc., a Delaware corporation (“Tyson”), entered into an Agreement and Plan of Merger (the “Merger Agreement”) with DVB Merger Sub, Inc., a Delaware corporation (“Merger Sub”) and a wholly owned subsidiary of Tyson and AdvancePierre Foods Holdings, Inc., a Delaware corporation (“APFH”).',
      'Agreement to acquire AdvancePierre Foods Holdings, Inc.',
    ],
  ])('%#: %s', (quote, headline) => {
    expect(agreedDealHeadline(quote)).toBe(headline);
  });

  it.each([
    [
      // Pericom 2005 (Item 2.01): a count of shares of the target's common stock, bought.
      'On August 30, 2005, Pericom Semiconductor Corporation, a California corporation (the “Company”), acquired 39,773,792 shares of the common stock of eCERA ComTek Corporation (“eCERA”) representing 99.93% of the shares issued and outstanding of eCERA.',
      'Acquisition of eCERA ComTek Corporation',
    ],
    [
      // Home Health Corporation of America 1997 (Item 2.01): assets of a party named by its defined term.
      'On January 10, 1997, Home Health Corporation of America, Inc. (the "Company") acquired from Mark O\'Brien and LHS Holdings, Inc. ("LHS") certain assets, subject to certain liabilities, of LHS and its subsidiaries Liberty Health Services, Inc. ("Liberty") and Nurses Today M/C, Inc. ("Nurses Today"), providers of primarily Medicare-reimbursed nursing',
      'Acquisition of assets of LHS Holdings, Inc.',
    ],
  ])('a completed purchase (Item 2.01) %#: %s', (quote, headline) => {
    expect(agreedDealHeadline(quote, true)).toBe(headline);
  });

  it('names nothing the sentence does not', () => {
    // Stockwalk 2001: another party buys the company's subsidiary; the company is the seller.
    expect(
      agreedDealHeadline(
        'On February 26, 2001, Stockwalk Group, Inc. ("Stockwalk") entered into an Asset Purchase Agreement, dated as of such date (the "Agreement"), with BlueSuit, Inc. ("BlueSuit"), pursuant to which BlueSuit purchased all of the outstanding common stock of Online Brokerage Solutions, Inc. ("OBS"), formerly a wholly-owned subsidiary of Stockwalk, and certain of Stockwalk\'s assets used in OBS\' business.',
        true,
      ),
    ).toBeNull();
    // A credit agreement's parties are lenders and agents, not a business bought.
    expect(
      agreedDealHeadline(
        'On January 22, 2021, NetApp, Inc., a Delaware corporation (the “Company”), entered into an Amended and Restated Credit Agreement (the “Credit Agreement”), with the lenders from time to time party thereto and JPMorgan Chase Bank, N.A., as administrative agent.',
      ),
    ).toBeNull();
    expect(agreedDealHeadline(null)).toBeNull();
  });

  it('reaches the card (Biogen 2023)', () => {
    const card = eval8kCard('8k_rania_0001193125-23-198542.html');
    expect(card.oneLiner).toBe('Biogen Inc.: Agreement to acquire Reata Pharmaceuticals, Inc.');
  });
});

describe('soldUnitHeadline', () => {
  it('names the unit sold, agreed or done', () => {
    // Nuance 2018 (Item 1.01) and Innovative Clinical Solutions 1999 (Item 2.01).
    expect(
      soldUnitHeadline(
        'As previously announced, on November 11, 2018, Nuance Communications, Inc. (the “Company”) entered into a Sale Agreement (the “Sale Agreement”) with Project Leopard AcquireCo Limited, a private limited company incorporated under the laws of England and Wales (and an affiliate of Kofax, Inc.) (the “Buyer”), relating to the sale of the Company’s Document Imaging division (the “Business”).',
      ),
    ).toBe('Agreement to sell its Document Imaging division');
    expect(
      soldUnitHeadline(
        'On September 13, 1999, certain wholly-owned subsidiaries of Innovative Clinical Solutions, Ltd. (collectively, the "ICSL Group") sold certain assets involved in their diagnostic imaging line of business, including equipment, leasehold interests and contract rights but excluding cash and accounts receivable (the "Diagnostic Assets"), to PresGar Imaging, L.C.',
        true,
      ),
    ).toBe('Sale of its diagnostic imaging line of business');
    expect(soldUnitHeadline('On May 1, 2020, the Company sold 1,000,000 shares of its common stock.')).toBeNull();
  });

  it('names a business spun off to the holders (Nuance 2019, Worthington 2023)', () => {
    expect(
      soldUnitHeadline(
        'On October 1, 2019 (the “Distribution Date”), Nuance Communications, Inc. (“Nuance” and, together with its consolidated subsidiaries, “we,” “us,” “our,” or the “Company”) completed the previously announced complete legal and structural separation and distribution to its stockholders of all of the outstanding shares of Cerence Inc. (“Cerence”), in a tax free spin-off (the “Spin-Off”).',
      ),
    ).toBe('Spin-off of Cerence Inc. completed');
    expect(
      soldUnitHeadline(
        'On the Distribution Date, the Company completed the previously announced Separation of Worthington Steel.',
        true,
      ),
    ).toBe('Spin-off of Worthington Steel completed');
  });

  it('reaches the card of a deal announced before and now closed (Tyson 2017: AdvancePierre)', () => {
    const card = scoreFiling(parseFiling(repoDocument(`${CORPUS}8k_100493_8K_2017_0000950103-17-005541.htm`), {}));
    expect(card.oneLiner).toBe(
      'Tyson Foods, Inc.: Acquisition of AdvancePierre Foods Holdings, Inc. completed ($4.20B)',
    );
  });
});

describe('auditorHeadline', () => {
  it.each([
    [
      'Previous Independent Auditors (i) On May 17, 2004, SPACEHAB Incorporated (the "Company") dismissed Ernst & Young LLP as the independent auditors of the Company.',
      'Ernst & Young LLP dismissed as auditor',
    ],
    [
      'On April 18, 2006, the Audit Committee of the Board of Directors of Pericom Semiconductor Corporation (the "Company") engaged Burr, Pilger & Mayer LLP as the Company’s independent registered public accounting firm.',
      'Burr, Pilger & Mayer LLP engaged as auditor',
    ],
    [
      'On August 3, 2009, Lawrence Scharfman, CPA was dismissed as the Company’s Independent Auditor.',
      'Lawrence Scharfman, CPA dismissed as auditor',
    ],
    [
      // Derived: both halves of a change in one item.
      'On May 17, 2004, the Company dismissed Ernst & Young LLP as its independent auditors and engaged Burr, Pilger & Mayer LLP as its independent registered public accounting firm.',
      'Auditor changed from Ernst & Young LLP to Burr, Pilger & Mayer LLP',
    ],
  ])('%#: %s', (quote, headline) => {
    expect(auditorHeadline(quote)).toBe(headline);
  });

  it('names no firm the item does not name', () => {
    expect(
      auditorHeadline(
        'We have engaged a new Independent Auditor, prospectively, to review and comment on our next Annual Report.',
      ),
    ).toBeNull();
  });

  it('reaches the card (Nuance 2007: the acquisition of Viecore, with its sum)', () => {
    const card = eval8kCard('8k_1002517_8K_2007_0000950135-07-007239.htm', {
      cik: 1002517,
      companyName: 'NUANCE COMMUNICATIONS, INC.',
    });
    expect(card.oneLiner).toMatch(
      /^Nuance Communications, Inc\.: Acquisition of Viecore, Inc\. completed( \(\$8\.4M\))?$/,
    );
    expect(card.importance).toBe('LOW');
  });
});
