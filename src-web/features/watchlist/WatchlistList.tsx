import { COPY } from '#shared/copy';
import { quickAddCandidate } from '#shared/ticker-entry';
import { LimitBanner, TickerCounter } from './LimitBanner';
import { TickerCard, type CardDisplay } from './TickerCard';
import type { ItemActions } from './item-actions';
import type { LastClose } from './use-last-closes';
import { WatchlistControls, type ViewMode } from './WatchlistControls';
import {
  applyFilters,
  distinctValues,
  EMPTY_FILTERS,
  formFilterOptions,
  hasActiveFilters,
  type WatchlistFilters,
} from './watchlist-filters';
import { headerSort, sortItems, type SortState } from './watchlist-sort';
import { WatchlistTable } from './WatchlistTable';
import type { WatchlistItem } from './watchlist-types';

export interface ListPrefs {
  view: ViewMode;
  sort: SortState;
  filters: WatchlistFilters;
}

/** Controls, the cards grid or table, the three empty states and the limit banner. */
export function WatchlistList({
  items,
  prefs,
  onPrefsChange,
  display,
  actions,
  limit,
  onQuickAdd,
  flashTickers = new Set<string>(),
  lastCloses,
}: {
  items: WatchlistItem[];
  prefs: ListPrefs;
  onPrefsChange: (prefs: ListPrefs) => void;
  display: CardDisplay;
  actions: ItemActions;
  limit: number;
  onQuickAdd?: (ticker: string) => void;
  flashTickers?: ReadonlySet<string>;
  /** Cards without a quote show the last stored close instead. */
  lastCloses?: ReadonlyMap<string, LastClose>;
}) {
  const visible = sortItems(applyFilters(items, prefs.filters), prefs.sort);
  const filtered = hasActiveFilters(prefs.filters);
  const quickAdd = quickAddCandidate(prefs.filters.search);
  const canQuickAdd = Boolean(onQuickAdd && quickAdd && !items.some((i) => i.ticker.toUpperCase() === quickAdd));
  const clearFilters = () => onPrefsChange({ ...prefs, filters: EMPTY_FILTERS });

  return (
    <section className="watchlist" aria-labelledby="watchlist-title">
      <div className="watchlist__head">
        <h2 id="watchlist-title">Your watchlist</h2>
        <TickerCounter count={items.length} limit={limit} />
      </div>
      <WatchlistControls
        filters={prefs.filters}
        onFiltersChange={(filters) => onPrefsChange({ ...prefs, filters })}
        sort={prefs.sort}
        onSortChange={(sort) => onPrefsChange({ ...prefs, sort })}
        view={prefs.view}
        onViewChange={(view) => onPrefsChange({ ...prefs, view })}
        formOptions={formFilterOptions(items)}
        industries={distinctValues(items, 'industry')}
        onClearAll={clearFilters}
      />
      {filtered && items.length > 0 && (
        <p className="showing" aria-live="polite">
          {COPY.showingXofY(visible.length, items.length)}
        </p>
      )}
      {items.length === 0 ? (
        <div className="empty-state">
          <p className="empty-state__title">{COPY.emptyWatchlistTitle}</p>
          <p>{COPY.emptyWatchlistText}</p>
        </div>
      ) : visible.length === 0 ? (
        <div className="empty-state">
          <p className="empty-state__title">{COPY.noFilterMatches}</p>
          {canQuickAdd && quickAdd && (
            <div className="quick-add">
              <p>{COPY.notInWatchlist(quickAdd)}</p>
              <button type="button" className="btn btn-primary" onClick={() => onQuickAdd?.(quickAdd)}>
                {COPY.addToWatchlist(quickAdd)}
              </button>
            </div>
          )}
          <button type="button" className="link-btn" onClick={clearFilters}>
            Clear filters
          </button>
        </div>
      ) : prefs.view === 'table' ? (
        <WatchlistTable
          items={visible}
          display={display}
          actions={actions}
          sort={prefs.sort}
          onHeaderClick={(field) => onPrefsChange({ ...prefs, sort: headerSort(prefs.sort, field) })}
          flashTickers={flashTickers}
          lastCloses={lastCloses}
        />
      ) : (
        <div className="cards-grid">
          {visible.map((item) => (
            <TickerCard
              key={item.ticker}
              item={item}
              display={display}
              actions={actions}
              flash={flashTickers.has(item.ticker)}
              lastClose={lastCloses?.get(item.ticker.toUpperCase())}
            />
          ))}
        </div>
      )}
      <LimitBanner count={items.length} limit={limit} pro={display.pro} />
    </section>
  );
}
