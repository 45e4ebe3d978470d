import { COPY } from '#shared/copy';
import { FormTypeFilter } from './FormTypeFilter';
import { ALERT_LEVEL_OPTIONS, type AlertLevelFilter, type WatchlistFilters } from './watchlist-filters';
import { flipDirection, SORT_OPTIONS, isSortField, type SortState } from './watchlist-sort';

export type ViewMode = 'cards' | 'table';

/** Search, Table/Cards, alert level, filing types, industry, sort, direction, Clear All. */
export function WatchlistControls({
  filters,
  onFiltersChange,
  sort,
  onSortChange,
  view,
  onViewChange,
  formOptions,
  industries,
  onClearAll,
}: {
  filters: WatchlistFilters;
  onFiltersChange: (filters: WatchlistFilters) => void;
  sort: SortState;
  onSortChange: (sort: SortState) => void;
  view: ViewMode;
  onViewChange: (view: ViewMode) => void;
  formOptions: string[];
  industries: string[];
  onClearAll: () => void;
}) {
  const set = (patch: Partial<WatchlistFilters>) => onFiltersChange({ ...filters, ...patch });
  return (
    <search className="wl-controls" aria-label="Filter the watchlist">
      <div className="wl-controls__row">
        <label className="search-field">
          <span className="visually-hidden">Search ticker or company name</span>
          <input
            type="search"
            className="input"
            placeholder="Search ticker or company"
            value={filters.search}
            onChange={(event) => set({ search: event.target.value })}
          />
        </label>
        <fieldset className="bare-fieldset segmented" aria-label="View">
          {(['cards', 'table'] as const).map((mode) => (
            <button
              key={mode}
              type="button"
              aria-pressed={view === mode}
              className={view === mode ? 'is-active' : ''}
              onClick={() => onViewChange(mode)}
            >
              {mode === 'cards' ? 'Cards' : 'Table'}
            </button>
          ))}
        </fieldset>
      </div>
      <div className="wl-controls__row wl-controls__filters">
        <label className="select-field">
          <span>Alert level</span>
          <select
            className="input"
            value={filters.alertLevel}
            onChange={(event) => set({ alertLevel: event.target.value as AlertLevelFilter })}
          >
            {ALERT_LEVEL_OPTIONS.map((level) => (
              <option key={level} value={level}>
                {level}
              </option>
            ))}
          </select>
        </label>
        <FormTypeFilter
          options={formOptions}
          selected={filters.formTypes}
          onChange={(formTypes) => set({ formTypes })}
        />
        {industries.length > 0 && (
          <label className="select-field">
            <span>Industry</span>
            <select
              className="input"
              value={filters.industry}
              onChange={(event) => set({ industry: event.target.value })}
            >
              <option value="">All industries</option>
              {industries.map((industry) => (
                <option key={industry} value={industry}>
                  {industry}
                </option>
              ))}
            </select>
          </label>
        )}
        <label className="select-field">
          <span>Sort by</span>
          <select
            className="input"
            value={sort.field}
            onChange={(event) =>
              isSortField(event.target.value) && onSortChange({ ...sort, field: event.target.value })
            }
          >
            {SORT_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </label>
        <button
          type="button"
          className="icon-btn direction-btn"
          aria-label={
            sort.direction === 'asc' ? 'Ascending — switch to descending' : 'Descending — switch to ascending'
          }
          title={sort.direction === 'asc' ? 'Ascending' : 'Descending'}
          onClick={() => onSortChange({ ...sort, direction: flipDirection(sort.direction) })}
        >
          <span aria-hidden="true">{sort.direction === 'asc' ? '↑' : '↓'}</span>
        </button>
        <button type="button" className="btn btn-ghost btn-sm" onClick={onClearAll}>
          {COPY.clearAll}
        </button>
      </div>
    </search>
  );
}
