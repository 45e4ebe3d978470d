import { Link } from 'react-router';
import { ImportanceBadge, importanceColour } from '../../components/ImportanceBadge';
import {
  formatDay,
  formatExactTime,
  formatMarketCap,
  formatNumber,
  formatPercent,
  formatPrice,
  formatRelativeTime,
} from '../../lib/format';
import { filedDayWords, filingForm, latestFilingFor, volumeBadge, week52Badge } from './card-rules';
import { FilingSummary, filingDetailHref } from './FilingSummary';
import { secLinkFor, type ItemActions } from './item-actions';
import type { LastClose } from './use-last-closes';
import type { WatchlistItem } from './watchlist-types';
import { NoFiledDate } from '../../components/NoFiledDate';

export interface CardDisplay {
  primaryForm: string | null;
  pro: boolean;
  showAll: boolean;
  /** The app runs on the replay of recorded filings: dates are shown as dates, marked recorded. */
  recorded?: boolean;
}

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div className="stat">
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

const QUOTE_FIELDS = ['current_price', 'market_cap', 'pe_ratio', 'eps', 'dividend_yield', 'volume'] as const;
const hasQuote = (item: WatchlistItem) => QUOTE_FIELDS.some((field) => item[field] != null);

/** One watchlist ticker as a card (SPEC.md section 2). */
export function TickerCard({
  item,
  display,
  actions,
  flash,
  lastClose,
}: {
  item: WatchlistItem;
  display: CardDisplay;
  actions?: ItemActions;
  flash?: boolean;
  /** The last stored daily close, shown when there is no quote (live quotes off). */
  lastClose?: LastClose;
}) {
  const latest = latestFilingFor(item, display);
  const unseen = item.unseen_filings_count ?? 0;
  const week52 = week52Badge(item);
  const volume = volumeBadge(item);
  const change = item.change_percent;
  const headingId = `card-${item.ticker}`;
  return (
    <article
      className={`ticker-card${flash ? ' ticker-card--flash' : ''}${item.paused ? ' ticker-card--paused' : ''}`}
      aria-labelledby={headingId}
      data-ticker={item.ticker}
      data-paused={item.paused ? 'true' : undefined}
    >
      <header className="ticker-card__head">
        <div className="ticker-card__title">
          <h3 id={headingId}>
            <Link to={`/ticker/${encodeURIComponent(item.ticker)}`}>{item.ticker}</Link>
          </h3>
          {item.company_name && <p className="ticker-card__company">{item.company_name}</p>}
        </div>
        <div className="ticker-card__quote">
          {item.current_price != null && <span className="ticker-card__price">{formatPrice(item.current_price)}</span>}
          {change != null && (
            <span className={`change ${change > 0 ? 'change--up' : change < 0 ? 'change--down' : ''}`}>
              {formatPercent(change, { signed: true })}
            </span>
          )}
        </div>
      </header>
      <div className="ticker-card__badges">
        {item.paused && (
          <span
            className="paused-badge"
            title="Over your plan's ticker limit: kept, but no alerts until there is room again"
          >
            Paused — over your limit
          </span>
        )}
        {unseen > 0 && (
          <span
            className={`unseen-badge imp-badge imp-badge--${importanceColour(item.highest_importance)}`}
            data-testid="unseen-badge"
            title={`${unseen} new filing${unseen === 1 ? '' : 's'}${item.highest_importance ? `, highest ${item.highest_importance}` : ''}`}
          >
            {unseen} new
          </span>
        )}
        {week52 && <span className={`chip chip--${week52.kind}`}>{week52.label}</span>}
        {volume && <span className={`chip chip--${volume.kind}`}>{volume.label}</span>}
      </div>
      {hasQuote(item) ? (
        <dl className="ticker-card__stats">
          <Stat label="Mkt cap" value={formatMarketCap(item.market_cap)} />
          <Stat label="P/E" value={formatNumber(item.pe_ratio, 1)} />
          <Stat label="EPS" value={formatNumber(item.eps)} />
          <Stat label="Div yield" value={item.dividend_yield == null ? '—' : formatPercent(item.dividend_yield)} />
        </dl>
      ) : lastClose ? (
        <p className="ticker-card__noquote ticker-card__lastclose">
          Last close <strong>{formatPrice(lastClose.close)}</strong> on{' '}
          <time dateTime={lastClose.day}>{formatDay(lastClose.day)}</time>
        </p>
      ) : (
        <p className="ticker-card__noquote">Market data not available yet</p>
      )}
      {latest.kind === 'filing' ? (
        <div className={`latest-filing latest-filing--${importanceColour(latest.filing.importance)}`}>
          <div className="latest-filing__meta">
            <ImportanceBadge level={latest.filing.importance} reviewed={latest.filing.reviewed} />
            <span className="form-tag">{filingForm(latest.filing)}</span>
            {latest.filing.filed_date_unknown ? (
              <NoFiledDate />
            ) : display.recorded ? (
              <span className="latest-filing__recorded">
                Recorded filing, filed{' '}
                <time dateTime={latest.filing.filed_at ?? undefined} title={formatExactTime(latest.filing.filed_at)}>
                  {filedDayWords(latest.filing.filed_at)}
                </time>
              </span>
            ) : (
              <time dateTime={latest.filing.filed_at ?? undefined} title={formatExactTime(latest.filing.filed_at)}>
                {formatRelativeTime(latest.filing.filed_at)}
              </time>
            )}
          </div>
          <p className="latest-filing__text">
            <FilingSummary filing={latest.filing} detailHref={filingDetailHref(item.ticker, latest.filing)} />
          </p>
        </div>
      ) : (
        <p className="latest-filing latest-filing--empty">{latest.message}</p>
      )}
      {item.notes && <p className="ticker-card__notes">{item.notes}</p>}
      <div className="ticker-card__actions">
        <Link
          className="btn btn-sm btn-secondary"
          to={`/ticker/${encodeURIComponent(item.ticker)}#analysis`}
          aria-label={`Analysis for ${item.ticker}`}
        >
          Analysis
        </Link>
        <a
          className="btn btn-sm btn-secondary"
          href={secLinkFor(item, latest.kind === 'filing' ? latest.filing : null)}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={`SEC Link for ${item.ticker} (opens in a new tab)`}
        >
          SEC Link
        </a>
        {actions && (
          <>
            <button
              type="button"
              className="btn btn-sm btn-secondary"
              onClick={() => actions.onTrade(item.ticker)}
              aria-label={`Trade ${item.ticker}`}
            >
              Trade
            </button>
            <button
              type="button"
              className="btn btn-sm btn-ghost-danger"
              onClick={() => actions.onRemove(item.ticker)}
              aria-label={`Remove ${item.ticker}`}
            >
              Remove
            </button>
          </>
        )}
      </div>
    </article>
  );
}
