import { useEffect, useMemo, useRef, useState } from 'react';
import type { IChartApi, ISeriesApi, Time } from 'lightweight-charts';
import { CHART_RANGES } from '#shared/chart-ranges';
import { IMPORTANCE_LEVELS } from '#shared/importance';
import { ImportanceBadge } from '../../components/ImportanceBadge';
import { formatDay, formatPrice } from '../../lib/format';
import { trpc } from '../../lib/trpc';
import { useChartColours, withAlpha } from '../charts/chart-theme';
import { baseChartOptions, loadCharts } from '../charts/load-charts';
import { formDisplayName } from '../watchlist/card-rules';
import { ADJUSTMENT_WORDS, groupMarkers, importanceLabel, type DayMarker, type TimelineFilters } from './ticker-page-rules';
import type { ChartRange, TickerChart } from './ticker-types';


interface Placed {
  marker: DayMarker;
  x: number;
  y: number;
}

function chartNote(data: TickerChart): string {
  const n = (value: number) => value.toLocaleString('en-US');
  const parts = [
    data.markers.length === 0
      ? 'No filings in this range.'
      : `${n(data.markers.length)} filing${data.markers.length === 1 ? '' : 's'} marked${data.markers_omitted > 0 ? ` (the most important; ${n(data.markers_omitted)} more in this range)` : ''}.`,
  ];
  if (data.markers_outside > 0) parts.push(`${n(data.markers_outside)} outside the prices shown.`);
  const last = data.points[data.points.length - 1];
  if (last) parts.push(`Last close ${formatPrice(last[1])}.`);
  return parts.join(' ');
}

/** The day a filing was filed, in New York (the exchange's day). */
function filedDay(iso: string): string {
  return new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'America/New_York' });
}

/** The tooltip opens above the dot, below it near the top, and leans inwards near either edge. */
function tooltipClass(at: Placed, width: number): string {
  const classes = ['tp-chart__tooltip'];
  if (at.y < 150) classes.push('tp-chart__tooltip--below');
  if (at.x < 170) classes.push('tp-chart__tooltip--start');
  else if (at.x > width - 170) classes.push('tp-chart__tooltip--end');
  return classes.join(' ');
}

