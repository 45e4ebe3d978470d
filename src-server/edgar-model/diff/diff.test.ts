/** The comparison on real consecutive reports (replay-data, SOURCES.md). */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { changeHeadline } from '#shared/report-diff';
import { projectPath } from '../../config/paths';
import { readSections } from '../sections';
import { compareReports } from '.';
import { cosine, jaccard, rewrittenShare, sentenceChange, termFrequencies } from './text-measures';

const report = (file: string) =>
  readSections(
    gunzipSync(readFileSync(projectPath(join('src-server/integrations/edgar/replay-data/filings', file)))).toString(),
  )!;

describe('measures', () => {
  it('cosine and Jaccard over words; sentences with numbers masked', () => {
    const a = termFrequencies('the cat sat on the mat');
    const b = termFrequencies('the cat sat on the hat');
    expect(cosine(a, a)).toBeCloseTo(1);
    expect(cosine(a, b)).toBeCloseTo(7 / 8);
    expect(jaccard(a, b)).toBeCloseTo(4 / 6);
    const change = sentenceChange(
      ['In fiscal 2024 sales rose by 5%.'],
      ['In fiscal 2025 sales rose by 7%.', 'A new line is here.'],
    );
    expect(change).toEqual({ added: 0.5, removed: 0 });
    expect(rewrittenShare('one two three four five six', 'one two three four five six')).toBe(0);
  });
});

describe('Walmart FY2025 against FY2024', () => {
  const diff = compareReports(
    report('0000104169-25-000021_wmt_10-K_20250131.htm.gz'),
    report('0000104169-24-000056_wmt_10-K_20240131.htm.gz'),
  );

  it('reports the new risk factor on independent contractors as new, quoting its first sentence', () => {
    expect(diff.riskFactorsAdded.map((f) => f.heading)).toEqual([
      expect.stringMatching(
        /^Illegal or inappropriate activity of our independent contractors or third-party service providers/,
      ),
    ]);
    expect(diff.riskFactorsAdded[0]!.firstSentence.length).toBeGreaterThan(40);
    expect(diff.riskFactorsRemoved).toEqual([]);
  });

  it('measures every compared section', () => {
    expect(diff.sections.map((s) => s.id)).toEqual([
      'business',
      'risk_factors',
      'legal_proceedings',
      'mdna',
      'market_risk',
      'controls',
    ]);
    const rf = diff.sections.find((s) => s.id === 'risk_factors')!;
    expect(rf.cosine).toBeGreaterThan(0.95);
    expect(rf.rewritten).toBeGreaterThan(0.1);
    expect(rf.rewritten).toBeLessThan(0.4);
    expect(changeHeadline(diff)).toMatch(
      /^Risk factors: \d+% of the text is new since last year; 1 new risk factor, 0 removed$/,
    );
  });
});

describe('Home Depot FY2024 against FY2023', () => {
  it('a reworded heading is the same factor, not a new one', () => {
    const diff = compareReports(
      report('0000354950-25-000085_hd_10-K_20250202.htm.gz'),
      report('0000354950-24-000062_hd_10-K_20240128.htm.gz'),
    );
    // "A failure of a key information technology system or process could adversely affect our business."
    // became "A failure of one or more key information technology systems or processes could adversely
    // affect our business, financial results, and reputation."
    expect(diff.riskFactorsAdded).toEqual([]);
    expect(diff.riskFactorsRemoved).toEqual([]);
    expect(diff.riskFactorsReworded).toBeGreaterThanOrEqual(5);
  });
});
