import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { projectPath } from '../config/paths';
import { parseFiling, type ParseHints } from './parse';
import {
  companyDisplayName,
  companyEvent,
  coverCompanyName,
  isOnlyCompanyName,
  readableCompanyName,
  startsWithCompany,
  withWrittenCasing,
} from './company-name';
import { edgarFixture, repoDocument } from '../test/edgar-fixtures';
import type { CurrentReportDetail } from './parse/types';
import { scoreFiling } from './score';

// Real filings, all on the tune split of eval/importance/labels.jsonl. Header-less eval 8-Ks get the
// company from edgar-crawler's metadata (eval/importance/crawler-metadata.json), as the eval does.
const EVAL = 'eval/importance/filings/8k/';
const CORPUS = 'src-server/test/fixtures/edgar/corpus/';
const oneLiner = (file: string, hints: ParseHints = {}) =>
  scoreFiling(parseFiling(readFileSync(projectPath(file), 'utf8'), { formType: '8-K', ...hints })).oneLiner;

describe('an 8-K one-liner names the company once', () => {
  it.each([
    // The headline opens with the first two words of "ASTA FUNDING INC".
    [`${CORPUS}8k_1001258_8K_2004_0001125282-04-000620.txt`, {}, 'Asta Funding Announces 2-for-1 Stock Split'],
    // One word of "APPLE COMPUTER INC" is enough.
    [`${CORPUS}ox_0000912057-00-002128_aapl_8k_2000.txt`, {}, 'Apple Board of Directors Announces CEO Compensation'],
    // "Stockwalk Group, Inc." under "STOCKWALK COM GROUP INC": punctuation and legal words do not count.
    [`${CORPUS}8k_1001136_8K_2001_0000950124-01-000024.txt`, {}, 'Stockwalk Group, Inc. Announces Name Changes'],
    // The event from the item's own first sentence, which opens with the name too.
    [
      `${EVAL}8k_1002517_8K_2008_0000950135-08-005642.htm`,
      { cik: 1002517, companyName: 'Nuance Communications, Inc.', filedDate: '2008-08-18' },
      /^Nuance Communications, Inc\. issued a press release reaffirming its proposal to acquire Zi Corporation/,
    ],
    // "The Registrant entered into ...": the filing's own term for the company reads as its name.
    [
      `${EVAL}8k_1001039_8K_2012_0001193125-12-266773.htm`,
      { cik: 1001039, companyName: 'WALT DISNEY CO/' },
      /^The Walt Disney Company entered into a new \$2\.25 billion Five-Year Credit Agreement/,
    ],
    // "in light of the recent surge in COVID-19 cases ..., the Company will hold ...": the event, not the circumstance.
    [
      `${EVAL}8k_100493_8K_2022_0000100493-22-000006.htm`,
      { cik: 100493, companyName: 'TYSON FOODS, INC.' },
      /^Tyson Foods, Inc\. will hold its upcoming 2022 Annual Meeting of Shareholders in a virtual meeting format/,
    ],
    // "On June 1, 2021 at 11:59 pm Eastern time, the waiting period ... as amended (the "HSR Act"), expired".
    [
      `${EVAL}8k_1002517_8K_2021_0001193125-21-182121.htm`,
      { cik: 1002517, companyName: 'Nuance Communications, Inc.' },
      /: The waiting period under the Hart-Scott-Rodino Antitrust Improvements Act of 1976 expired/,
    ],
    // "1st Detect Corporation, a subsidiary of Astrotech Corporation (Nasdaq: ASTC), announced": no ticker in a headline.
    [
      `${EVAL}8k_1001907_8K_2010_0000950123-10-086043.htm`,
      { cik: 1001907, companyName: 'ASTROTECH Corp \\WA\\' },
      /^Astrotech Corp: 1st Detect Corporation, a subsidiary of Astrotech Corporation, announced today/,
    ],
    // "... posted two investor presentations to the Company's website, both of which ...": the main clause is the line.
    [
      `${EVAL}8k_108516_8K_2023_0000950170-23-038652.htm`,
      { cik: 108516, companyName: 'WORTHINGTON INDUSTRIES INC' },
      /^Worthington Industries, Inc\. posted two investor presentations to the Company’s website$/,
    ],
  ])('%s', (file, hints, expected) => {
    expect(oneLiner(file, hints)).toMatch(expected);
  });

  it('a first line that is only the name is no headline: the item says what happened (Innovative Clinical, 2000)', () => {
    const line = oneLiner(`${EVAL}8k_1002022_8K_2000_0000914260-00-000030.txt`, {
      cik: 1002022,
      companyName: 'INNOVATIVE CLINICAL SOLUTIONS LTD',
      filedDate: '2000-05-23',
    });
    expect(line).toBe(
      // The cover's own writing of the name, not EDGAR's capitals.
      "Innovative Clinical Solutions, Ltd.: A restructuring that turns the company's debt into its equity",
    );
  });

  it('keeps the prefix when the headline is about someone else or only mentions the company later', () => {
    expect(oneLiner(`${CORPUS}8k_1002022_8K_2000_0000914260-00-000037.txt`)).toMatch(
      /^Innovative Clinical Solutions, Ltd\.: /,
    );
    expect(companyEvent('WESTELL TECHNOLOGIES INC', 'Fujitsu and Westell Expand Strategic Alliance')).toBe(
      'WESTELL TECHNOLOGIES INC: Fujitsu and Westell Expand Strategic Alliance',
    );
  });
});

