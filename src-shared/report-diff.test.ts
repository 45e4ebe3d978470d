import { describe, expect, it } from 'vitest';
import {
  changeDetailLine,
  changeHeadline,
  percentText,
  type ReportDiff,
  sectionUrl,
  similarityText,
} from './report-diff';

const section = (id: ReportDiff['sections'][number]['id'], rewritten: number) => ({
  id,
  item: '1A',
  cosine: 0.99,
  jaccard: 0.9,
  sentencesAdded: 0.3,
  sentencesRemoved: 0.2,
  rewritten,
  words: 1000,
  previousWords: 1000,
});
const diff = (over: Partial<ReportDiff> = {}): ReportDiff => ({
  sections: [section('risk_factors', 0.259), section('mdna', 0.35), section('legal_proceedings', 0.45)],
  onlyInNewer: [],
  onlyInOlder: [],
  riskFactorsAdded: [],
  riskFactorsRemoved: [{ heading: 'Retail stores', firstSentence: 'Stores carry risks.', category: null }],
  riskFactorsKept: 27,
  riskFactorsReworded: 6,
  ...over,
});

describe('report diff words', () => {
  it('the two lines an alert and a card carry', () => {
    expect(changeHeadline(diff())).toBe(
      'Risk factors: 26% of the text is new since last year; 0 new risk factors, 1 removed',
    );
    expect(changeDetailLine(diff())).toBe('Legal proceedings 45% new, MD&A 35% new');
    expect(changeHeadline(diff({ riskFactorsRemoved: [] }))).toBe(
      'Risk factors: 26% of the text is new since last year; no risk factor added or removed',
    );
    expect(changeHeadline(diff({ sections: [section('mdna', 0.1)], riskFactorsRemoved: [] }))).toBe(
      '1 section compared with last year',
    );
  });

  it('percentages: under 1% says so; similarity near 100% keeps a decimal', () => {
    expect(percentText(0.004)).toBe('<1%');
    expect(percentText(0)).toBe('0%');
    expect(similarityText(0.9967)).toBe('99.6%');
    expect(similarityText(1)).toBe('100%');
    expect(similarityText(0.859)).toBe('86%');
  });

  it('links a section at its heading when the filer anchored it', () => {
    expect(sectionUrl('https://www.sec.gov/a.htm', 'i7_52')).toBe('https://www.sec.gov/a.htm#i7_52');
    expect(sectionUrl('https://www.sec.gov/a.htm', null)).toBe('https://www.sec.gov/a.htm');
    expect(sectionUrl(null, 'x')).toBeNull();
  });
});
