import { describe, expect, it } from 'vitest';
import { limitState, normaliseWatchlist } from './watchlist-response';

const pro = { email: 'a@b.co', phone: null, verified: true, isAdmin: false, planType: 'pro', planStatus: 'active' };

describe('watchlist response (SPEC.md section 3)', () => {
  it('reads items from watchlist or results', () => {
    expect(normaliseWatchlist({ watchlist: [{ id: 1, ticker: 'A' }] }, null).items).toHaveLength(1);
    expect(
      normaliseWatchlist(
        {
          results: [
            { id: 1, ticker: 'A' },
            { id: 2, ticker: 'B' },
          ],
        },
        null,
      ).items,
    ).toHaveLength(2);
    expect(normaliseWatchlist(undefined, null).items).toEqual([]);
  });
  it('free 10, PRO 50, an explicit limit from the server overrides both', () => {
    expect(normaliseWatchlist({ watchlist: [] }, null).tickerLimit).toBe(10);
    expect(normaliseWatchlist({ watchlist: [], user: pro }, null).tickerLimit).toBe(50);
    expect(normaliseWatchlist({ watchlist: [], tickerLimit: 70, user: pro }, null).tickerLimit).toBe(70);
    expect(normaliseWatchlist({ watchlist: [], contact: { ticker_limit: 12 } }, null).tickerLimit).toBe(12);
  });
  it('warns above 90% of the limit and is full at the limit', () => {
    expect(limitState(9, 10)).toBe('ok');
    expect(limitState(45, 50)).toBe('ok');
    expect(limitState(46, 50)).toBe('warning');
    expect(limitState(10, 10)).toBe('full');
    expect(limitState(11, 10)).toBe('full');
  });
});
