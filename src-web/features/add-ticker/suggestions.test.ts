import { describe, expect, it } from 'vitest';
import { cycleIndex, orderSuggestions } from './suggestions';

describe('typeahead order (exact, prefix, then the rest)', () => {
  it('puts the exact match first and prefix matches A-Z next; name matches keep the server order', () => {
    const results = [
      { ticker: 'AAPB', name: 'GraniteShares 2x Long AAPL' },
      { ticker: 'XYZA', name: 'Apple Hospitality' },
      { ticker: 'AAP', name: 'Advance Auto Parts' },
      { ticker: 'AA', name: 'Alcoa' },
      { ticker: 'BAAA', name: 'Another' },
      { ticker: 'AAPL', name: 'Apple Inc.' },
    ];
    expect(orderSuggestions(results, 'aap').map((s) => s.ticker)).toEqual([
      'AAP',
      'AAPB',
      'AAPL',
      'XYZA',
      'AA',
      'BAAA',
    ]);
  });
  it('drops duplicate tickers', () => {
    expect(
      orderSuggestions(
        [
          { ticker: 'A', name: 'x' },
          { ticker: 'A', name: 'y' },
        ],
        'a',
      ),
    ).toHaveLength(1);
  });
});

describe('arrow keys cycle', () => {
  it('wraps in both directions and starts at either end', () => {
    expect(cycleIndex(-1, 3, 1)).toBe(0);
    expect(cycleIndex(-1, 3, -1)).toBe(2);
    expect(cycleIndex(2, 3, 1)).toBe(0);
    expect(cycleIndex(0, 3, -1)).toBe(2);
    expect(cycleIndex(0, 0, 1)).toBe(-1);
  });
});
