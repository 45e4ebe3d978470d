import { compareFormsForFilter } from '#shared/forms';
import { IMPORTANCE_RANK, isImportance } from '#shared/importance';
import { ALERT_LEVEL_FILTERS, NO_FORMS_FILTER } from '#shared/preferences';
import type { WatchlistItem } from './watchlist-types';

/** '__NONE__' in the form-type filter means "none selected"; an empty list means "all". */
export const NO_FORMS = NO_FORMS_FILTER;

export type AlertLevelFilter = (typeof ALERT_LEVEL_FILTERS)[number];
export const ALERT_LEVEL_OPTIONS: readonly AlertLevelFilter[] = ALERT_LEVEL_FILTERS;

export interface WatchlistFilters {
  search: string;
  alertLevel: AlertLevelFilter;
  formTypes: string[];
  industry: string;
  sector: string;
}

export const EMPTY_FILTERS: WatchlistFilters = {
  search: '',
  alertLevel: 'All',
  formTypes: [],
  industry: '',
  sector: '',
};

/** The forms an item follows, from its comma-separated `forms`. */
export function itemForms(item: Pick<WatchlistItem, 'forms'>): string[] {
  return (item.forms ?? '')
    .split(',')
    .map((f) => f.trim())
    .filter(Boolean);
}

/** Filter options: every form the watchlist follows, in the spec's order (4, 8, 8-K, 10-Q, 10-K, A-Z). */
export function formFilterOptions(items: readonly WatchlistItem[]): string[] {
  return [...new Set(items.flatMap(itemForms))].sort(compareFormsForFilter);
}

export function isFormSelected(selected: readonly string[], form: string): boolean {
  if (selected.length === 0) return true;
  return selected.includes(form);
}

/**
 * Toggling one form: from "all" (empty list) it deselects that one; from "none" it selects only
 * that one; deselecting the last selected form gives "none"; selecting every option gives "all".
 */
export function toggleFormFilter(selected: readonly string[], form: string, options: readonly string[]): string[] {
  let next: string[];
  if (selected.length === 0) next = options.filter((f) => f !== form);
  else if (selected.includes(NO_FORMS)) next = [form];
  else if (selected.includes(form)) next = selected.filter((f) => f !== form);
  else next = [...selected, form];
  if (next.length === 0) return [NO_FORMS];
  if (options.length > 0 && options.every((f) => next.includes(f))) return [];
  return next.sort(compareFormsForFilter);
}

export const selectAllForms = (): string[] => [];
export const unselectAllForms = (): string[] => [NO_FORMS];

export function hasActiveFilters(filters: WatchlistFilters): boolean {
  return (
    filters.search.trim() !== '' ||
    filters.alertLevel !== 'All' ||
    filters.formTypes.length > 0 ||
    filters.industry !== '' ||
    filters.sector !== ''
  );
}

function matchesSearch(item: WatchlistItem, search: string): boolean {
  const needle = search.trim().toLowerCase();
  if (!needle) return true;
  return item.ticker.toLowerCase().includes(needle) || (item.company_name ?? '').toLowerCase().includes(needle);
}

export function applyFilters(items: readonly WatchlistItem[], filters: WatchlistFilters): WatchlistItem[] {
  const forms = filters.formTypes;
  return items.filter((item) => {
    if (!matchesSearch(item, filters.search)) return false;
    if (filters.alertLevel !== 'All' && item.highest_importance !== filters.alertLevel) return false;
    if (filters.industry && item.industry !== filters.industry) return false;
    if (filters.sector && item.sector !== filters.sector) return false;
    if (forms.includes(NO_FORMS)) return false;
    if (forms.length > 0 && !itemForms(item).some((f) => forms.includes(f))) return false;
    return true;
  });
}

/** Distinct non-empty values of a text field, A-Z (industry and sector filters). */
export function distinctValues(items: readonly WatchlistItem[], field: 'industry' | 'sector'): string[] {
  return [...new Set(items.map((i) => i[field]).filter((v): v is string => Boolean(v)))].sort((a, b) =>
    a.localeCompare(b),
  );
}

export function importanceRank(value: unknown): number {
  return isImportance(value) ? IMPORTANCE_RANK[value] : 0;
}
