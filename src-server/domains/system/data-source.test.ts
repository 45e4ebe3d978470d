import { describe, expect, it } from 'vitest';
import { dataSource, REPLAY_NOTE } from './data-source';

describe('dataSource', () => {
  it('says the filings are recorded when the app runs on the replay', () => {
    expect(dataSource({ env: {}, edgar: undefined })).toEqual({ mode: 'replay', note: REPLAY_NOTE });
    expect(REPLAY_NOTE).toMatch(/^Recorded filings: .*real SEC filings recorded earlier.*real date\.$/);
  });

  it('has no note when EDGAR is read live', () => {
    expect(dataSource({ env: { EDGAR_USER_AGENT: 'Example admin@example.com' } })).toEqual({
      mode: 'live',
      note: null,
    });
    // The running EDGAR source decides when there is one.
    expect(dataSource({ env: {}, edgar: { mode: 'live' } })).toEqual({ mode: 'live', note: null });
  });
});
