import { Link } from 'react-router';
import { ImportanceBadge } from '../../components/ImportanceBadge';
import { ScrollFrame } from '../../components/ScrollFrame';
import { formatExactTime, formatPercent, formatRelativeTime } from '../../lib/format';
import { filedDayWords, filingForm, latestFilingFor } from './card-rules';
import { FilingSummary, filingDetailHref } from './FilingSummary';
import type { ItemActions } from './item-actions';
import type { CardDisplay } from './TickerCard';
import type { SortField, SortState } from './watchlist-sort';
import { insiderCells, marketCapCell, priceCell, type TableCell } from './table-cells';
import type { LastClose } from './use-last-closes';
import type { WatchlistFiling, WatchlistItem } from './watchlist-types';
import { NoFiledDate } from '../../components/NoFiledDate';

/** `className` marks a column the stylesheet may fold into another when the table is narrow. */
type Column = { label: string; field: SortField | null; num?: boolean; className?: string };
const COLUMNS: Column[] = [
  { label: 'Ticker', field: 'ticker' },
  { label: 'Time', field: 'latest_filing' },
  { label: 'Form', field: null },
  { label: 'Alert', field: 'alert_level' },
  { label: 'Price', field: 'price' },
  { label: 'MCap', field: 'market_cap' },
  { label: 'Summary', field: null },
  { label: 'Actions', field: null },
];
/** The Insider brand's table names the trade, as every insider-trading site does (issue 28). */
const INSIDER_COLUMNS: Column[] = [
  { label: 'Insider', field: null },
  { label: 'Role', field: null, className: 'col-role' },
  { label: 'Shares', field: null, num: true },
  { label: 'Value', field: null, num: true, className: 'col-value' },
];
const columnsFor = (insider: boolean): Column[] =>
  insider ? [...COLUMNS.slice(0, 4), ...INSIDER_COLUMNS, ...COLUMNS.slice(4)] : COLUMNS;

/** A value with the reason behind it (a last close, a dash), for sighted and screen-reader users alike. */
function NoteCell({ cell }: { cell: TableCell }) {
  return (
    <td className="num" title={cell.note ?? undefined}>
      {cell.text}
      {cell.note && <span className="visually-hidden"> ({cell.note})</span>}
    </td>
  );
}

function InsiderTds({ filing }: { filing: WatchlistFiling | null }) {
  const cells = insiderCells(filing);
  if (!cells)
    return (
      <>
        <td>—</td>
        <td className="col-role">—</td>
        <td className="num">—</td>
        <td className="num col-value">—</td>
      </>
    );
  return (
    <>
      <td>
        {cells.href ? <Link to={cells.href}>{cells.insider}</Link> : cells.insider}
        {/* This and the value below stand in for the Role and Value columns in a narrow table (styles.css). */}
        <span className="insider-role">{cells.role}</span>
      </td>
      <td className="col-role">{cells.role}</td>
      <td className="num">
        {cells.shares}
        <span className="insider-value">{cells.value}</span>
      </td>
      <td className="num col-value">{cells.value}</td>
    </>
  );
}

/** The table view; clicking a sortable header switches the field and flips the direction. */
export function WatchlistTable({
  items,
  display,
  actions,
  sort,
  onHeaderClick,
  flashTickers,
  lastCloses,
}: {
  items: WatchlistItem[];
  display: CardDisplay;
  actions: ItemActions;
  sort: SortState;
  onHeaderClick: (field: SortField) => void;
  flashTickers: ReadonlySet<string>;
  /** The last stored close of tickers without a quote, as the cards show it. */
  lastCloses?: ReadonlyMap<string, LastClose>;
}) {
  const insider = display.primaryForm === '4';
  return (
    <ScrollFrame className="table-wrap table-wrap--watchlist">
      <table className={`watchlist-table${insider ? ' watchlist-table--insider' : ''}`}>
        <caption className="visually-hidden">
          Watchlist, sorted by {sort.field.replace('_', ' ')} {sort.direction === 'asc' ? 'ascending' : 'descending'}
        </caption>
        <thead>
          <tr>
            {columnsFor(insider).map((column) => {
              const active = column.field === sort.field;
              return (
                <th
                  key={column.label}
                  scope="col"
                  className={[column.num && 'num', column.className].filter(Boolean).join(' ') || undefined}
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
            const lastClose = lastCloses?.get(item.ticker.toUpperCase());
            const price = priceCell(item, lastClose);
            return (
              <tr
                key={item.ticker}
                data-ticker={item.ticker}
                className={flashTickers.has(item.ticker) ? 'row--flash' : undefined}
              >
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
                  {filing?.filed_date_unknown ? (
                    <NoFiledDate />
                  ) : filing?.filed_at ? (
                    <time dateTime={filing.filed_at} title={formatExactTime(filing.filed_at)}>
                      {display.recorded ? (
                        // Two lines in a narrow table, never three: neither half breaks inside itself.
                        <>
                          <span className="nowrap">Recorded, filed</span>{' '}
                          <span className="nowrap">{filedDayWords(filing.filed_at)}</span>
                        </>
                      ) : (
                        formatRelativeTime(filing.filed_at)
                      )}
                    </time>
                  ) : (
                    '—'
                  )}
                </td>
                <td>{filing ? <span className="form-tag">{filingForm(filing)}</span> : '—'}</td>
                <td>{filing ? <ImportanceBadge level={filing.importance} /> : '—'}</td>
                {insider && <InsiderTds filing={filing} />}
                <td className="num" title={price.note ?? undefined}>
                  {price.text}
                  {price.note && <span className="visually-hidden"> ({price.note})</span>}
                  {lastClose && item.current_price == null && (
                    <span className="cell-note" aria-hidden="true">
                      close
                    </span>
                  )}
                  {item.change_percent != null && (
                    <span
                      className={`change ${item.change_percent > 0 ? 'change--up' : item.change_percent < 0 ? 'change--down' : ''}`}
                    >
                      {' '}
                      {formatPercent(item.change_percent, { signed: true })}
                    </span>
                  )}
                </td>
                <NoteCell cell={marketCapCell(item, lastClose)} />
                <td className="summary-cell">
                  {filing ? (
                    <FilingSummary filing={filing} detailHref={filingDetailHref(item.ticker, filing)} clipped />
                  ) : (
                    <span className="muted">{latest.kind === 'empty' ? latest.message : ''}</span>
                  )}
                </td>
                <td>
                  <div className="row-actions">
                    <Link
                      className="btn btn-xs btn-secondary"
                      to={`/ticker/${encodeURIComponent(item.ticker)}`}
                      aria-label={`Details for ${item.ticker}`}
                    >
                      Details
                    </Link>
                    <button
                      type="button"
                      className="btn btn-xs btn-secondary"
                      onClick={() => actions.onTrade(item.ticker)}
                      aria-label={`Trade ${item.ticker}`}
                    >
                      Trade
                    </button>
                    <button
                      type="button"
                      className="btn btn-xs btn-ghost-danger"
                      onClick={() => actions.onRemove(item.ticker)}
                      aria-label={`Remove ${item.ticker}`}
                    >
                      Remove
                    </button>
                  </div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </ScrollFrame>
  );
}
