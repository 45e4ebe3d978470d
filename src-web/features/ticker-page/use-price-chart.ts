import { type RefObject, useEffect, useState } from 'react';
import type { IChartApi, ISeriesApi, Time } from 'lightweight-charts';
import { type ChartColours, withAlpha } from '../charts/chart-theme';
import { baseChartOptions, loadCharts } from '../charts/load-charts';
import type { DayMarker } from './ticker-page-rules';
import type { TickerChart } from './ticker-types';

/** A marker day placed on the drawn chart, in pixels from the canvas's top left. */
export interface Placed {
  marker: DayMarker;
  x: number;
  y: number;
}

/**
 * Draws the closes into `container` with a dot per filing day (lightweight-charts, loaded on
 * demand) and keeps the dots' pixel positions as the chart pans and resizes, so buttons can sit
 * over them. `active` is the day hovered or focused; a new chart clears it.
 */
export function usePriceChart(
  container: RefObject<HTMLDivElement | null>,
  data: TickerChart | undefined,
  days: DayMarker[],
  colours: ChartColours,
) {
  const [placed, setPlaced] = useState<Placed[]>([]);
  const [active, setActive] = useState<number | null>(null);
  const [chartError, setChartError] = useState(false);

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
          days.map((d) => ({
            time: d.day as Time,
            position: 'atPriceMiddle' as const,
            price: closeOf.get(d.day) ?? 0,
            shape: 'circle' as const,
            color: colours.importance[d.importance],
            size: 1.5,
          })),
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
  }, [container, data, days, colours]);

  return { placed, active, setActive, chartError };
}
