import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { COPY } from '#shared/copy';
import { currentBrandConfig } from '../../brand/current-brand';
import { LoadingPage } from '../../components/LoadingPage';
import { ErrorBox } from '../../components/Notice';
import { PageShell } from '../../components/PageShell';
import { useContactModal } from '../../features/contact/use-contact-modal';
import { useWatchlist } from '../../features/watchlist/use-watchlist';
import { useAuth } from '../../lib/session';
import { scrollToTopSoon, useTimedMessage } from '../../lib/use-timed-message';
import { FullView } from './FullView';
import { AllFilingsLanding, Landing } from './Landing';
import { StartStep } from './StartStep';
import { SignedOutByYesNotice } from '../../features/contact/SignedOutByYesNotice';

/** The watchlist dashboard: empty landing, step1 (after start), or the full view. */
export default function DashboardPage() {
  const auth = useAuth();
  const watchlist = useWatchlist();
  const [params, setParams] = useSearchParams();
  const contact = useContactModal(() => watchlist.refetch());
  const queryClient = useQueryClient();

  const requested = params.get('ticker')?.trim().toUpperCase() || null;
  const [verified, setVerified] = useState(() => params.get('verified') === 'email');
  const [started, setStarted] = useState(false);
  const [tickers, setTickers] = useState(requested ? `${requested}, ` : '');
  const [bannerTicker, setBannerTicker] = useState<string | null>(requested);
  // The first add from step 1 switches to the full view, whose form is another one: it shows the line.
  const [addedFromStart, showAddedFromStart] = useTimedMessage();
  const inWatchlist = (t: string) => watchlist.items.some((i) => i.ticker.toUpperCase() === t);
  const banner = bannerTicker && !watchlist.isLoading && !inWatchlist(bannerTicker) ? bannerTicker : null;

  useEffect(() => {
    if (!requested && !params.has('verified')) return;
    // The parameters have done their job once read; keep the URL clean for sharing and reloads.
    const next = new URLSearchParams(params);
    next.delete('ticker');
    next.delete('verified');
    setParams(next, { replace: true });
  }, [requested, params, setParams]);

  useEffect(() => {
    // Back from the emailed verification link: the stored user must learn it is verified.
    if (verified) void queryClient.invalidateQueries({ queryKey: ['server-user'] });
  }, [verified, queryClient]);

  if (watchlist.isLoading && watchlist.items.length === 0) {
    return <LoadingPage />;
  }

  // The all-filings brand is the paid plan: a free visitor (with or without ?ticker=) gets its pricing landing.
  const paidOnly = currentBrandConfig().paidOnly && !auth.pro;
  const view = watchlist.items.length > 0 ? 'full' : !paidOnly && (started || banner) ? 'step1' : 'empty';
  const bannerNode = (
    <>
      {view === 'full' && addedFromStart && (
        <div className="ticker-banner ticker-banner--success" role="status">
          <span>{addedFromStart}</span>
        </div>
      )}
      {verified && (
        <div className="ticker-banner ticker-banner--success" role="status">
          <span>Your email address is verified. Alerts for your watchlist are on.</span>
          <button type="button" className="icon-btn" aria-label="Dismiss" onClick={() => setVerified(false)}>
            ×
          </button>
        </div>
      )}
      {banner && (
        <div className="ticker-banner" role="status">
          <span>{COPY.addTickerBanner(banner)}</span>
          <button type="button" className="icon-btn" aria-label="Dismiss" onClick={() => setBannerTicker(null)}>
            ×
          </button>
        </div>
      )}
    </>
  );

  return (
    <PageShell className={`dashboard dashboard--${view}`}>
      <SignedOutByYesNotice />
      {watchlist.isError && watchlist.items.length === 0 && (
        <div className="container">
          <ErrorBox>
            We could not load your watchlist.{' '}
            <button type="button" className="link-btn" onClick={() => watchlist.refetch()}>
              Try again
            </button>
          </ErrorBox>
        </div>
      )}
      {view === 'empty' && verified && <div className="container">{bannerNode}</div>}
      {view === 'empty' && paidOnly && bannerTicker && (
        <div className="container">
          <div className="ticker-banner" role="status">
            <span>Subscribe to follow every filing of {bannerTicker}.</span>
          </div>
        </div>
      )}
      {view === 'empty' &&
        (paidOnly ? (
          <AllFilingsLanding />
        ) : (
          <Landing
            onStart={() => {
              setStarted(true);
              scrollToTopSoon();
            }}
          />
        ))}
      {view === 'step1' && (
        <StartStep
          banner={bannerNode}
          tickers={tickers}
          onTickersChange={setTickers}
          watchlist={watchlist}
          onBack={() => {
            setStarted(false);
            setBannerTicker(null);
          }}
          onAdded={showAddedFromStart}
          onContact={contact.open}
        />
      )}
      {view === 'full' && (
        <FullView
          banner={bannerNode}
          tickers={tickers}
          onTickersChange={setTickers}
          watchlist={watchlist}
          onContact={contact.open}
        />
      )}
      {contact.modal}
    </PageShell>
  );
}
