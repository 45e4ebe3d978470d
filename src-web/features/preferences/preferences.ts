import type { inferRouterInputs } from '@trpc/server';
import { isFormType } from '#shared/forms';
import { DEFAULT_PREFERENCES, NO_FORMS_FILTER, type Preferences } from '#shared/preferences';
import type { AppRouter } from '#server/transport/trpc/app-router';
import {
  ALERT_LEVEL_OPTIONS,
  EMPTY_FILTERS,
  type AlertLevelFilter,
  type WatchlistFilters,
} from '../watchlist/watchlist-filters';
import { DEFAULT_SORT, type SortState } from '../watchlist/watchlist-sort';
import type { ListPrefs } from '../watchlist/WatchlistList';

export { DEFAULT_PREFERENCES, type Preferences };
export type PreferencesPatch = inferRouterInputs<AppRouter>['watchlist']['updatePreferences'];
type FormFilterValue = NonNullable<NonNullable<PreferencesPatch['filters']>['formTypes']>[number];

const isFormFilterValue = (value: string): value is FormFilterValue => isFormType(value) || value === NO_FORMS_FILTER;

/** Stored preferences to the list's state (the search box is not persisted); unknown values fall back to defaults. */
export function listPrefsFrom(prefs: Preferences, search: string): ListPrefs {
  const alert = prefs.filters.alertLevel;
  const sort: SortState = {
    field: prefs.sortField ?? DEFAULT_SORT.field,
    direction: prefs.sortDirection === 'asc' ? 'asc' : 'desc',
  };
  const filters: WatchlistFilters = {
    ...EMPTY_FILTERS,
    search,
    alertLevel: ALERT_LEVEL_OPTIONS.includes(alert as AlertLevelFilter) ? (alert as AlertLevelFilter) : 'All',
    formTypes: Array.isArray(prefs.filters.formTypes) ? prefs.filters.formTypes : [],
    industry: prefs.filters.industry ?? '',
    sector: prefs.filters.sector ?? '',
  };
  return { view: prefs.viewMode === 'table' ? 'table' : 'cards', sort, filters };
}

export function preferencesPatch(list: ListPrefs): PreferencesPatch {
  const { filters } = list;
  return {
    viewMode: list.view,
    sortField: list.sort.field,
    sortDirection: list.sort.direction,
    filters: {
      alertLevel: filters.alertLevel,
      formTypes: filters.formTypes.filter(isFormFilterValue),
      industry: filters.industry || null,
      sector: filters.sector || null,
    },
  };
}
