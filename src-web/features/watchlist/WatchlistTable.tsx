import { Link } from 'react-router';
import { ImportanceBadge } from '../../components/ImportanceBadge';
import { formatExactTime, formatMarketCap, formatPercent, formatPrice, formatRelativeTime } from '../../lib/format';
import { filedDayWords, filingForm, latestFilingFor } from './card-rules';
import { FilingSummary } from './FilingSummary';
import type { ItemActions } from './item-actions';
import type { CardDisplay } from './TickerCard';
import type { SortField, SortState } from './watchlist-sort';
import type { WatchlistItem } from './watchlist-types';

const COLUMNS: { label: string; field: SortField | null }[] = [
  { label: 'Ticker', field: 'ticker' },
  { label: 'Time', field: 'latest_filing' },
  { label: 'Form', field: null },
  { label: 'Alert', field: 'alert_level' },
  { label: 'Price', field: 'price' },
  { label: 'MCap', field: 'market_cap' },
  { label: 'Summary', field: null },
  { label: 'Actions', field: null },
];

/** The table view; clicking a sortable header switches the field and flips the direction. */
export function WatchlistTable({
  items,
  display,
  actions,
  sort,
  onHeaderClick,
  flashTickers,
}: {
  items: WatchlistItem[];
  display: CardDisplay;
  actions: ItemActions;
  sort: SortState;
  onHeaderClick: (field: SortField) => void;
  flashTickers: ReadonlySet<string>;
}) {
  return (
    <div className="table-wrap">
      <table className="watchlist-table">
        <caption className="visually-hidden">Watchlist, sorted by {sort.field.replace('_', ' ')} {sort.direction === 'asc' ? 'ascending' : 'descending'}</caption>
        <thead>
          <tr>
            {COLUMNS.map((column) => {
              const active = column.field === sort.field;
              return (
                <th
                  key={column.label}
                  scope="col"
                  aria-sort={active ? (sort.direction === 'asc' ? 'ascending' : 'descending') : undefined}
                >
                  {column.field ? (
                    <button type="button" className="th-sort" onClick={() => onHeaderClick(column.field!)}>
                      {column.label}
                      <span aria-hidden="true" className="th-sort__arrow">
                        {active ? (sort.direction === 'asc' ? '▲' : '▼') : '↕'}
                      </span>
                    </button>
                  ) : (
                    column.label
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {items.map((item) => {
            const latest = latestFilingFor(item, display);
            const filing = latest.kind === 'filing' ? latest.filing : null;
            const unseen = item.unseen_filings_count ?? 0;
            return (
              <tr key={item.ticker} data-ticker={item.ticker} className={flashTickers.has(item.ticker) ? 'row--flash' : undefined}>
                <th scope="row">
                  <Link to={`/ticker/${encodeURIComponent(item.ticker)}`} className="table-ticker">
                    {item.ticker}
                  </Link>
                  {unseen > 0 && (
                    <ImportanceBadge level={item.highest_importance}>
                      <span data-testid="unseen-badge">{unseen} new</span>
                    </ImportanceBadge>
                  )}
                </th>
                <td>
                  {filing?.filed_at ? (
                    <time dateTime={filing.filed_at} title={formatExactTime(filing.filed_at)}>
                      {display.recorded ? `Recorded, filed ${filedDayWords(filing.filed_at)}` : formatRelativeTime(filing.filed_at)}
                    </time>
                  ) : (
                    '—'
                  )}
                </td>
                <td>{filing ? <span className="form-tag">{filingForm(filing)}</span> : '—'}</td>
                <td>{filing ? <ImportanceBadge level={filing.importance} /> : '—'}</td>
                <td className="num">
                  {formatPrice(item.current_price)}
                  {item.change_percent != null && (
                    <span className={`change ${item.change_percent > 0 ? 'change--up' : item.change_percent < 0 ? 'change--down' : ''}`}>
                      {' '}
                      {formatPercent(item.change_percent, { signed: true })}
                    </span>
                  )}
                </td>
                <td className="num">{formatMarketCap(item.market_cap)}</td>
                <td className="summary-cell">{filing ? <FilingSummary filing={filing} /> : <span className="muted">{latest.kind === 'empty' ? latest.message : ''}</span>}</td>
                <td>
                  <div className="row-actions">
                    <Link className="btn btn-xs btn-secondary" to={`/ticker/${encodeURIComponent(item.ticker)}`} aria-label={`Details for ${item.ticker}`}>
                      Details
                    </Link>
                    <button type="button" className="btn btn-xs btn-secondary" onClick={() => actions.onTrade(item.ticker)} aria-label={`Trade ${item.ticker}`}>
                      Trade
                    </button>
                    <button type="button" className="btn btn-xs btn-ghost-danger" onClick={() => actions.onRemove(item.ticker)} aria-label={`Remove ${item.ticker}`}>
                      Remove
                    </button>
                  </div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
