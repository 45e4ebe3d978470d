/** The latest-filings Atom feed: EDGAR's own response, and the replay's feed read back by the same parser. */
import { describe, expect, it } from 'vitest';
import { edgarFixture } from '../../test/edgar-fixtures';
import { feedFilings, parseAtomFeed } from './atom';
import { atomFeed, easternIso } from './replay/atom-writer';
import { loadReplaySet } from './replay/replay-set';

describe('Atom feed', () => {
  it('reads EDGAR getcurrent (all forms, 2026-01-12): 100 entries, Form 4 Reporting/Issuer pairs merged', () => {
    const entries = parseAtomFeed(edgarFixture('getcurrent_atom_all_forms_2026-01-12_start0.xml'));
    expect(entries).toHaveLength(100);
    expect(entries[0]).toEqual({
      accessionNo: '0002074440-26-000002',
      formType: '13F-HR',
      companyName: 'Ryan Investment Management, Inc.',
      cik: 2074440,
      role: 'Filer',
      indexUrl: 'https://www.sec.gov/Archives/edgar/data/2074440/000207444026000002/0002074440-26-000002-index.htm',
      filedDate: '2026-01-12',
      updated: '2026-01-12T16:27:39.000Z',
    });
    const filings = feedFilings(entries);
    const progressive = filings.find((f) => f.accessionNo === '0000080661-26-000032');
    expect(progressive).toMatchObject({
      formType: '4',
      cik: 80661,
      role: 'Issuer',
      companyName: 'PROGRESSIVE CORP/OH/',
    });
    expect(progressive?.parties.map((p) => p.role).sort()).toEqual(['Issuer', 'Reporting']);
    expect(new Set(filings.map((f) => f.accessionNo)).size).toBe(filings.length);
  });

  it('the replay writes the same format back (Eastern offsets included)', () => {
    const set = loadReplaySet().slice(0, 5);
    const entries = parseAtomFeed(atomFeed(set, 'http://127.0.0.1:1', new Date('2026-01-12T16:00:00Z')));
    expect(entries.map((e) => e.accessionNo)).toEqual(set.map((f) => f.accessionNo));
    expect(entries[0]).toMatchObject({
      formType: '4',
      cik: 1318605,
      role: 'Issuer',
      filedDate: '2022-11-08',
      updated: '2022-11-09T01:18:10.000Z',
    });
    expect(easternIso('2025-07-01T16:00:00.000Z')).toBe('2025-07-01T12:00:00-04:00');
    expect(easternIso('2026-01-12T16:27:39.000Z')).toBe('2026-01-12T11:27:39-05:00');
  });
});
