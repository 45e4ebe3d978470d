import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Loading } from '../../components/Loading';
import { PageShell } from '../../components/PageShell';
import { useWatchlist } from '../../features/watchlist/use-watchlist';
import type { WatchlistItem } from '../../features/watchlist/watchlist-types';

/**
 * Shared frame of the comparison pages: both views of one of the user's own tickers, chosen
 * from the watchlist, side by side (stacked on phones).
 */
export function ComparisonShell({
  title,
  intro,
  eligible,
  left,
  right,
}: {
  title: string;
  intro: string;
  eligible: (item: WatchlistItem) => boolean;
  left: { title: string; note: string; render: (item: WatchlistItem) => ReactNode };
  right: { title: string; note: string; render: (item: WatchlistItem) => ReactNode };
}) {
  const watchlist = useWatchlist();
  const items = watchlist.items.filter(eligible);
  const [chosen, setChosen] = useState<string | null>(null);
  const item = items.find((i) => i.ticker === chosen) ?? items[0];
  return (
    <PageShell className="content-page comparison">
      <header className="page-intro">
        <h1>{title}</h1>
        <p>{intro}</p>
      </header>
      {watchlist.isLoading ? (
        <Loading />
      ) : !item ? (
        <div className="empty-state">
          <p className="empty-state__title">Nothing to compare yet</p>
          <p>
            Both views are shown with your own tickers and their real filings. Add a ticker with recent filings first.
          </p>
          <Link className="btn btn-primary" to="/">
            Go to your watchlist
          </Link>
        </div>
      ) : (
        <>
          <label className="select-field comparison__picker">
            <span>Ticker</span>
            <select className="input" value={item.ticker} onChange={(event) => setChosen(event.target.value)}>
              {items.map((i) => (
                <option key={i.ticker} value={i.ticker}>
                  {i.ticker}
                  {i.company_name ? ` — ${i.company_name}` : ''}
                </option>
              ))}
            </select>
          </label>
          <div className="comparison__grid">
            {[left, right].map((side) => (
              <section key={side.title} className="comparison__side" aria-label={side.title}>
                <h2>{side.title}</h2>
                <p className="muted">{side.note}</p>
                {side.render(item)}
              </section>
            ))}
          </div>
        </>
      )}
    </PageShell>
  );
}
