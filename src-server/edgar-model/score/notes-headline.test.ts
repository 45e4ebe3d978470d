/**
 * A debt offering's headline says how much of which notes were sold (issue #25, class 3). Quotes from real tune-set
 * 8-Ks (eval/importance/filings/8k, SOURCES.md), as the parser quotes them.
 */
import { describe, expect, it } from 'vitest';
import { eval8kCard } from '../../test/eval-card';
import { notesHeadline } from './notes-headline';

// Disney's Terms Agreement of July 7, 2016: three series.
const DISNEY_2016 =
  'On July 7, 2016, The Walt Disney Company (the "Company") entered into a Terms Agreement with Merrill Lynch, Pierce, Fenner & Smith Incorporated and Morgan Stanley & Co. LLC, as representatives of the underwriters named therein, with respect to the offer and sale of $500,000,000 aggregate principal amount of its 0.875% Notes Due 2019 (the "2019 Notes"), $1,000,000,000 aggregate principal amount of its 1.850% Notes Due 2026 (the "2026 Notes") and $500,000,000 aggregate principal amount of its 3.000% Notes Due 2046 (the "2046 Notes" and, together with the 2019 Notes and the 2026 Notes, the "Notes").';

describe('notesHeadline', () => {
  it('sums the series the sentence sells, not the underwriters it names first', () => {
    expect(notesHeadline(DISNEY_2016)).toBe('Sale of $2.00B of notes in 3 series');
  });

  it('names a single series, in the currency it is sold in', () => {
    const one = DISNEY_2016.replace(/, \$1,000,000,000 aggregate[^)]+\) and \$500,000,000 aggregate[^)]+\)/, '');
    expect(one).not.toContain('2026 Notes")');
    expect(notesHeadline(one)).toBe('Sale of $500.0M of 0.875% Notes Due 2019');
    expect(notesHeadline(one.replace('$500,000,000', '€500,000,000'))).toBe('Sale of €500.0M of 0.875% Notes Due 2019');
  });

  it('is null when the first sentence sells no notes', () => {
    expect(
      notesHeadline(
        'The Registrant entered into a new $2.25 billion Five-Year Credit Agreement with a syndicate of lenders to replace its existing facility.',
      ),
    ).toBeNull();
    expect(notesHeadline(null)).toBeNull();
  });

  it('reaches the card (Disney, June 2017: three series)', () => {
    const card = eval8kCard('8k_1001039_8K_2017_0001104659-17-037444.htm', {
      cik: 1001039,
      companyName: 'WALT DISNEY CO/',
    });
    expect(card.oneLiner).toBe('The Walt Disney Company: Sale of $2.00B of notes in 3 series');
    expect(card.importance).toBe('LOW');
  });
});
