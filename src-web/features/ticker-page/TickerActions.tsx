import { useState } from 'react';
import { defaultForms } from '#shared/brands';
import { COPY } from '#shared/copy';
import { currentBrand } from '../../brand/current-brand';
import { ErrorBox } from '../../components/Notice';
import { errorMessage } from '../../lib/errors';
import { useAuth } from '../../lib/session';
import { usePreferences } from '../preferences/use-preferences';
import { useTrade } from '../trading/use-trade';
import { useSubscribe, useUnsubscribe, useWatchlist } from '../watchlist/use-watchlist';

/**
 * Add to / remove from the watchlist (the brand's default forms) and Trade (the saved platform or its setup). A
 * ticker no longer listed has no Trade: no platform quotes it, and its filings can still be followed.
 */
export function TickerActions({ ticker, listed = true }: { ticker: string; listed?: boolean }) {
  const auth = useAuth();
  const watchlist = useWatchlist();
  const subscribe = useSubscribe();
  const unsubscribe = useUnsubscribe();
  const { prefs, update } = usePreferences();
  const trading = useTrade(prefs.tradingPlatformUrl, (url) => update({ tradingPlatformUrl: url }));
  const [error, setError] = useState<string | null>(null);
  const inList = watchlist.items.some((item) => item.ticker === ticker);
  const busy = subscribe.isPending || unsubscribe.isPending;

  const toggle = async () => {
    setError(null);
    try {
      if (inList) await unsubscribe.mutateAsync({ ticker });
      else await subscribe.mutateAsync({ tickers: ticker, forms: defaultForms(currentBrand(), auth.pro).join(',') });
    } catch (e) {
      setError(errorMessage(e, inList ? `Could not remove ${ticker}. Please try again.` : COPY.addFailed));
    }
  };

  return (
    <>
      <div className="tp-actions">
        {inList ? (
          <button
            type="button"
            className="btn btn-secondary"
            onClick={() => void toggle()}
            disabled={busy}
            data-testid="watch-toggle"
          >
            <span aria-hidden="true">✓</span> In your watchlist · Remove
          </button>
        ) : (
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => void toggle()}
            disabled={busy || watchlist.isLoading}
            data-testid="watch-toggle"
          >
            {subscribe.isPending ? COPY.adding : '+ Add to watchlist'}
          </button>
        )}
        {listed && (
          <button
            type="button"
            className="btn btn-secondary"
            onClick={() => trading.trade(ticker)}
            aria-label={`Trade ${ticker}`}
          >
            Trade
          </button>
        )}
      </div>
      {error && <ErrorBox>{error}</ErrorBox>}
      {trading.modal}
    </>
  );
}
