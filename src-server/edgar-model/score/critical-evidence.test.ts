/**
 * Decision 359: CRITICAL is said only on strong, present, company-own evidence. Each case is a real filing of the
 * importance eval's tune split (its half A) where a CRITICAL trigger's words stand in a context that is not the
 * company's own event now; the item falls to what the rest of its text says.
 */
import { describe, expect, it } from 'vitest';
import { parseFiling } from '../parse';
import { topicsIn } from '../parse/current-content';
import { scoreFiling } from '.';
import { repoDocument } from '../../test/edgar-fixtures';

const read = repoDocument;
const EVAL = 'eval/importance/filings/8k/';
const CORPUS = 'src-server/test/fixtures/edgar/corpus/';
const score = (file: string) => scoreFiling(parseFiling(read(file), { formType: '8-K' }));

describe('survival topics need the company’s own event', () => {
  it('a borrower’s Chapter 11 is the bank’s charge-off, not its bankruptcy (Synovus 2023)', () => {
    const s = score(`${EVAL}8k_arelle_syn-20230918.htm`);
    expect(s.rules).not.toContain('8k.topic.survival');
    expect(s.importance).toBe('HIGH');
    expect(s.rules).toContain('8k.topic.material');
  });

  it('the company’s own prepackaged Chapter 11 stays CRITICAL (Innovative Clinical Solutions 2000)', () => {
    const s = score(`${CORPUS}8k_1002022_8K_2000_0000914260-00-000037.txt`);
    expect(s.importance).toBe('CRITICAL');
    expect(s.rules).toContain('8k.topic.survival');
  });
});

describe('Item 5.01 read by its text', () => {
  it('a block of 75% of the stock sold to one buyer is a change made, HIGH (ExperTelligence 2003)', () => {
    const s = score(`${EVAL}8k_scpp_0000723533-04-000001.txt`);
    expect(s.importance).toBe('HIGH');
    expect(s.rules).toContain('8k.5.01.control-changed');
    expect(s.rules).not.toContain('8k.number.critical');
  });

  it('control passing under a reorganization plan stays the reorganization (Innovative Clinical Solutions 2000)', () => {
    const s = score(`${EVAL}8k_1002022_8K_2000_0000912057-00-043726.txt`);
    expect(s.importance).toBe('HIGH');
    expect(s.rules).toContain('8k.reorganized');
  });
});

describe('a delisting is read where it is stated, not where it is what would follow', () => {
  // Derived: Horizon Financial's real Nasdaq notice (2009, 90 days to cure) with its conditional sentence in today's
  // words, "will issue a Staff Delisting Determination" for "will provide ... notification that ... will be delisted".
  // No tune filing states a determination conditionally; the rubric's deficiency-with-cure cell is HIGH.
  it('"If compliance ... cannot be demonstrated ..., NASDAQ will issue a Staff Delisting Determination" is the cure period', () => {
    const real = read(`${EVAL}8k_1002682_8K_2009_0000939057-09-000381.htm`);
    const derived = real.replace(
      /NASDAQ will provide the Company\s+written notification that the Company&#8217;s securities will be delisted/,
      'NASDAQ will issue a Staff Delisting Determination',
    );
    expect(derived).not.toBe(real);
    const s = scoreFiling(parseFiling(derived, { formType: '8-K' }));
    expect(s.importance).toBe('HIGH');
    expect(s.rules).toContain('8k.3.01.deficiency');
  });
});

describe('being acquired needs the company to be the one bought', () => {
  it('a merger vehicle merging into the company stays the company being acquired (et parity 2021 fixture)', () => {
    const s = score(`${CORPUS}et_parity_8k_0000887919-21-000012.html`);
    expect(s.importance).toBe('CRITICAL');
    expect(s.rules).toContain('8k.deal.being-acquired');
    // The card says what the company does, not a description of a rule ("The company itself is to be acquired").
    expect(s.oneLiner).toBe('Premier Financial Bancorp, Inc.: Agrees to be acquired or merged into another company');
  });
});

describe('a deal of half the company is sized by its price, not by the largest sum the item states', () => {
  it('Kinnard’s $54.9 million of revenues is not what the registrant paid (Stockwalk 2000, Item 2.01)', () => {
    const f = parseFiling(read(`${EVAL}8k_1001136_8K_2000_0000950124-00-005735.txt`), { formType: '8-K' });
    const deal = f.detail?.kind === 'current' ? f.detail.content?.find((c) => c.number === '2.01')?.deal : undefined;
    expect(deal?.amountUsd).toBe(54_900_000);
    // "to pay to such shareholders an aggregate of $21,346,914 in cash": the sum named as paid.
    expect(deal?.pricedUsd).toBe(21_346_914);
  });
});

describe('Item 1.03 stays the bankruptcy unless its own text reports the end', () => {
  it('Stockwalk’s Chapter 11 filing (2001, "ITEM 3. Bankruptcy or Receivership") is CRITICAL', () => {
    const s = score(`${EVAL}8k_1001136_8K_2001_0000950137-01-503821.htm`);
    expect(s.importance).toBe('CRITICAL');
    expect(s.rules).not.toContain('8k.reorganized');
  });
});

describe('survival vocabulary', () => {
  it('"prepackaged" alone is software, not a bankruptcy (Oracle 2014 tune filing: its SIC description)', () => {
    const header = read(`${EVAL}8k_scpp_0001193125-14-242424.txt.gz`);
    const words = /STANDARD INDUSTRIAL CLASSIFICATION:\s*([^\n[]+)/.exec(header)?.[1]?.trim();
    expect(words).toBe('SERVICES-PREPACKAGED SOFTWARE');
    expect(topicsIn(words ?? '')).not.toContain('bankruptcy');
  });

  it('a table of contents naming the form’s item title is no bankruptcy (Stockwalk 2001, its real contents line)', () => {
    const text = read(`${EVAL}8k_1001136_8K_2001_0000950137-01-503821.htm`)
      .replace(/<[^>]+>/g, ' ')
      .replace(/&nbsp;|&#160;/g, ' ')
      .replace(/\s+/g, ' ');
    const contents = /TABLE OF CONTENTS (.{0,120}?SIGNATURES)/.exec(text)?.[1];
    expect(contents).toMatch(/^ITEM 3\. Bankruptcy or Receivership/);
    expect(topicsIn(contents ?? '')).not.toContain('bankruptcy');
  });
});
