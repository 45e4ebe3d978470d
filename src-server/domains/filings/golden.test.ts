/** Every real filing of the corpus against the facts read from it (npm run edgar:golden prints the same count). */
import { describe, expect, it } from 'vitest';
import { compareGolden } from './golden';

describe('golden corpus of real EDGAR filings', () => {
  it('the parser gets every expected fact right', () => {
    const result = compareGolden();
    expect(result.filings).toBeGreaterThanOrEqual(130);
    expect(result.mismatches).toEqual([]);
  });
});
