import { useEffect, useMemo } from 'react';
import { Link, useLocation, useParams, useSearchParams } from 'react-router';
import { PageShell } from '../../components/PageShell';
import { CompanyHeader } from '../../features/ticker-page/CompanyHeader';
import { FilingsTimeline } from '../../features/ticker-page/FilingsTimeline';
import { InsiderActivityPanel } from '../../features/ticker-page/InsiderActivityPanel';
import { PriceChart } from '../../features/ticker-page/PriceChart';
import { ReportHistory } from '../../features/ticker-page/ReportHistory';
import { StoryThreads } from '../../features/ticker-page/StoryThreads';
import { TickerActions } from '../../features/ticker-page/TickerActions';
import { TickerPageFallback } from '../../features/ticker-page/TickerUnavailable';
import { filtersFromParams, filtersToParams, type TimelineFilters } from '../../features/ticker-page/ticker-page-rules';
import { trpc } from '../../lib/trpc';
import { notFoundRetry, useDocumentTitle } from '../../features/ticker-page/page-helpers';
import '../../features/ticker-page/ticker-page.css';

function scrollToFiling(id: number) {
  const card = document.getElementById(`filing-${id}`);
  if (!card) return;
  card.scrollIntoView({ behavior: 'smooth', block: 'center' });
  card.classList.remove('tp-filing--flash');
  void card.offsetWidth;
  card.classList.add('tp-filing--flash');
}

/** The enhanced ticker page: company and quote, price chart with filing markers, the filings timeline. */
export default function TickerPage() {
  const ticker = (useParams().ticker ?? '').trim().toUpperCase();
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => filtersFromParams(params), [params]);
  const setFilters = (next: TimelineFilters) => setParams(filtersToParams(next, params), { replace: true });
  const utils = trpc.useUtils();
  const location = useLocation();
  const query = trpc.tickerPages.get.useQuery(
    { ticker },
    { staleTime: 5 * 60_000, refetchOnWindowFocus: false, retry: notFoundRetry },
  );
  const data = query.data;
  useDocumentTitle(data ? `${data.company.ticker} · ${data.company.name}: SEC filings` : `${ticker}: SEC filings`);

  useEffect(() => {
    // Opening the page marked this company's filings seen: the dashboard's counts are stale now.
    if (data?.watchlist.watching) void utils.watchlist.get.invalidate();
  }, [data, utils]);
  useEffect(() => {
    if (data && location.hash === '#analysis') document.getElementById('analysis')?.scrollIntoView({ block: 'start' });
  }, [data, location.hash]);

  if (!data) return <TickerPageFallback ticker={ticker} query={query} />;
  return (
    <PageShell className="container tp-page">
      <nav className="tp-crumbs" aria-label="Breadcrumb">
        <Link to="/">Watchlist</Link> <span aria-hidden="true">/</span>{' '}
        <span aria-current="page">{data.company.ticker}</span>
      </nav>
      <CompanyHeader
        company={data.company}
        quote={data.quote}
        actions={<TickerActions ticker={data.company.ticker} listed={data.company.listed} />}
      />
      <PriceChart ticker={data.company.ticker} filters={filters} onMarkerClick={scrollToFiling} />
      {data.insider_activity && <InsiderActivityPanel activity={data.insider_activity} />}
      <StoryThreads ticker={data.company.ticker} />
      <ReportHistory ticker={data.company.ticker} />
      <FilingsTimeline ticker={data.company.ticker} data={data} filters={filters} onFiltersChange={setFilters} />
    </PageShell>
  );
}
