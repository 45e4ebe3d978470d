/** npm run edgar:diff as a developer runs it (a child process, two runs): a gzip-stored bare 10-K pair, and full text submissions. */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const diff = (...args: string[]) =>
  run(process.execPath, ['--import', 'tsx', 'scripts/edgar-diff.ts', ...args], {
    env: { ...process.env, EDGAR_USER_AGENT: '' },
    maxBuffer: 8 * 1024 * 1024,
  });
const REPLAY = 'src-server/integrations/edgar/replay-data/filings';
const CORPUS = 'src-server/test/fixtures/edgar/corpus';

describe('edgar:diff', () => {
  it('prints sections with spans, per-section measures and the risk factors added and removed', async () => {
    const { stdout } = await diff(
      `${REPLAY}/0000104169-25-000021_wmt_10-K_20250131.htm.gz`,
      `${REPLAY}/0000104169-24-000056_wmt_10-K_20240131.htm.gz`,
    );
    const out = JSON.parse(stdout);
    const rf = out.newer.sections.find((s: { id: string }) => s.id === 'risk_factors');
    expect(rf).toMatchObject({ item: '1A', heading: 'ITEM 1A. RISK FACTORS' });
    expect(rf.end).toBeGreaterThan(rf.start);
    expect(out.comparison.sections.map((s: { id: string }) => s.id)).toContain('legal_proceedings');
    expect(out.comparison.riskFactorsAdded).toHaveLength(1);
  });

  it('reads full submission .txt files (old text filings) the same way', async () => {
    const { stdout } = await diff(
      `${CORPUS}/0000037996-94-000005_ford_10-K_1994.txt`,
      `${CORPUS}/ox_0000320193-94-000016_aapl_10-K_1994.txt`,
    );
    const out = JSON.parse(stdout);
    expect(out.newer.kind).toBe('10-K');
    expect(out.newer.sections.map((s: { item: string }) => s.item)).toEqual(['1', '3', '7']);
    expect(out.comparison.sections.length).toBe(3);
  });
});
