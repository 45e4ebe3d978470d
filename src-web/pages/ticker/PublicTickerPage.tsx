import { Link, useParams } from 'react-router';
import { PageShell } from '../../components/PageShell';
import { CompanyHeader } from '../../features/ticker-page/CompanyHeader';
import { FilingCard } from '../../features/ticker-page/FilingCard';
import { notFoundRetry, useDocumentTitle } from '../../features/ticker-page/page-helpers';
import { TickerPageFallback } from '../../features/ticker-page/TickerUnavailable';
import { trpc } from '../../lib/trpc';
import '../../features/ticker-page/ticker-page.css';

/** No login needed: the company, its latest 20 filings, and a call to follow it. */
export default function PublicTickerPage() {
  const ticker = (useParams().ticker ?? '').trim().toUpperCase();
  const query = trpc.tickerPages.public.useQuery({ ticker }, { staleTime: 5 * 60_000, retry: notFoundRetry });
  const data = query.data;
  useDocumentTitle(data ? `${data.company.ticker} SEC filings: ${data.company.name}` : `${ticker} SEC filings`);
  if (!data) return <TickerPageFallback ticker={ticker} query={query} />;
  const symbol = data.company.ticker;
  const add = `/?ticker=${encodeURIComponent(symbol)}`;
  return (
    <PageShell className="container tp-page tp-page--public">
      <CompanyHeader
        company={data.company}
        quote={data.quote}
        actions={
          <Link className="btn btn-primary" to={add}>
            + Add {symbol} to my watchlist
          </Link>
        }
      />
      <section className="panel tp-cta" aria-labelledby="cta-title">
        <div>
          <h2 id="cta-title">Get {symbol} filings as they happen</h2>
          <p className="muted">
            Add {symbol} to your free watchlist: every new filing scored by importance, with alerts by email or text
            once your contact is verified.
          </p>
        </div>
        <Link className="btn btn-primary btn-lg" to={add}>
          Add {symbol} to watchlist
        </Link>
      </section>
      <section className="tp-timeline" aria-labelledby="latest-title">
        <div className="tp-timeline__head">
          <h2 id="latest-title">Latest filings</h2>
          <p className="muted">
            {data.filings.length === 0
              ? 'No filings stored yet.'
              : `The latest ${data.filings.length} of ${data.total_filings.toLocaleString('en-US')} stored filings, each scored by importance.`}
          </p>
        </div>
        <div className="tp-filings tp-filings--compact">
          {data.filings.map((filing) => (
            <FilingCard key={filing.id} filing={filing} aiAvailable={false} compact />
          ))}
        </div>
        <p className="tp-more">
          <Link className="btn btn-secondary" to={`/ticker/${encodeURIComponent(symbol)}`}>
            Price chart, insider trades and every filing
          </Link>
        </p>
      </section>
    </PageShell>
  );
}
