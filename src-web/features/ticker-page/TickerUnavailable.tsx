import { Link } from 'react-router';
import { PageShell } from '../../components/PageShell';
import { errorMessage, errorReason } from '../../lib/errors';

/** A ticker we do not know gets a clear not-found page; other failures a retry, never the error screen. */
export function TickerUnavailable({ ticker, error, onRetry }: { ticker: string; error: unknown; onRetry: () => void }) {
  const notFound = errorReason(error) === 'ticker_not_found';
  return (
    <PageShell className="content-page">
      <div className="empty-state tp-missing" data-testid={notFound ? 'ticker-not-found' : 'ticker-error'}>
        <h1>{notFound ? `We don't know the ticker ${ticker}` : `${ticker} could not be loaded`}</h1>
        <p className="muted">
          {notFound
            ? 'It is not in the SEC list of listed companies we follow. Check the spelling, or search by company name from your watchlist.'
            : errorMessage(error, 'Something went wrong while loading this page. Please try again.')}
        </p>
        <div className="tp-missing__actions">
          {!notFound && (
            <button type="button" className="btn btn-primary" onClick={onRetry}>
              Try again
            </button>
          )}
          <Link className={`btn ${notFound ? 'btn-primary' : 'btn-secondary'}`} to="/">
            Back to the watchlist
          </Link>
        </div>
      </div>
    </PageShell>
  );
}