describe('matching a name', () => {
  it('ignores case, punctuation, EDGAR state tags and legal words', () => {
    expect(
      startsWithCompany('Home Health Corporation of America, Inc. to Merge', 'HOME HEALTH CORP OF AMERICA INC \\PA\\'),
    ).toBe(true);
    expect(startsWithCompany('The Walt Disney Company announced', 'WALT DISNEY CO/')).toBe(true);
    expect(startsWithCompany('Waldencast Announces Results', 'Waldencast plc')).toBe(true);
    expect(startsWithCompany('Koninklijke Philips N.V. reports', 'KONINKLIJKE PHILIPS N.V.')).toBe(true);
  });

  it('needs the second word too when the first is a common one', () => {
    expect(startsWithCompany('First Quarter Results', 'FIRST HORIZON CORP')).toBe(false);
    expect(startsWithCompany('First Horizon Reports First Quarter Results', 'FIRST HORIZON CORP')).toBe(true);
    expect(startsWithCompany('General Meeting Results', 'GENERAL MOTORS CO')).toBe(false);
  });

  it('never matches a company without a name', () => {
    expect(companyEvent('The company', 'The Company announced')).toBe('The company: The Company announced');
    expect(companyEvent('CIK 885245', 'The Registrant entered into a lease')).toBe(
      'CIK 885245: The Registrant entered into a lease',
    );
    expect(companyEvent('The Buckle, Inc.', 'The Registrant entered into a lease')).toBe(
      'The Buckle, Inc. entered into a lease',
    );
  });

  it('a bare name is only the name, with or without its legal words', () => {
    expect(isOnlyCompanyName('Innovative Clinical Solutions, Ltd.', 'INNOVATIVE CLINICAL SOLUTIONS LTD')).toBe(true);
    expect(isOnlyCompanyName('Innovative Clinical Solutions Announces', 'INNOVATIVE CLINICAL SOLUTIONS LTD')).toBe(
      false,
    );
    expect(isOnlyCompanyName('Inc.', 'ACME INC')).toBe(false);
  });
});

