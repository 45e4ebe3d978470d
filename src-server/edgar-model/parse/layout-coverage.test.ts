/**
 * Layouts the parser must read, each on a real filing of the labelled set's tune split (decision 358): the structural
 * facts only (items found, each item's own text, the press release's headline, a 13D/G's Item 4 and percent), never
 * an importance.
 */
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { projectPath } from '../../config/paths';
import { edgarFixture } from '../../test/edgar-fixtures';
import type { CurrentReportDetail } from './types';
import { parseFiling } from '.';

/** A document of eval/importance/filings (gunzipped when stored compressed). */
const evalDocument = (path: string) => {
  const bytes = readFileSync(projectPath(`eval/importance/filings/${path}`));
  return (path.endsWith('.gz') ? gunzipSync(bytes) : bytes).toString('utf8');
};

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
      'Stockwalk.com Group, Inc., Kinnard Investments, Inc. and R.j. Steichen & Company Announce Combination',
    );
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

  it('does not join the subheadings under a plain-text headline (Entrada 2001)', () => {
    expect(headline(edgarFixture('8k_1000695_8K_2001_0000950117-01-501415.txt'))).toBe(
      'Entrada Announces Steps to improve its Bottom Line',
    );
  });
});
