/**
 * A 13D/G holder's name as its cover writes it (issue #25: clean reporting-person names), on real Schedules 13D/13G
 * of eval/importance/filings/13dg (tune rows; Orgron/cik-cusip-mapping, see its SOURCES.md).
 */
import { describe, expect, it } from 'vitest';
import { repoDocument } from '../../test/edgar-fixtures';
import type { BeneficialDetail } from './types';
import { cleanPersonName } from './beneficial-cover';
import { writtenPersonName } from './holder-name';
import { parseFiling } from '.';

const holder = (name: string) => {
  const parsed = parseFiling(repoDocument(`eval/importance/filings/13dg/${name}`));
  const d = parsed.detail as BeneficialDetail;
  return { filer: parsed.filer, persons: d.reportingPersons.map((p) => p.name) };
};

describe("a 13D/G holder's name", () => {
  it("a person in the cover's order, not EDGAR's LAST FIRST, and no caption under the name (Neubauer on ARA, 1994)", () => {
    const { filer, persons } = holder('orgron_0000950116-94-000002_SC13DA.txt');
    expect(filer).toMatchObject({ name: 'NEUBAUER JOSEPH', displayName: 'Joseph Neubauer' });
    // Row 1 goes on "Social Security Number:  ###-##-####" under the name; a rule of dashes sits between EDGAR's two
    // words where the text was searched before ("Neubauer ----- Joseph").
    expect(persons).toEqual(['Joseph Neubauer']);
  });

  it('a person EDGAR already writes in mixed case, with a middle initial only the cover has (Sprott, 2011)', () => {
    expect(holder('orgron_0000919574-11-005003_SC13DA.txt').filer?.displayName).toBe('Eric S. Sprott');
  });

  it('a degree after the name is left out (JoMei Chang, Ph.D., on Vitria, 2006)', () => {
    expect(holder('orgron_0000891618-06-000403_SC13D.txt').filer?.displayName).toBe('JoMei Chang');
  });

  it("a cover in capitals gives a person's order, title-cased (DON F. GASTON on Gaston, 1998)", () => {
    expect(holder('orgron_0000950135-98-003760_SC13DA.txt').filer?.displayName).toBe('Don F. Gaston');
  });

  it("a firm as its cover row writes it when the text never writes EDGAR's words (Wesmar on S2 Golf, 2000)", () => {
    expect(holder('orgron_0000950152-00-002768_SC13DA.txt').filer?.displayName).toBe(
      'Wesmar Partners Limited Partnership',
    );
  });

  it('"ET AL" and the I.D. caption typed after each member are not part of a name (GAMCO on Strattec, 2024)', () => {
    const { filer, persons } = holder('orgron_0000807249-24-000052_SC13DA.txt');
    expect(filer).toMatchObject({ name: 'GAMCO INVESTORS, INC. ET AL', displayName: 'GAMCO Investors, Inc.' });
    expect(persons).toContain('Gabelli Funds, LLC');
    expect(persons.filter((p) => /I\.D/.test(p))).toEqual([]);
  });

  it('a row whose caption ran into the name, and a tax number followed by the next row (D.E. Shaw 1996, Vanguard 2015)', () => {
    expect(holder('orgron_0000902664-96-000076_SC13GA.txt').filer?.displayName).toBe('D.E. Shaw Investments, L.P.');
    expect(holder('orgron_0000932471-15-004745_SC13GA.txt').persons[0]).toBe('The Vanguard Group');
  });

  it('a filer not on the cover reads as the text writes them, never across a rule of dashes (Kanarellis, 1997)', () => {
    // Item 2 writes "Michael T. Kanarellis"; a rule of dashes between EDGAR's words was once read as "Kanarellis Michael T".
    const { filer } = holder('orgron_0000904440-97-000022_SC13DA.txt');
    expect(filer?.displayName).toBe('Michael T. Kanarellis');
  });

  it("a family member EDGAR files under, found in the cover's list in reading order (Fitzgerald on Suburban, 1994)", () => {
    // The cover's table of ten family members did not parse into rows; EDGAR's order across a table's line break
    // ("Fitzgerald" ... "Thomas G") once read as the name.
    expect(holder('orgron_0000891836-94-000030_SC13D.txt').filer?.displayName).toBe('Thomas G. Fitzgerald');
  });
});