describe('the company as it writes its name, not in EDGAR capitals', () => {
  it('reads the name where the filing states it: a 13G cover\'s "Name of Issuer" (ICS Opportunities on Livent)', () => {
    const parsed = parseFiling(readFileSync(projectPath(`${CORPUS}et_SC13G_document.html`), 'utf8'), {});
    expect(parsed.company).toMatchObject({ name: 'LIVENT CORPORATION', displayName: 'Livent Corporation' });
    expect(scoreFiling(parsed).oneLiner).toBe(
      'ICS Opportunities, Ltd. no longer owns more than 5% of Livent Corporation (now 0%)',
    );
  });

  it('finds the words of the conformed name in mixed case, with the legal form that follows them', () => {
    expect(coverCompanyName('APPLE INC', 'APPLE INC.\nApple Inc.\n(Exact name of Registrant)')).toBe('Apple Inc.');
    expect(coverCompanyName('WALT DISNEY CO/', 'The Walt Disney Company (Exact name of registrant)')).toBe(
      'The Walt Disney Company',
    );
    expect(
      coverCompanyName('HOME HEALTH CORP OF AMERICA INC \\PA\\', 'Home Health Corporation of America, Inc. (Name)'),
    ).toBe('Home Health Corporation of America, Inc.');
    // A bare mention inside a sentence gives way to the name with its legal form.
    expect(coverCompanyName('APPLE INC', "Apple's products. Apple Inc. (the Company)")).toBe('Apple Inc.');
    // Capitals only, or another company: not the company's own writing.
    expect(coverCompanyName('APPLE INC', 'APPLE INC. and Pineapple Inc.')).toBeNull();
  });

  it('else makes the conformed name readable without mangling acronyms (IBM, AT&T, 3M)', () => {
    expect(readableCompanyName('APPLE INC')).toBe('Apple Inc.');
    expect(readableCompanyName('INTERNATIONAL BUSINESS MACHINES CORP')).toBe('International Business Machines Corp.');
    expect(readableCompanyName('IBM CREDIT LLC')).toBe('IBM Credit LLC');
    expect(readableCompanyName('AT&T INC.')).toBe('AT&T Inc.');
    expect(readableCompanyName('3M CO')).toBe('3M Co.');
    expect(readableCompanyName('J. P. MORGAN & CO., INCORPORATED')).toBe('J. P. Morgan & Co., Incorporated');
    expect(readableCompanyName('AIMCO-GP, INC.')).toBe('Aimco-GP, Inc.');
    expect(readableCompanyName('AIMCO/IPT, INC.')).toBe('Aimco/IPT, Inc.');
    expect(readableCompanyName('COCA-COLA CO')).toBe('Coca-Cola Co.');
    expect(readableCompanyName('CVS HEALTH CORP')).toBe('CVS Health Corp.');
    expect(readableCompanyName('AMAZON COM INC')).toBe('Amazon.com Inc.');
    expect(readableCompanyName('BANK OF AMERICA CORP /DE/')).toBe('Bank of America Corp.');
    expect(readableCompanyName('WALT DISNEY CO/')).toBe('Walt Disney Co.');
    // EDGAR's trailing "/THE" is the name's leading "The" (Vanguard's 13G on Allstate, tune).
    expect(readableCompanyName('ALLSTATE CORP/THE')).toBe('The Allstate Corp.');
    expect(readableCompanyName('Allstate Corp/The')).toBe('The Allstate Corp');
    expect(readableCompanyName('DUN & BRADSTREET CORP DEL NEW')).toBe('Dun & Bradstreet Corp.');
    // Three-letter words that are names, not acronyms (SEC's catalogue: RIO, LRCX).
    expect(readableCompanyName('RIO TINTO PLC')).toBe('Rio Tinto plc');
    expect(readableCompanyName('LAM RESEARCH CORP')).toBe('Lam Research Corp.');
    expect(readableCompanyName('WACHOVIA CORP/ NC')).toBe('Wachovia Corp.');
    expect(readableCompanyName('NEW YORK TIMES CO')).toBe('New York Times Co.');
    expect(readableCompanyName('COCA-COLA CO')).toBe('Coca-Cola Co.');
    expect(readableCompanyName("DILLARD'S, INC.")).toBe("Dillard's, Inc.");
    expect(readableCompanyName('MCDONALDS CORP')).toBe('McDonalds Corp.');
    expect(readableCompanyName('KONINKLIJKE PHILIPS N.V.')).toBe('Koninklijke Philips N.V.');
    // A name that already has lower case is the company's own writing.
    expect(readableCompanyName('Meta Platforms, Inc.')).toBe('Meta Platforms, Inc.');
  });
});

describe('names behind an inline-XBRL header, and 13D/G holders', () => {
  const REPLAY = 'src-server/integrations/edgar/replay-data/filings/';

  it("reads an inline-XBRL cover after its hidden header: NVIDIA's 10-K says 'NVIDIA Corporation', not 'Nvidia Corp.'", () => {
    const parsed = parseFiling(repoDocument(`${REPLAY}0001045810-24-000029_nvda_10-K_20240128.htm.gz`), {
      formType: '10-K',
      cik: 1045810,
      companyName: 'NVIDIA CORP',
      accessionNo: '0001045810-24-000029',
    });
    expect(parsed.company).toMatchObject({ name: 'NVIDIA CORP', displayName: 'NVIDIA Corporation' });
    expect(scoreFiling(parsed).oneLiner).toMatch(/^NVIDIA Corporation annual report \(10-K\)/);
  });

  it('names the registrant of any bare document from the line above its cover caption (Stockwalk 8-K 2001, PerkinElmer 10-K405)', () => {
    // No SEC header and no name from a feed: "Stockwalk Group, Inc." over "(Exact Name of Registrant as Specified in Its
    // Charter)" names it; before, the caption was cut short of "registrant" and the card said "The company".
    const stockwalk = parseFiling(repoDocument(`${REPLAY}0000950124-01-503539_stockwalk_item3_bankruptcy_2001.htm`), {
      formType: '8-K',
    });
    expect(scoreFiling(stockwalk).oneLiner).toBe('Stockwalk Group, Inc.: A bankruptcy or receivership');
    const perkin = parseFiling(repoDocument(`${CORPUS}perkinelmer_10-K405_2001_b38210pee10-k405.txt`), {});
    expect(perkin.company?.displayName).toBe('PerkinElmer, Inc.');
  });

  it('keeps a conformed name that has lower case (Coupang, Inc., though its 13G/A cover says COUPANG, Inc.)', () => {
    const parsed = parseFiling(repoDocument(`${REPLAY}0000895421-24-000024_SC13G-A_coupang.txt`), {});
    expect(parsed.company).toMatchObject({ name: 'Coupang, Inc.', displayName: 'Coupang, Inc.' });
  });
});

