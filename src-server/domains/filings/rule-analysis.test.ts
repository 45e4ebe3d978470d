/**
 * "What to watch" for a 13D, 13G or Form 4 comes from the filing itself (issue #25: only when
 * specific to the filing). 13D/G: nothing for a holder that has left, a passive holder's and an
 * active holder's follow-ups otherwise (edgartools' 13G of ICS Opportunities on Livent, 0.0% with
 * the exit box ticked; Cybergy's 13D of 2016; a 13G of the EDGAR fixtures). Form 4: the insider by
 * name, and the plan clause from the form's Rule 10b5-1 checkbox (Kathleen Wilson-Thompson's Tesla
 * sale under a plan, 2025; Melkote's 374Water grant, the box unticked; Snowflake's CFO, 2022, a
 * schema without the box). Reports: nothing for an on-time one, the money a going-concern company
 * needs (AEON 2023), the extension a late notice buys (Domo, Quantum), new risk factors by name
 * (Walmart's FY2025 10-K against FY2024).
 */
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { compareReports } from '../../edgar-model/diff';
import { parseFiling } from '../../edgar-model/parse';
import { readSections } from '../../edgar-model/sections';
import { scoreFiling } from '../../edgar-model/score';
import { readFileSync } from 'node:fs';
import { projectPath } from '../../config/paths';
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
    expect(analysis.whyThisLevel.join(' ')).toMatch(/states that .* no longer owns more than 5%/);
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

describe('what to watch after a Form 4', () => {
  it('names the insider, and a plan trade says what would be news', () => {
    const raw = readFileSync(
      projectPath('src-server/integrations/edgar/replay-data/filings/tsla_wilson-thompson_2025-01-06_M_S_10b5-1.xml'),
      'utf8',
    );
    const { analysis } = analysisOf(raw, { formType: '4' });
    expect(analysis.whatToWatch).toEqual([
      'Further Form 4s from Kathleen Wilson-Thompson: this trade was made under a Rule 10b5-1 plan, so a change to the plan or a trade outside it would be the news.',
    ]);
  });

  it('asks whether later trades use a plan when the box is unticked or the schema has none', () => {
    for (const file of [
      '374water_melkote_2025-04-30_A_derivative.xml',
      'snow_scarpelli_2022-12-13_M_S_derivative.xml',
    ]) {
      const { parsed, analysis } = analysisOf(edgarFixture(file), { formType: '4' });
      const name = parsed.detail?.kind === 'ownership' ? parsed.detail.owners[0]!.displayName : '';
      expect(name).not.toBe('');
      expect(analysis.whatToWatch).toEqual([
        `Further Form 4s from ${name}, and whether later trades are made under a Rule 10b5-1 plan.`,
      ]);
    }
  });
});

describe('what to watch after a 10-K, 10-Q or late notice', () => {
  const gz = (path: string) => gunzipSync(readFileSync(projectPath(path))).toString();
  const replay = (name: string) => gz(`src-server/integrations/edgar/replay-data/filings/${name}`);

  it('is nothing for an on-time report with no doubt and no change on file (Tesla Q2 2025)', () => {
    const { parsed, analysis } = analysisOf(gz('eval/importance/filings/periodic/tsla-10-q-2025-07-24.html.gz'), {
      formType: '10-Q',
    });
    expect(parsed.detail).toMatchObject({ kind: 'periodic', isLateNotice: false });
    expect(analysis.whatToWatch).toEqual([]);
  });

  it('follows the money a going-concern company says it needs (AEON Biopharma, Q3 2023)', () => {
    const { parsed, analysis } = analysisOf(gz('eval/importance/filings/periodic/et_aeon-20230930x10q.htm.gz'), {
      formType: '10-Q',
    });
    expect(parsed.detail).toMatchObject({ goingConcern: true });
    expect(analysis.whatToWatch).toEqual([
      expect.stringMatching(/^Whether the company raises the money .* keeps its going-concern paragraph\.$/),
    ]);
  });

  it('gives a late notice the extension Rule 12b-25 allows its form (Domo NT 10-Q, Quantum NT 10-K)', () => {
    const q = analysisOf(edgarFixture('corpus/gx_0001628280-26-042197_domo_NT10-Q.htm'), { formType: 'NT 10-Q' });
    expect(q.analysis.whatToWatch).toEqual([expect.stringMatching(/^The 10-Q itself: .* five more calendar days/)]);
    const k = analysisOf(edgarFixture('corpus/gx_0001193125-26-270343_quantum_NT10-K.htm'), { formType: 'NT 10-K' });
    expect(k.analysis.whatToWatch).toEqual([expect.stringMatching(/^The 10-K itself: .* fifteen more calendar days/)]);
  });

  it('names the new risk factors of a report compared with the last one (Walmart FY2025)', () => {
    const newer = replay('0000104169-25-000021_wmt_10-K_20250131.htm.gz');
    const diff = compareReports(
      readSections(newer)!,
      readSections(replay('0000104169-24-000056_wmt_10-K_20240131.htm.gz'))!,
    );
    const parsed = parseFiling(newer, { formType: '10-K' });
    const analysis = ruleAnalysis({
      ...scoreFiling(parsed),
      formType: '10-K',
      items: null,
      details: parsed.detail,
      reportDiff: diff,
    });
    expect(analysis.whatToWatch).toEqual([
      expect.stringMatching(
        /^Whether the new risk factor \(“Illegal or inappropriate activity of our independent contractors .*…”\) shows up in results or in an 8-K\.$/,
      ),
    ]);
    // Four factors name three and count the rest; a heading is cut at a word, not mid-word.
    const four = { ...diff, riskFactorsAdded: [0, 1, 2, 3].map(() => diff.riskFactorsAdded[0]!) };
    const many = ruleAnalysis({ ...scoreFiling(parsed), formType: '10-K', items: null, reportDiff: four });
    expect(many.whatToWatch[0]).toMatch(/^Whether the new risk factors \(“.*…”; “.*…”; “.*…” and 1 more\) show up/);
  });
});