describe("a firm's name without the layout around it", () => {
  it('no footnote mark or open parenthesis between its words (LaSalle on BioMed Realty, 2010)', () => {
    expect(holder('orgsf_0001085601-10-000011_SC13G.txt').filer?.displayName).toBe(
      'LaSalle Investment Management (Securities), L.P.',
    );
  });

  it('no short name defined after it, and "Companies" is a legal form (MFS on Altera; Snyder on Superior Well, 2005)', () => {
    expect(holder('ne_altera_SC13G.html').filer?.displayName).toBe('Massachusetts Financial Services Company');
    expect(holder('orgron_0000950152-05-006954_SC13D.txt').filer?.displayName).toBe(
      'Snyder Associated Companies, Inc.',
    );
  });
});

describe('a firm the filing never names in its own words', () => {
  it("reads a firm's capitals in the cover's order where EDGAR inverted it; a name that may be a person's keeps EDGAR's order", () => {
    // T. Rowe Price's 13G on ProAssurance (2022) writes its name only in capitals, in its own order: EDGAR's is
    // "PRICE T ROWE ASSOCIATES INC /MD/" (was "Price T Rowe Associates Inc." on the card).
    expect(holder('orgsf_0000080255-22-001880_SC13G.txt').filer?.displayName).toBe('T. Rowe Price Associates, Inc.');
    // J.P. Morgan's 13G/A on Neozyme (1995): "J. P. MORGAN & CO., INCORPORATED" for EDGAR's "MORGAN J P & CO INC".
    expect(holder('orgron_0000068100-95-000016_SC13GA.txt').filer?.displayName).toBe(
      'J. P. Morgan & Co., Incorporated',
    );
    // A cover row in EDGAR's own order adds nothing: Barclays keeps the readable EDGAR name, not the row's "NA.,,".
    expect(holder('orgsf_0000913414-09-003236_SC13G.txt').filer?.displayName).toBe('Barclays Global Investors NA');
    // David A. Rocker's 13G on PalmSource (2005): no cover row or sentence writes his name in mixed case.
    expect(holder('orgsf_0000905718-05-000027_SC13G.txt').filer?.displayName).toBe('ROCKER DAVID A');
  });
});

describe('the company the stake is in', () => {
  it("is the cover's issuer when the header files the statement under the filer's own CIK", () => {
    // Crane Co.'s 13D/A No. 3 (1994): the header's subject is Crane Co. itself; the cover names Mark Controls.
    const parsed = parseFiling(repoDocument('eval/importance/filings/13dg/orgron_0000025445-94-000008_SC13DA.txt'));
    expect(parsed.company?.displayName ?? parsed.company?.name).toBe('Mark Controls Corporation');
    expect(parsed.company?.cik).toBeNull();
    expect(parsed.filer?.displayName).toBe('Crane Co.');
  });
});

describe('cleanPersonName', () => {
  it('drops what a filer typed around the name in row 1', () => {
    expect(cleanPersonName('Herb D. Vest, ###-##-####')).toBe('Herb D. Vest');
    expect(cleanPersonName('Capital Group International, Inc. 95-4154357')).toBe('Capital Group International, Inc.');
    expect(cleanPersonName('PERSONS (ENTITIES ONLY) Jeffrey L. Gendell')).toBe('Jeffrey L. Gendell');
    expect(cleanPersonName('ONLY) Charles W. Horsey')).toBe('Charles W. Horsey');
    expect(cleanPersonName('Capital Research Global Investors **')).toBe('Capital Research Global Investors');
    expect(cleanPersonName('S.S. Kresge Company')).toBe('S.S. Kresge Company');
  });
});

describe('writtenPersonName', () => {
  it("moves EDGAR's surname last only where the text writes the name so, in mixed case", () => {
    expect(writtenPersonName('FITZGERALD GERALD F JR', 'by Gerald F. Fitzgerald, Jr. and')).toBe(
      'Gerald F. Fitzgerald, Jr.',
    );
    expect(writtenPersonName('SMITH JOHN A', 'Signed: JOHN A. SMITH')).toBeNull();
    expect(writtenPersonName('SMITH JOHN A', 'Smith, John A.')).toBeNull();
    expect(writtenPersonName('BLACKROCK INC', 'Inc BlackRock')).toBeNull();
  });
});
