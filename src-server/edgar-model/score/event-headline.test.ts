/**
 * A completed deal's and an auditor change's headline name the other party (issue #25, class 3). The quotes are the
 * first sentences of real tune-set 8-Ks (eval/importance/filings/8k, SOURCES.md), as the parser quotes them.
 */
import { describe, expect, it } from 'vitest';
import { eval8kCard } from '../../test/eval-card';
import { auditorHeadline, completedDealHeadline } from './event-headline';

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
