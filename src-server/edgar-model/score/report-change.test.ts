/** The periodic report's rise on a rewrite, on the real Apple FY2025 / FY2024 10-K pair. */
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { ReportChangeFacts, ReportDiff } from '#shared/report-diff';
import { projectPath } from '../../config/paths';
import { compareReports } from '../diff';
import { parseFiling } from '../parse';
import { readSections } from '../sections';
import { scoreFiling } from '.';

const file = (name: string) =>
  gunzipSync(readFileSync(projectPath(`src-server/integrations/edgar/replay-data/filings/${name}`))).toString();
const newer = file('0000320193-25-000079_aapl_10-K_20250927.htm.gz');
const diff: ReportDiff = compareReports(
  readSections(newer)!,
  readSections(file('0000320193-24-000123_aapl_10-K_20240928.htm.gz'))!,
);
const parsed = parseFiling(newer, { accessionNo: '0000320193-25-000079', cik: 320193, formType: '10-K' });
const measured = { share: 0.12, basis: 'measured' as const, reports: 12 };

describe('a 10-K whose risk factors changed much more than usual', () => {
  it('Apple FY2025 rewrote about a quarter of its risk factors: HIGH, with the numbers', () => {
    const rf = diff.sections.find((s) => s.id === 'risk_factors')!;
    expect(rf.rewritten).toBeGreaterThan(0.25);
    const change: ReportChangeFacts = { diff, typical: { risk_factors: measured } };
    const score = scoreFiling(parsed, { reportChange: change });
    expect(score.importance).toBe('HIGH');
    expect(score.reasons[0]).toMatch(
      /^Risk factors rewrote 2\d% of their text; typical for large companies: 12% \(12 annual reports measured\)$/,
    );
    expect(score.reasons).toContain('Risk factors since the previous 10-K: 0 new, 1 removed');
  });

  it('the same change is usual for a company that always rewrites this much: stays MEDIUM', () => {
    const change: ReportChangeFacts = { diff, typical: { risk_factors: { share: 0.2, basis: 'company', reports: 3 } } };
    expect(scoreFiling(parsed, { reportChange: change }).importance).toBe('MEDIUM');
  });

  it('without a comparable report the 10-K is scored as before', () => {
    expect(scoreFiling(parsed).importance).toBe('MEDIUM');
    expect(scoreFiling(parsed).reasons).toEqual(['Annual report (10-K) (fiscal 2025)']);
  });
});
