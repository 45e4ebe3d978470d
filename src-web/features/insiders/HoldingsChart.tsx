import { useEffect, useRef, useState } from 'react';
import type { IChartApi, Time } from 'lightweight-charts';
import { useChartColours } from '../charts/chart-theme';
import { baseChartOptions, loadCharts } from '../charts/load-charts';
import type { InsiderProfile } from '../ticker-page/ticker-types';

type Series = InsiderProfile['companies'][number]['holdings'];

/** Shares held after each reported row, one line per security and kind of ownership. */
export function HoldingsChart({ series, label }: { series: Series; label: string }) {
  const colours = useChartColours();
  const container = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  const charted = series.some((s) => s.points.length > 1);

  useEffect(() => {
    const element = container.current;
    if (!element || !charted) return;
    let chart: IChartApi | null = null;
    let cancelled = false;
    void loadCharts()
      .then(({ createChart, LineSeries }) => {
        if (cancelled) return;
        chart = createChart(element, {
          ...baseChartOptions(colours, { coarse: true }),
          handleScroll: false,
          handleScale: false,
        });
        series.forEach((s, i) => {
          const line = chart!.addSeries(LineSeries, {
            color: colours.palette[i % colours.palette.length],
            lineWidth: 2,
            lineType: 1,
            pointMarkersVisible: true,
            priceFormat: { type: 'volume' },
            lastValueVisible: false,
            priceLineVisible: false,
          });
          line.setData(s.points.map(([day, shares]) => ({ time: day as Time, value: shares })));
        });
        chart.timeScale().fitContent();
      })
      .catch(() => setFailed(true));
    return () => {
      cancelled = true;
      chart?.remove();
    };
  }, [series, colours, charted]);

  if (series.length === 0) return <p className="muted">No holdings reported.</p>;
  if (failed) return <p className="muted">The holdings chart could not be loaded.</p>;
  if (!charted) {
    // One reported day per holding draws no line: say what was held instead.
    return (
      <ul className="in-holdings__list">
        {series.map((s) => (
          <li key={s.label}>
            {s.label}: <strong>{s.points[0]![1].toLocaleString('en-US')} shares</strong> on {s.points[0]![0]}
          </li>
        ))}
      </ul>
    );
  }
  return (
    <figure className="in-holdings">
      <div ref={container} className="in-holdings__canvas" role="img" aria-label={label} data-testid="holdings-chart" />
      <figcaption>
        <ul className="tp-legend">
          {series.map((s, i) => (
            <li key={s.label}>
              <span
                className="tp-legend__dot"
                style={{ background: colours.palette[i % colours.palette.length] }}
                aria-hidden="true"
              />
              {s.label} · {s.points[s.points.length - 1]![1].toLocaleString('en-US')} shares on{' '}
              {s.points[s.points.length - 1]![0]}
            </li>
          ))}
        </ul>
      </figcaption>
    </figure>
  );
}
