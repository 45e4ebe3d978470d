/**
 * A pay-only 8-K's headline says which pay decision and for whom (issue #25, class 3). The quotes are the first
 * sentences of real tune-set 8-Ks (eval/importance/filings/8k, SOURCES.md), as the parser quotes them.
 */
import { describe, expect, it } from 'vitest';
import { eval8kCard } from '../../test/eval-card';
import { payHeadline } from './pay-headline';

describe('payHeadline', () => {
  it.each([
    [
      // Disney 2017
      'On March 22, 2017, the Company amended the Amended and Restated Employment Agreement with Robert A. Iger dated as of October 6, 2011, as previously amended (the “Agreement”), to extend the period',
      "Robert A. Iger's employment agreement amended",
    ],
    [
      // Disney 2018
      'On December 3, 2018, The Walt Disney Company (the “Company”) and Alan N. Braverman entered into an amendment (the “Amendment”) to the employment agreement by and between the Company and Mr. Braverman',
      "Alan N. Braverman's employment agreement amended",
    ],
    [
      // 1895 Bancorp of Wisconsin 2024 (the replay's 8-K): five officers' agreements, a title after each name.
      'On December 20, 2024, the Boards of Directors of 1895 Bancorp of Wisconsin, Inc. and PyraMax Bank extended the terms of the employment agreements with each of David Ball, President and Chief Executive Officer, Steven T. Klitzing, Executive Vice President',
      'Employment agreements of David Ball and others extended',
    ],
    [
      // Nuance 2014
      'On October 7, 2014, the Compensation Committee (the “Committee”) of the Board of Directors of Nuance Communications, Inc. approved an increase in the annual base salary of Mr. Bruce Bowden from $375,000 to $400,000.',
      "Bruce Bowden's base salary raised from $375,000 to $400,000",
    ],
    [
      // Nuance 2011
      'On July 5, 2011 the Compensation Committee of the Board of directors approved a $55,000 cash bonus payment to Steven Chambers.',
      '$55,000 bonus for Steven Chambers',
    ],
    [
      // SanDisk 2010
      'On February 24, 2010, the Compensation Committee of the Board of Directors of SanDisk Corporation (the “Company”) approved bonuses for fiscal year 2009 for each of the Company’s named executive officers as follows:',
      'Bonuses for fiscal year 2009 approved',
    ],
    [
      // Disney 2012
      'On March 13, 2012, the shareholders of the Registrant approved an amendment to the Registrant’s 2011 Stock Incentive Plan (the “2011 Plan”) at the Registrant’s annual meeting of shareholders.',
      '2011 Stock Incentive Plan amended',
    ],
    [
      // Disney 2013: shareholders approve a plan's terms again; it is not adopted anew.
      'On March 6, 2013, the shareholders of the Registrant approved the terms of the Registrant’s 2002 Executive Performance Plan, as amended (the “2002 Plan”) at the Registrant’s annual meeting of shareholders.',
      '2002 Executive Performance Plan approved',
    ],
    [
      // Disney 2013: a form adopted for awards to come, no award made.
      'The Company has adopted a new form of agreement for the award of Performance-Based Stock Units to executive officers.',
      'New form of award agreement for Performance-Based Stock Units',
    ],
    [
      // Marygold 2022: three officers' agreements in one list.
      'On April 8, 2022, The Marygold Companies, Inc.’s (the "Company" or "Marygold") Board of Directors, upon approval from the Company’s Compensation Committee ("Compensation Committee"), approved: (i) employment agreements for each of Stuart Crumbaugh, David Neibert and Carolyn Yu (each an "Employment Agreement" and collectively, the "Employment Agreements"); and (ii) a one-time transaction bonus agreement for John Love ("Bonus Agreement").',
      'Employment agreements for Stuart Crumbaugh and others approved',
    ],
    [
      // SanDisk 2011: a named sum, and what it pays for.
      'On March 17, 2011, the Compensation Committee of the Board of Directors of SanDisk Corporation (the "Company"), approved a payment in the amount of $50,000 for Sumit Sadana, the Company’s Senior Vice President and Chief Strategy Officer, to reimburse him for certain expenses incurred in connection with the sale of his home in order to relocate and accept employment with the Company in Milpitas, California.',
      '$50,000 relocation payment to Sumit Sadana approved',
    ],
    [
      // Nuance 2021: stay bonuses before the Microsoft merger, the people unnamed.
      'On June 30, 2021, the Compensation Committee of the Board of Directors (the "Committee") of Nuance Communications, Inc. (the "Company") approved agreements providing for the payment of cash bonuses to specified key employees (the "Stay Bonus Agreements") in connection with the transactions contemplated by that certain Agreement and Plan of Merger',
      'Cash bonuses for key employees approved',
    ],
    [
      // Astrotech 2010: a subsidiary's grant.
      'On January 19, 2010, an independent committee of the board of directors of 1st Detect Corporation ("1st Detect"), a subsidiary of the Astrotech Corporation (the "Company"), approved a grant of restricted stock and warrants to certain officers, directors and employees of 1st Detect pursuant to restricted stock agreements',
      'Grant of restricted stock and warrants to certain officers, directors and employees',
    ],
    [
      // Nuance 2007: a list of actions, the bonus programme first.
      'On December 21, 2007, the Compensation Committee (the "Committee") of the Board of Directors of Nuance Communications, Inc. (the "Company") took the following actions: Fiscal 2008 Company Bonus Program.',
      'Fiscal 2008 Company Bonus Program set',
    ],
    [
      // Nordstrom 2023: a table of salaries and bonuses for the named executive officers.
      'On March 1, 2023, the Compensation, People and Culture Committee (the "Committee") of the Board of Directors of the Company approved the following actions relative to salary and performance-based awards for the Company’s Principal Executive Officer and the Named Executive Officers ("NEOs")',
      'Pay of the named executive officers set',
    ],
  ])('%#: %s', (quote, headline) => {
    expect(payHeadline(quote)).toBe(headline);
  });

  it('names no decision the words do not state', () => {
    expect(
      payHeadline(
        'The information set forth under Item 1.01 of this Current Report is incorporated herein by reference.',
      ),
    ).toBeNull();
    expect(payHeadline('The Company entered into an agreement with its executive officers.')).toBeNull();
    expect(payHeadline(null)).toBeNull();
  });

  it('reaches the card: a 5.02 that only raises the CFO’s salary (Nuance 2018) and amended agreements of four (Estée Lauder 2013)', () => {
    const card = (file: string) => eval8kCard(file).oneLiner;
    expect(card('8k_1002517_8K_2018_0001002517-18-000002.htm')).toMatch(
      /: Daniel D\. Tempesta's base salary raised from \$400,000 to \$450,000$/,
    );
    expect(card('8k_1001250_8K_2013_0000909518-13-000083.htm')).toMatch(
      /: Employment agreements of William P\. Lauder and others amended$/,
    );
  });
});
