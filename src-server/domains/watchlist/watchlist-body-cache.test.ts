import { describe, expect, it } from 'vitest';
import { WatchlistBodyCache } from './watchlist-body-cache';

const entry = { fast: '1:1', tickers: '1', full: 'f', userKey: '{}', quotes: [] };
const json = Buffer.from(
  JSON.stringify({ watchlist: Array.from({ length: 50 }, (_, i) => ({ id: i, ticker: `T${i}` })) }),
);

describe('WatchlistBodyCache', () => {
  it('counts a compressed form asked for by concurrent requests once (the byte total returns to zero)', async () => {
    const cache = new WatchlistBodyCache();
    const stored = await cache.store('u1', entry, json, 'br');
    const bodies = await Promise.all([
      cache.body('u1', stored, 'gzip'),
      cache.body('u1', stored, 'gzip'),
      cache.body('u1', stored, 'gzip'),
    ]);
    expect(new Set(bodies.map((b) => b.length)).size).toBe(1);
    cache.delete('u1');
    expect(cache.size).toBe(0);
    expect(cache.heldBytes).toBe(0);
  });
});
