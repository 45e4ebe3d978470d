/**
 * "What to watch" for a 13D or 13G comes from its own cover (issue #25: only when specific to the
 * filing): nothing for a holder that has left, a passive holder's and an active holder's follow-ups
 * otherwise. Real filings: edgartools' 13G of ICS Opportunities on Livent (0.0%, the exit box
 * ticked), Cybergy's 13D of 2016 (a first 13D) and a 13G of the EDGAR fixtures.
 */
import { describe, expect, it } from 'vitest';
import { parseFiling } from '../../edgar-model/parse';
import { scoreFiling } from '../../edgar-model/score';
import { edgarFixture } from '../../test/edgar-fixtures';
import { ruleAnalysis } from './rule-analysis';

function analysisOf(raw: string, hints: Parameters<typeof parseFiling>[1] = {}) {
  const parsed = parseFiling(raw, hints);
  const scored = scoreFiling(parsed);
  return {
    parsed,
    analysis: ruleAnalysis({ ...scored, formType: parsed.formType, items: null, details: parsed.detail }),
  };
}

describe('what to watch after a 13D or 13G', () => {
  it('is nothing for a holder that has ceased to own more than 5%', () => {
    const { parsed, analysis } = analysisOf(edgarFixture('corpus/et_SC13G_document.html'));
    expect(parsed.detail).toMatchObject({ kind: 'beneficial', percentOfClass: 0 });
    expect(analysis.whatToWatch).toEqual([]);
    expect(analysis.whyThisLevel.join(' ')).toMatch(/ceased to be the beneficial owner of more than 5%/);
  });

  it('names Item 4 and further purchases for an active holder (13D)', () => {
    const { analysis } = analysisOf(edgarFixture('corpus/ox_cybergy_SC-13D_2016_sec-report-saved-page.html'), {
      formType: 'SC 13D',
    });
    expect(analysis.whatToWatch).toEqual([expect.stringMatching(/^Amendments to Item 4 .*further purchases\.$/)]);
  });

  it('names amendments and a switch to a 13D for a passive holder (13G)', () => {
    const { parsed, analysis } = analysisOf(edgarFixture('0001076809-24-000144_SC13G.nc'));
    expect(parsed.detail).toMatchObject({ kind: 'beneficial' });
    expect(analysis.whatToWatch).toEqual([expect.stringMatching(/switch from this 13G to a 13D/)]);
  });
});
