import { ErrorBox } from '../../components/Notice';
import { errorMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { FilingCard } from './FilingCard';
import { hasFilters, NO_FILTERS, type TimelineFilters as Filters } from './ticker-page-rules';
import { TimelineFilters } from './TimelineFilters';
import { useFilingAnchor } from './use-filing-anchor';
import type { TickerPageData } from './ticker-types';

/** How many filings the filters select, when the facets can tell (one dimension filtered at most). */
function matchingCount(data: TickerPageData, filters: Filters): number | null {
  if (filters.forms.length > 0 && filters.importance.length > 0) return null;
  if (filters.forms.length > 0)
    return data.facets.forms.filter((f) => filters.forms.includes(f.form)).reduce((n, f) => n + f.count, 0);
  if (filters.importance.length > 0)
    return data.facets.importance.filter((i) => filters.importance.includes(i.level)).reduce((n, i) => n + i.count, 0);
  return data.facets.total;
}

/** Every stored filing, newest first, 50 at a time by cursor, with the form and importance filters. */
export function FilingsTimeline({
  ticker,
  data,
  filters,
  onFiltersChange,
}: {
  ticker: string;
  data: TickerPageData;
  filters: Filters;
  onFiltersChange: (next: Filters) => void;
}) {
  const unfiltered = !hasFilters(filters);
  const query = trpc.tickerPages.filings.useInfiniteQuery(
    { ticker, forms: filters.forms, importance: filters.importance, newSince: data.watchlist.previous_seen_at },
    {
      getNextPageParam: (last) => last.next_cursor,
      initialCursor: null,
      initialData: unfiltered ? { pages: [data.filings], pageParams: [null] } : undefined,
      staleTime: 60_000,
      placeholderData: (previous) => previous,
    },
  );
  const items = query.data?.pages.flatMap((p) => p.items) ?? [];
  useFilingAnchor({
    ids: items.map((f) => f.id),
    hasNextPage: query.hasNextPage,
    isFetching: query.isFetching,
    fetchNextPage: query.fetchNextPage,
  });
  const total = matchingCount(data, filters);
  const newCount = items.filter((f) => f.is_new).length;

  return (
    <section className="tp-timeline" id="analysis" aria-labelledby="timeline-title">
      <div className="tp-timeline__head">
        <h2 id="timeline-title">Filings and analysis</h2>
        <p className="muted" aria-live="polite">
          {total != null
            ? `${items.length.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} filings shown`
            : `${items.length.toLocaleString('en-US')} filings shown`}
          {data.watchlist.watching && newCount > 0 && ` · ${newCount} new since your last visit`}
        </p>
      </div>
      {data.facets.total > 0 && <TimelineFilters facets={data.facets} filters={filters} onChange={onFiltersChange} />}
      {query.isError && (
        <ErrorBox>{errorMessage(query.error, 'The filings could not be loaded. Please try again.')}</ErrorBox>
      )}
      {data.facets.total === 0 ? (
        <div className="tp-empty">
          <p>
            <strong>No filings stored for {ticker} yet.</strong>
          </p>
          <p className="muted">New filings appear here as EDGAR publishes them.</p>
        </div>
      ) : items.length === 0 && !query.isFetching ? (
        <div className="tp-empty">
          <p>No filings match these filters.</p>
          <button type="button" className="btn btn-secondary btn-sm" onClick={() => onFiltersChange(NO_FILTERS)}>
            Clear filters
          </button>
        </div>
      ) : (
        <div className="tp-filings" aria-busy={query.isFetching}>
          {items.map((filing) => (
            <FilingCard key={filing.id} filing={filing} aiAvailable={data.viewer.ai_available} />
          ))}
        </div>
      )}
      {query.hasNextPage && (
        <div className="tp-more">
          <button
            type="button"
            className="btn btn-secondary"
            onClick={() => void query.fetchNextPage()}
            disabled={query.isFetchingNextPage}
          >
            {query.isFetchingNextPage ? 'Loading…' : 'Load 50 more'}
          </button>
        </div>
      )}
    </section>
  );
}
