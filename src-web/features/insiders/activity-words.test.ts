import { describe, expect, it } from 'vitest';
import { plural } from '../../lib/format';
import { clusterWords, netWords } from './activity-words';

describe('insider activity words', () => {
  it("states the net direction with shares and dollars (Musk's 2022-11-08 sale)", () => {
    expect(netWords(-4_400_000, -843_170_000)).toBe('Net sold 4,400,000 shares ($843.17M)');
    expect(netWords(2710, 7_046_878.2)).toBe('Net bought 2,710 shares ($7.05M)');
    expect(netWords(0, 0)).toBe('No net change');
  });

  it('names the insiders of a cluster and its days', () => {
    expect(
      clusterWords({
        direction: 'selling',
        from: '2019-05-02',
        to: '2019-08-26',
        insiders: ['Jeffrey E. Williams', 'Arthur D. Levinson', 'Timothy D. Cook'],
      }),
    ).toBe(
      '3 insiders sold between 2019-05-02 and 2019-08-26: Jeffrey E. Williams; Arthur D. Levinson; Timothy D. Cook',
    );
    expect(
      clusterWords({ direction: 'buying', from: '2024-03-01', to: '2024-03-01', insiders: ['A', 'B', 'C'] }),
    ).toMatch(/^3 insiders bought on 2024-03-01: /);
    expect(plural(1, 'trade')).toBe('1 trade');
    expect(plural(1200, 'trade')).toBe('1,200 trades');
  });
});