/** Closes with the company's filings as markers coloured by importance; hovering (or focusing) one shows its one-liners. */
export function PriceChart({ ticker, filters, onMarkerClick }: { ticker: string; filters: TimelineFilters; onMarkerClick?: (filingId: number) => void }) {
  const [range, setRange] = useState<ChartRange>('MAX');
  const query = trpc.tickerPages.chart.useQuery(
    { ticker, range, forms: filters.forms, importance: filters.importance },
    { placeholderData: (previous) => previous, staleTime: 5 * 60_000 },
  );
  const colours = useChartColours();
  const container = useRef<HTMLDivElement>(null);
  const hitsRef = useRef<HTMLDivElement>(null);
  const [placed, setPlaced] = useState<Placed[]>([]);
  const [active, setActive] = useState<number | null>(null);
  const [chartError, setChartError] = useState(false);
  const data = query.data;
  const days = useMemo(() => groupMarkers(data?.markers ?? []), [data]);

  useEffect(() => {
    const element = container.current;
    if (!element || !data || data.points.length === 0) return;
    let chart: IChartApi | null = null;
    let cancelled = false;
    void loadCharts()
      .then(({ createChart, AreaSeries, createSeriesMarkers }) => {
        if (cancelled) return;
        chart = createChart(element, baseChartOptions(colours, { coarse: data.interval === 'weekly' }));
        const series: ISeriesApi<'Area'> = chart.addSeries(AreaSeries, {
          lineColor: colours.line,
          topColor: withAlpha(colours.line, 0.28),
          bottomColor: withAlpha(colours.line, 0.02),
          lineWidth: 2,
          priceFormat: { type: 'price', precision: 2, minMove: 0.01 },
        });
        series.setData(data.points.map(([day, close]) => ({ time: day as Time, value: close })));
        const closeOf = new Map(data.points);
        // Dots on the line at the close of the day each filing lands on.
        createSeriesMarkers(
          series,
          days.map((d) => ({ time: d.day as Time, position: 'atPriceMiddle' as const, price: closeOf.get(d.day) ?? 0, shape: 'circle' as const, color: colours.importance[d.importance], size: 1.5 })),
        );
        chart.timeScale().fitContent();
        // Hit targets over the dots: hover or keyboard focus shows the day's filings.
        const place = () => {
          if (!chart) return;
          const width = element.clientWidth;
          setPlaced(
            days.flatMap((marker) => {
              const x = chart!.timeScale().timeToCoordinate(marker.day as Time);
              const y = series.priceToCoordinate(closeOf.get(marker.day) ?? 0);
              return x == null || y == null || x < 0 || x > width ? [] : [{ marker, x, y }];
            }),
          );
        };
        chart.timeScale().subscribeVisibleLogicalRangeChange(() => requestAnimationFrame(place));
        chart.timeScale().subscribeSizeChange(() => requestAnimationFrame(place));
        requestAnimationFrame(place);
      })
      .catch(() => setChartError(true));
    return () => {
      cancelled = true;
      setPlaced([]);
      setActive(null);
      chart?.remove();
    };
  }, [data, days, colours]);

  const hover = active == null ? null : placed[active];
  const focusMarker = (index: number) => {
    const next = Math.max(0, Math.min(placed.length - 1, index));
    hitsRef.current?.querySelectorAll<HTMLButtonElement>('button')[next]?.focus();
  };

  const source = data?.source;
  const empty = data && data.points.length === 0;
  return (
    <section className="panel tp-chart" aria-labelledby="chart-title">
      <div className="tp-chart__head">
        <div>
          <h2 id="chart-title">Price and filings</h2>
          {source && (
            <p className="tp-chart__source muted">
              {data.interval === 'weekly' ? 'Weekly' : 'Daily'} {ADJUSTMENT_WORDS[source.adjustment] ?? 'closes'} from {source.provider}
              {source.last_day && <>, to {formatDay(source.last_day)}</>}
            </p>
          )}
        </div>
        {!empty && (
          <div className="segmented tp-chart__ranges" role="group" aria-label="Chart range">
            {CHART_RANGES.map((r) => (
              <button key={r} type="button" aria-pressed={range === r} onClick={() => setRange(r)}>
                {r === 'MAX' ? 'Max' : r}
              </button>
            ))}
          </div>
        )}
      </div>
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
          <div className="tp-chart__hits" ref={hitsRef} role="group" aria-label="Filings on the chart (arrow keys move between days)">
            {placed.map((p, i) => (
              <button
                key={p.marker.day}
                type="button"
                className="tp-chart__hit"
                style={{ left: p.x, top: p.y }}
                tabIndex={i === (active ?? 0) ? 0 : -1}
                aria-label={`${formatDay(p.marker.day)}: ${p.marker.filings.length} filing${p.marker.filings.length === 1 ? '' : 's'}, highest ${p.marker.importance}`}
                data-testid="chart-marker"
                data-day={p.marker.day}
                onMouseEnter={() => setActive(i)}
                onMouseLeave={() => setActive(null)}
                onFocus={() => setActive(i)}
                onBlur={() => setActive(null)}
                onClick={() => onMarkerClick?.(p.marker.filings[0]!.id)}
                onKeyDown={(e) => {
                  if (e.key === 'ArrowRight' || e.key === 'ArrowDown') (e.preventDefault(), focusMarker(i + 1));
                  if (e.key === 'ArrowLeft' || e.key === 'ArrowUp') (e.preventDefault(), focusMarker(i - 1));
                }}
              />
            ))}
          </div>
          {hover && (
            <div className={tooltipClass(hover, container.current?.clientWidth ?? 0)} style={{ left: hover.x, top: hover.y }} role="tooltip" data-testid="chart-tooltip">
              <p className="tp-chart__tooltip-day">{data?.interval === 'weekly' ? `Week ending ${formatDay(hover.marker.day)}` : formatDay(hover.marker.day)}</p>
              <ul>
                {hover.marker.filings.slice(0, 3).map((f) => (
                  <li key={f.id}>
                    <span className="tp-chart__tooltip-meta">
                      <ImportanceBadge level={f.importance} /> <span className="form-tag">{formDisplayName(f.form)}</span> <span className="muted">{filedDay(f.filed_at)}</span>
                    </span>
                    {f.one_liner}
                  </li>
                ))}
              </ul>
              {hover.marker.filings.length > 3 && <p className="muted">and {hover.marker.filings.length - 3} more that day</p>}
            </div>
          )}
        </div>
      )}
      {data && !empty && (
        <div className="tp-chart__foot">
          <ul className="tp-legend" aria-label="Marker colours">
            {IMPORTANCE_LEVELS.map((level) => (
              <li key={level}>
                <span className="tp-legend__dot" style={{ background: colours.importance[level] }} aria-hidden="true" />
                {importanceLabel(level)}
              </li>
            ))}
          </ul>
          <p className="muted tp-chart__note">
            {chartNote(data)}
          </p>
        </div>
      )}
    </section>
  );
}
