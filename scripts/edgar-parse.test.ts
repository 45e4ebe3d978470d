/** npm run edgar:parse on real fixtures (a child process, as a developer runs it). */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { startReplayServer } from '../src-server/integrations/edgar/replay/replay-server';
import { edgarFixturePath } from '../src-server/test/edgar-fixtures';

const run = promisify(execFile);
const parse = (...args: string[]) =>
  run(process.execPath, ['--import', 'tsx', 'scripts/edgar-parse.ts', ...args], {
    env: { ...process.env, EDGAR_USER_AGENT: '' },
  });

describe('edgar:parse', () => {
  it('prints the parsed and scored filing of a file as JSON', async () => {
    const { stdout } = await parse(edgarFixturePath('0000899243-22-035394_tsla_musk_S_9_rows.txt'));
    const out = JSON.parse(stdout);
    expect(out.parsed).toMatchObject({ accessionNo: '0000899243-22-035394', formType: '4', company: { cik: 1318605 } });
    expect(out.parsed.detail.rows).toHaveLength(9);
    expect(out.score).toMatchObject({
      importance: 'HIGH', // docs/scoring.md's rubric: a sale is never CRITICAL on its size alone (issue #25)
      oneLiner: 'Elon Musk sold 4,400,000 shares at an average $191.63 ($843.2M, $189.578-$197.70)',
    });
  });

  it('fetches a URL (here the local replay, under EDGAR paths)', async () => {
    const replay = await startReplayServer({ initial: 0 });
    try {
      const { stdout } = await parse(
        `${replay.url}/Archives/edgar/data/72333/000007233323000015/0000072333-23-000015.txt`,
      );
      expect(JSON.parse(stdout).score).toMatchObject({
        importance: 'LOW',
        rules: ['8k.item.5.02', '8k.5.02.compensation', '8k.exhibits'],
      });
    } finally {
      await replay.close();
    }
  });

  it('refuses sec.gov without EDGAR_USER_AGENT and reports missing files', async () => {
    await expect(parse('https://www.sec.gov/Archives/edgar/data/1/x.txt')).rejects.toMatchObject({
      stderr: expect.stringMatching(/EDGAR_USER_AGENT/),
    });
    await expect(parse('/nonexistent/file.txt')).rejects.toMatchObject({ code: 1 });
  });
});
