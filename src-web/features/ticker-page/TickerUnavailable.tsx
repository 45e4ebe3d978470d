import { Link } from 'react-router';
import { LoadingPage } from '../../components/LoadingPage';
import { PageShell } from '../../components/PageShell';
import { errorMessage, errorReason } from '../../lib/errors';

/**
 * A page whose subject we do not know gets a clear not-found state; any other failure a retry.
 * Never the generic error screen.
 */
export function Unavailable({
  notFound,
  title,
  text,
  error,
  onRetry,
  testId,
}: {
  notFound: boolean;
  title: string;
  text: string;
  error: unknown;
  onRetry: () => void;
  testId: string;
}) {
  return (
    <div className="empty-state tp-missing" data-testid={notFound ? `${testId}-not-found` : `${testId}-error`}>
      <h1>{title}</h1>
      <p className="muted">
        {notFound ? text : errorMessage(error, 'Something went wrong while loading this page. Please try again.')}
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
  );
}

export function TickerUnavailable({ ticker, error, onRetry }: { ticker: string; error: unknown; onRetry: () => void }) {
  const notFound = errorReason(error) === 'ticker_not_found';
  return (
    <PageShell className="content-page">
      <Unavailable
        notFound={notFound}
        title={notFound ? `We don't know the ticker ${ticker}` : `${ticker} could not be loaded`}
        text="It is not in the SEC list of listed companies we follow. Check the spelling, or search by company name from your watchlist."
        error={error}
        onRetry={onRetry}
        testId="ticker"
      />
    </PageShell>
  );
}

/** What a ticker page shows until its query has data: the loading page, then not-found or a retry. */
export function TickerPageFallback({
  ticker,
  query,
}: {
  ticker: string;
  query: { isLoading: boolean; error: unknown; refetch: () => unknown };
}) {
  if (query.isLoading) return <LoadingPage />;
  return <TickerUnavailable ticker={ticker} error={query.error} onRetry={() => void query.refetch()} />;
}