describe('a 13D/G summary', () => {
  it("ends a sentence once: the reporting persons' list ending in 'Inc.' gets no second period (Coupang 13G/A)", () => {
    const parsed = parseFiling(
      repoDocument('src-server/integrations/edgar/replay-data/filings/0000895421-24-000024_SC13G-A_coupang.txt'),
      {},
    );
    const { summaryText } = scoreFiling(parsed);
    expect(summaryText).toMatch(/ Reporting persons: .*; Morgan Stanley Investment Management Inc\.$/);
    expect(summaryText).not.toContain('..');
  });
});

describe('a 13D/G holder in EDGAR capitals', () => {
  it('is named as its cover writes it: "Morgan Stanley reports 5.1% of Coupang, Inc.", not "MORGAN STANLEY reports"', () => {
    const parsed = parseFiling(
      repoDocument('src-server/integrations/edgar/replay-data/filings/0000895421-24-000024_SC13G-A_coupang.txt'),
      {},
    );
    expect(parsed.filer).toMatchObject({ name: 'MORGAN STANLEY', displayName: 'Morgan Stanley' });
    const s = scoreFiling(parsed);
    expect(s.oneLiner).toBe('Morgan Stanley reports 5.1% of Coupang, Inc. (2 reporting persons)');
    expect(s.reasons.join(' ')).not.toContain('MORGAN STANLEY');
  });

  it("a person's conformed 'LAST FIRST' is never matched out of order and stays as filed", () => {
    expect(coverCompanyName('ICAHN CARL C', 'Carl C. Icahn (Name of Reporting Person)')).toBeNull();
  });
});

describe('an 8-K item that only points to its press release', () => {
  const parsed = () =>
    parseFiling(
      repoDocument('src-server/integrations/edgar/replay-data/filings/0000320193-99-000010_aapl_1999_pem_wrapped.txt'),
      {},
    );

  it("is headlined by the release filed inside the document (decision 363), not the pointer's boilerplate (Apple Computer, September 1999)", () => {
    const { oneLiner } = scoreFiling(parsed());
    expect(oneLiner).toBe('Apple Reaches Settlement of Shareholder Derivative Action');
    expect(oneLiner).not.toMatch(/Reference is made/);
  });

  it('says a press release is attached when the release itself is not at hand (the same item, its release left out)', () => {
    const p = parsed();
    const detail = p.detail as CurrentReportDetail;
    const { oneLiner } = scoreFiling({ ...p, detail: { ...detail, exhibitHeadline: null } });
    expect(oneLiner).toBe('Apple Computer, Inc.: Press release attached as an exhibit');
  });
});

