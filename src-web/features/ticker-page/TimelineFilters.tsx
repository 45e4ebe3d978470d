import { IMPORTANCE_LEVELS } from '#shared/importance';
import {
  formLabel,
  hasFilters,
  importanceLabel,
  NO_FILTERS,
  toggle,
  type TimelineFilters as Filters,
} from './ticker-page-rules';
import type { Facets } from './ticker-types';

/** Form and importance chips with counts; an empty selection means every form or level. */
export function TimelineFilters({
  facets,
  filters,
  onChange,
}: {
  facets: Facets;
  filters: Filters;
  onChange: (next: Filters) => void;
}) {
  const levelCount = new Map(facets.importance.map((i) => [i.level, i.count]));
  return (
    <div className="tp-filters">
      <fieldset className="tp-filters__group">
        <legend>Form</legend>
        {facets.forms.map(({ form, count }) => (
          <button
            key={form}
            type="button"
            className="tp-chip"
            aria-pressed={filters.forms.includes(form)}
            onClick={() => onChange({ ...filters, forms: toggle(filters.forms, form) })}
          >
            {formLabel(form)} <span className="tp-chip__count">{count.toLocaleString('en-US')}</span>
          </button>
        ))}
      </fieldset>
      <fieldset className="tp-filters__group">
        <legend>Importance</legend>
        {IMPORTANCE_LEVELS.filter((level) => levelCount.has(level)).map((level) => (
          <button
            key={level}
            type="button"
            className={`tp-chip tp-chip--${level.toLowerCase()}`}
            aria-pressed={filters.importance.includes(level)}
            onClick={() => onChange({ ...filters, importance: toggle(filters.importance, level) })}
          >
            {importanceLabel(level)}{' '}
            <span className="tp-chip__count">{levelCount.get(level)!.toLocaleString('en-US')}</span>
          </button>
        ))}
      </fieldset>
      {hasFilters(filters) && (
        <button type="button" className="link-btn tp-filters__clear" onClick={() => onChange(NO_FILTERS)}>
          Clear filters
        </button>
      )}
    </div>
  );
}
