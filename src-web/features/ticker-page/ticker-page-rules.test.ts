import { describe, expect, it } from 'vitest';
import {
  filtersFromParams,
  filtersToParams,
  formLabel,
  groupMarkers,
  hasFilters,
  quoteBadges,
  toggle,
  type ChartMarker,
} from './ticker-page-rules';

describe('timeline filters in the URL', () => {
  it('reads known forms and levels case-insensitively, in catalogue order, dropping the rest', () => {
    const params = new URLSearchParams('form=10-q,8-K,bogus,other&importance=high,CRITICAL,urgent');
    expect(filtersFromParams(params)).toEqual({ forms: ['8-K', '10-Q', 'OTHER'], importance: ['CRITICAL', 'HIGH'] });
    expect(filtersFromParams(new URLSearchParams(''))).toEqual({ forms: [], importance: [] });
  });

  it('writes them back next to other parameters and removes empty ones', () => {
    const base = new URLSearchParams('brand=form4&form=4');
    expect(filtersToParams({ forms: ['4', '8-K'], importance: ['LOW'] }, base).toString()).toBe(
      'brand=form4&form=4%2C8-K&importance=LOW',
    );
    expect(filtersToParams({ forms: [], importance: [] }, base).toString()).toBe('brand=form4');
  });

  it('toggles values and knows when anything is filtered', () => {
    expect(toggle(['4'], '8-K')).toEqual(['4', '8-K']);
    expect(toggle(['4', '8-K'], '4')).toEqual(['8-K']);
    expect(hasFilters({ forms: [], importance: [] })).toBe(false);
    expect(hasFilters({ forms: [], importance: ['HIGH'] })).toBe(true);
  });

  it('labels numbered forms as the dashboard does', () => {
    expect([formLabel('4'), formLabel('8-K'), formLabel('OTHER'), formLabel('DEF 14A')]).toEqual([
      'Form 4',
      '8-K',
      'Other forms',
      'DEF 14A',
    ]);
  });
});

describe('chart markers', () => {
  const marker = (id: number, day: string, importance: string, filedAt = `${day}T20:00:00.000Z`): ChartMarker => ({
    id,
    day,
    importance,
    filed_at: filedAt,
    filed_date_unknown: false,
    form: '4',
    one_liner: `filing ${id}`,
  });

  it('puts one marker on each day, coloured by its most important filing, days in order', () => {
    const days = groupMarkers([
      marker(1, '2022-11-11', 'LOW'),
      marker(2, '2020-02-14', 'MEDIUM'),
      marker(3, '2022-11-11', 'HIGH'),
      marker(4, '2022-11-11', 'HIGH', '2022-11-09T01:00:00.000Z'),
    ]);
    expect(days.map((d) => [d.day, d.importance, d.filings.map((f) => f.id)])).toEqual([
      ['2020-02-14', 'MEDIUM', [2]],
      ['2022-11-11', 'HIGH', [3, 4, 1]],
    ]);
  });
});

describe('quote line badges', () => {
  it('uses the dashboard card rules on the quote line fields', () => {
    const quote = {
      kind: 'history' as const,
      as_of: '2024-03-08',
      current_price: 195,
      change_percent: 1,
      market_cap: null,
      pe_ratio: null,
      eps: null,
      dividend_yield: null,
      volume: 200,
      avg_volume: 100,
      week_52_low: 100,
      week_52_high: 200,
    };
    expect(quoteBadges(quote)).toMatchObject({
      week52: { label: 'Near High' },
      volume: { label: '2.0x avg volume', kind: 'surge' },
    });
    expect(quoteBadges({ ...quote, current_price: 150, volume: 100 })).toEqual({ week52: null, volume: null });
  });
});
