import { useMemo, useRef, useState } from 'react';
import { trpc } from '../../lib/trpc';
import { useChartColours } from '../charts/chart-theme';
import { ChartFoot, ChartHead, MarkerHits, MarkerTooltip } from './PriceChartParts';
import { groupMarkers, type TimelineFilters } from './ticker-page-rules';
import type { ChartRange } from './ticker-types';
import { usePriceChart } from './use-price-chart';

/** Closes with the company's filings as markers coloured by importance; hovering (or focusing) one shows its one-liners. */
export function PriceChart({
  ticker,
  filters,
  onMarkerClick,
}: {
  ticker: string;
  filters: TimelineFilters;
  onMarkerClick?: (filingId: number) => void;
}) {
  const [range, setRange] = useState<ChartRange>('MAX');
  const query = trpc.tickerPages.chart.useQuery(
    { ticker, range, forms: filters.forms, importance: filters.importance },
    { placeholderData: (previous) => previous, staleTime: 5 * 60_000 },
  );
  const colours = useChartColours();
  const container = useRef<HTMLDivElement>(null);
  const data = query.data;
  const days = useMemo(() => groupMarkers(data?.markers ?? []), [data]);
  const { placed, active, setActive, chartError } = usePriceChart(container, data, days, colours);
  const hover = active == null ? null : placed[active];
  const empty = Boolean(data && data.points.length === 0);

  return (
    <section className="panel tp-chart" aria-labelledby="chart-title">
      <ChartHead data={data} empty={empty} range={range} onRange={setRange} />
      {query.isLoading ? (
        <div className="tp-chart__placeholder" role="status">
          Loading the chart…
        </div>
      ) : query.isError || chartError ? (
        <div className="tp-chart__placeholder">The chart could not be loaded. The filings below are complete.</div>
      ) : empty ? (
        <div className="tp-chart__placeholder tp-chart__placeholder--empty" data-testid="chart-empty">
          <strong>No price history for {ticker} yet.</strong>
          <span>The chart appears once daily prices for {ticker} are available. Every filing is listed below.</span>
        </div>
      ) : (
        <div className="tp-chart__frame">
          <div
            ref={container}
            className="tp-chart__canvas"
            data-testid="price-chart"
            data-markers={days.length}
            role="img"
            aria-label={`${ticker} closing prices with ${data?.markers.length ?? 0} filings marked by importance`}
          />
          <MarkerHits placed={placed} active={active} setActive={setActive} onMarkerClick={onMarkerClick} />
          {hover && <MarkerTooltip hover={hover} weekly={data?.interval === 'weekly'} container={container} />}
        </div>
      )}
      {data && !empty && <ChartFoot data={data} colours={colours} />}
    </section>
  );
}
