import { describe, expect, it } from 'vitest';
import { form4Summary } from './card-rules';
import { insiderCells } from './table-cells';
import type { WatchlistFiling } from './watchlist-types';

/**
 * Values from the real Form 4 in src-server/test/fixtures/edgar/snow_scarpelli_2022-12-13_M_S_derivative.xml
 * (Snowflake, filed for Michael Scarpelli, CFO: an S row of 73,170 shares disposed). The insider
 * data lacks the executive's name, as when the document's owner block could not be read, so both
 * views fall back to `executive_names`, which older clients send as one string.
 */
const scarpelli = (executiveNames: WatchlistFiling['executive_names']): WatchlistFiling => ({
  form: '4',
  insider_cik: '0001402349',
  executive_names: executiveNames,
  insider_data: {
    executiveTitle: 'Chief Financial Officer',
    insiderCik: '0001402349',
    isDisposition: true,
    sharesTraded: 73170,
    transactionCode: 'S',
  },
});

describe('card and table name the same insider from executive_names (string or array)', () => {
  it.each([
    ['a single string', 'Scarpelli Michael'],
    ['an array', ['Scarpelli Michael']],
    ['an array with a blank first entry', [' ', 'Scarpelli Michael']],
  ])('%s', (_form, names) => {
    const filing = scarpelli(names);
    expect(form4Summary(filing)).toEqual({
      text: 'Scarpelli Michael sold 73,170 shares',
      href: '/insider/cik/0001402349',
      incomplete: false,
    });
    expect(insiderCells(filing)).toMatchObject({
      insider: 'Scarpelli Michael',
      href: '/insider/cik/0001402349',
      role: 'Chief Financial Officer',
      shares: '−73,170',
    });
  });
  it('without any insider data: the card and the table still agree on the name', () => {
    for (const names of ['Scarpelli Michael', ['Scarpelli Michael']]) {
      const filing: WatchlistFiling = { form: '4', executive_names: names };
      expect(form4Summary(filing)?.text).toBe('Scarpelli Michael traded shares');
      expect(insiderCells(filing)?.insider).toBe('Scarpelli Michael');
    }
  });
  it('a blank string or no names: no name on either side', () => {
    for (const names of ['  ', [], null]) {
      const filing: WatchlistFiling = { form: '4', executive_names: names };
      expect(form4Summary(filing)?.text).toBe('An insider traded shares');
      expect(insiderCells(filing)?.insider).toBe('—');
    }
  });
});
