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
