import { Link } from 'react-router';
import { COPY } from '#shared/copy';
import { ADDON_PACK_PRICE_USD, ADDON_PACK_TICKERS, PRO_TICKER_LIMIT } from '#shared/plans';
import { limitState } from './watchlist-response';

/** The ticker counter (red at the limit) and, above 90% of the limit, 'Need More Tickers?'. */
export function TickerCounter({ count, limit }: { count: number; limit: number }) {
  const state = limitState(count, limit);
  return (
    <span className={`ticker-counter ticker-counter--${state}`} data-testid="ticker-counter">
      {count} / {limit} tickers
    </span>
  );
}

/**
 * 'Need More Tickers?' below the list: a warning above 90% of the limit, and the limit message at
 * it; a free plan under 80% of its limit does not see it (PRO sees the add-on offer).
 */
export function LimitBanner({ count, limit, pro }: { count: number; limit: number; pro: boolean }) {
  const state = limitState(count, limit);
  // Under 80% of a free plan's limit the header's Upgrade is enough (issue 28: fewer upgrade prompts).
  if (!pro && count < limit * 0.8) return null;
  const status =
    state === 'full'
      ? COPY.tickerLimitReached(limit)
      : state === 'warning'
        ? `You're using ${count} of your ${limit} tickers.`
        : null;
  return (
    <aside className={`limit-banner limit-banner--${state}`} aria-labelledby="limit-title">
      <div>
        <h3 id="limit-title">{COPY.needMoreTickers}</h3>
        <p>
          {status && <strong>{status} </strong>}
          {pro
            ? `Add ${ADDON_PACK_TICKERS} more tickers for $${ADDON_PACK_PRICE_USD}/month with a Ticker Add-on.`
            : `PRO follows up to ${PRO_TICKER_LIMIT} tickers, with real-time alerts.`}
        </p>
      </div>
      {pro ? (
        <Link className="btn btn-secondary btn-sm" to="/settings#ticker-add-ons">
          Ticker Add-ons
        </Link>
      ) : (
        <Link className="btn btn-upgrade btn-sm" to="/upgrade">
          Upgrade
        </Link>
      )}
    </aside>
  );
}
