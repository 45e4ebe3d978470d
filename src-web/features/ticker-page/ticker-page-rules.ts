/** Pure rules of the ticker page: filters in the URL, quote-line badges, chart marker grouping. */
import { FORM_VALUES } from '#shared/forms';
import { IMPORTANCE_LEVELS, IMPORTANCE_RANK, isImportance, type Importance } from '#shared/importance';
import { formDisplayName, volumeBadge, week52Badge } from '../watchlist/card-rules';
import type { QuoteLine, TickerChart } from './ticker-types';

export interface TimelineFilters {
  forms: string[];
  importance: Importance[];
}

export const NO_FILTERS: TimelineFilters = { forms: [], importance: [] };

const FORM_OPTIONS: readonly string[] = [...FORM_VALUES, 'OTHER'];

/** ?form=8-K,4&importance=HIGH,CRITICAL (unknown values are dropped, order is canonical). */
export function filtersFromParams(params: URLSearchParams): TimelineFilters {
  const list = (key: string) =>
    (params.get(key) ?? '')
      .split(',')
      .map((v) => v.trim())
      .filter(Boolean);
  const forms = FORM_OPTIONS.filter((f) => list('form').some((v) => v.toUpperCase() === f.toUpperCase()));
  const importance = IMPORTANCE_LEVELS.filter((l) => list('importance').some((v) => v.toUpperCase() === l));
  return { forms, importance };
}

export function filtersToParams(filters: TimelineFilters, base: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(base);
  for (const [key, values] of [
    ['form', filters.forms],
    ['importance', filters.importance],
  ] as const) {
    if (values.length > 0) next.set(key, values.join(','));
    else next.delete(key);
  }
  return next;
}

export function toggle<T>(list: readonly T[], value: T): T[] {
  return list.includes(value) ? list.filter((v) => v !== value) : [...list, value];
}

export const hasFilters = (filters: TimelineFilters) => filters.forms.length > 0 || filters.importance.length > 0;

/** Catalogue forms read as the dashboard shows them: 'Form 4', '8-K', 'Other forms'. */
export function formLabel(form: string): string {
  return form === 'OTHER' ? 'Other forms' : formDisplayName(form);
}

/** 'CRITICAL' -> 'Critical', for filter chips and the chart legend. */
export function importanceLabel(level: Importance): string {
  return level.charAt(0) + level.slice(1).toLowerCase();
}

/** The dashboard card's badges, from the quote line's fields. */
export function quoteBadges(quote: QuoteLine) {
  return { week52: week52Badge(quote), volume: volumeBadge(quote) };
}

export const ADJUSTMENT_WORDS: Record<string, string> = {
  split: 'split-adjusted closes',
  'split+dividend': 'split- and dividend-adjusted closes',
  none: 'closes as traded (unadjusted)',
};

export type ChartMarker = TickerChart['markers'][number];

export interface DayMarker {
  day: string;
  /** The most important filing of the day decides the colour. */
  importance: Importance;
  filings: ChartMarker[];
}

/** One marker per trading day, its filings most important first. */
export function groupMarkers(markers: readonly ChartMarker[]): DayMarker[] {
  const byDay = new Map<string, ChartMarker[]>();
  for (const marker of markers) byDay.set(marker.day, [...(byDay.get(marker.day) ?? []), marker]);
  const rank = (m: ChartMarker) => (isImportance(m.importance) ? IMPORTANCE_RANK[m.importance] : 0);
  return [...byDay]
    .map(([day, filings]) => {
      const sorted = [...filings].sort((a, b) => rank(b) - rank(a) || b.filed_at.localeCompare(a.filed_at));
      const top = sorted[0]!.importance;
      return { day, importance: isImportance(top) ? top : 'LOW', filings: sorted };
    })
    .sort((a, b) => a.day.localeCompare(b.day));
}
