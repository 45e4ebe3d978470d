/**
 * "What happened" quotes an item's opening sentences; one too long to quote whole (over 600 characters) is cut where
 * a reader can stop: at a clause, or at a word that is not a title or an initial. Real tune filings of the set.
 */
import { describe, expect, it } from 'vitest';
import { repoDocument } from '../../test/edgar-fixtures';
import type { CurrentReportDetail } from './types';
import { parseFiling } from '.';

const quoteOf = (file: string, item: string) => {
  const parsed = parseFiling(repoDocument(`eval/importance/filings/8k/${file}`), {});
  return (parsed.detail as CurrentReportDetail).content?.find((c) => c.number === item)?.quote ?? null;
};

describe('a long opening sentence quoted', () => {
  it('stops at its last clause, not inside a parenthesis (Disney 2017, the 21CF merger agreement)', () => {
    const quote = quoteOf('8k_1001039_8K_2017_0000950157-17-001598.htm', '1.01')!;
    expect(quote.length).toBeLessThanOrEqual(598);
    // Was "... Merger Sub will merge with and into 21CF (the “Initial…".
    expect(quote.endsWith('Merger Sub will merge with and into 21CF…')).toBe(true);
  });

  it('does not end on an initial that reads as a full stop (Nuance 2016 vote table)', () => {
    const quote = quoteOf('8k_1002517_8K_2016_0001002517-16-000042.htm', '5.07')!;
    // Was "... 44,189,315 Mark R.…".
    expect(quote).toMatch(/44,189,315 Mark…$/);
  });
});
