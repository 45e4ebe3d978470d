/** The number and name words of the cards' one-liners. */
import { describe, expect, it } from 'vitest';
import { displayOwnerName } from '#shared/insider';
import { money } from './format';

describe('one-liner words', () => {
  it('writes cents whole and round sums without them', () => {
    // Edenbrook Capital's 2,500 shares sold for $687.50 (a tune-set Form 4 of the importance set).
    expect(money(687.5)).toBe('$687.50');
    expect(money(9_999)).toBe('$9,999');
    expect(money(102_000)).toBe('$102K');
  });

  it('keeps a generation suffix a numeral when it turns EDGAR order around', () => {
    expect(displayOwnerName('FUREY JAMES M II')).toBe('James M Furey II');
    expect(displayOwnerName('MUSK ELON')).toBe('Elon Musk');
    // An institution is not a person filed "Last First" (the Regents' Form 4 on Owl Rock Capital, 2020).
    expect(displayOwnerName('REGENTS OF THE UNIVERSITY OF CALIFORNIA')).toBe('REGENTS OF THE UNIVERSITY OF CALIFORNIA');
  });
});
