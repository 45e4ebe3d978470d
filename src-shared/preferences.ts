import { IMPORTANCE_LEVELS } from './importance';

/** Dashboard preferences of SPEC.md section 3, shared by server validation and the web app. */
export const VIEW_MODES = ['cards', 'table'] as const;
export const SORT_FIELDS = [
  'latest_filing',
  'alert_level',
  'unread',
  'ticker',
  'company',
  'industry',
  'price',
  'market_cap',
  'change_percent',
] as const;
export const SORT_DIRECTIONS = ['asc', 'desc'] as const;
/** 'system' follows the device's light or dark setting (prefers-color-scheme); the default (issue 28). */
export const THEMES = ['system', 'light', 'dark'] as const;
export const ALERT_LEVEL_FILTERS = ['All', ...IMPORTANCE_LEVELS] as const;
/** In the form-type filter: an empty list means all forms, this value means none. */
export const NO_FORMS_FILTER = '__NONE__';

export interface PreferenceFilters {
  sector?: string | null;
  industry?: string | null;
  alertLevel?: (typeof ALERT_LEVEL_FILTERS)[number];
  formTypes?: string[];
}

export interface Preferences {
  viewMode: (typeof VIEW_MODES)[number];
  sortField: (typeof SORT_FIELDS)[number];
  sortDirection: (typeof SORT_DIRECTIONS)[number];
  filters: PreferenceFilters;
  showAllFilings: boolean;
  /** A URL template with {TICKER}; null until the user picks a platform. */
  tradingPlatformUrl: string | null;
  theme: (typeof THEMES)[number];
}

export const DEFAULT_PREFERENCES: Preferences = {
  viewMode: 'cards',
  sortField: 'latest_filing',
  sortDirection: 'desc',
  filters: {},
  showAllFilings: false,
  tradingPlatformUrl: null,
  theme: 'system',
};