describe("the company's own casing, where the filing writes it", () => {
  // Real Forms 3/5 and a 13D/A on the tune split of eval/importance/labels.jsonl.
  const FORMS = 'eval/importance/filings/form345/';
  const company = (file: string, formType: string) =>
    parseFiling(repoDocument(file), { formType }).company?.displayName;

  it("a Form 3/5 reads its exhibits, not only EDGAR's capitals in the form: CoStar, NACCO (not Costar, Nacco)", () => {
    // The forms say "COSTAR GROUP, INC." and "NACCO INDUSTRIES INC"; their powers of attorney write the names.
    expect(company(`${FORMS}e2d_1057352_4_0001057352-20-000121.txt`, '3')).toBe('CoStar Group');
    expect(company(`${FORMS}e2d_1558832_1_0001127602-20-005467.txt`, '5')).toBe('NACCO Industries, Inc.');
  });

  it("someone's lower-case typing of the name in an exhibit is not the company's writing (Brainstorm Cell Therapeutics)", () => {
    // Its power of attorney types "Brainstorm cell therapeutics inc.": the readable conformed name stands.
    expect(company(`${FORMS}e2d_1823486_3_0001104659-20-103937.txt`, '3')).toBe('Brainstorm Cell Therapeutics Inc.');
  });

  it('without the whole name in mixed case, each word takes the spelling the filing gives it (MoneyGram 13D/A, 2012)', () => {
    // The cover prints "MONEYGRAM INTERNATIONAL, INC."; only a holder's name, "(MoneyGram), LLC", writes the word.
    const text = repoDocument('eval/importance/filings/13dg/orgron_0000909518-12-000080_SC13DA.txt');
    expect(coverCompanyName('MONEYGRAM INTERNATIONAL INC', text)).toBeNull();
    expect(withWrittenCasing(readableCompanyName('MONEYGRAM INTERNATIONAL INC'), text)).toBe(
      'MoneyGram International Inc.',
    );
  });

  it('a conformed name in mixed case keeps its capitals unless the filing writes the word otherwise more often', () => {
    // EDGAR has "ASTROTECH Corp"; the 8-K writes "Astrotech Corporation". SPACEHAB writes its own name in capitals.
    expect(
      oneLiner(`${EVAL}8k_1001907_8K_2010_0000950123-10-003398.htm`, {
        cik: 1001907,
        companyName: 'ASTROTECH Corp \\WA\\',
      }),
    ).toMatch(/^Astrotech Corp: /);
    expect(withWrittenCasing('SPACEHAB, Incorporated', 'SPACEHAB, Incorporated ... SPACEHAB ... Spacehab', true)).toBe(
      'SPACEHAB, Incorporated',
    );
    expect(withWrittenCasing('NVIDIA Corporation', 'NVIDIA Corporation (Nvidia)', true)).toBe('NVIDIA Corporation');
  });

  it('a Form 4 owner as its remarks and signatures write it, the issuer as the form names it (SoftBank on Better Home & Finance, 2023)', () => {
    const parsed = parseFiling(
      repoDocument('src-server/integrations/edgar/replay-data/filings/softbank_derivative_acquisition.xml'),
      { formType: '4' },
    );
    const owners = parsed.detail?.kind === 'ownership' ? parsed.detail.owners.map((o) => o.displayName) : [];
    expect(owners).toContain('SoftBank Group Corp.');
    expect(coverCompanyName('BVF PARTNERS L P/IL', 'BVF Partners L.P., By: BVF Inc.')).toBe('BVF Partners L.P.');
  });

  it("no text at all keeps title case: ChoiceOne's recorded 8-K is EDGAR's index headers only, no document", () => {
    // The page lists choice8k_060324.htm but holds none of its text, so nothing writes "ChoiceOne".
    expect(parseFiling(edgarFixture('8-K_index-headers_5.07.html')).company?.displayName).toBe(
      'Choiceone Financial Services Inc.',
    );
  });
});

describe('a name typed in capitals with its legal form in mixed case', () => {
  it("reads as EDGAR's capitals made readable, not as the company's own writing", () => {
    // Isabella Bank's Form 4 of 2024 types its issuer name "ISABELLA BANK Corp"; Perry Corp.'s 13G/A on RBS (2012).
    expect(companyDisplayName('ISABELLA BANK Corp', () => null)).toBe('Isabella Bank Corp.');
    expect(companyDisplayName('ROYAL BANK OF SCOTLAND GROUP plc', () => null)).toBe('Royal Bank of Scotland Group plc');
    expect(
      scoreFiling(
        parseFiling(repoDocument('src-server/test/fixtures/edgar/corpus/f4x_0000842517-24-000086_isba_mcguirk_P.txt')),
      ).summaryText,
    ).toMatch(/^Form 4 for Isabella Bank Corp\. \(Richard L McGuirk: Director\)/);
  });

  it('keeps one word in capitals, which may be the brand', () => {
    expect(companyDisplayName('NVIDIA Corporation', () => null)).toBe('NVIDIA Corporation');
    expect(companyDisplayName('SPACEHAB, Incorporated', () => null)).toBe('SPACEHAB, Incorporated');
  });
});
