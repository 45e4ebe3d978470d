/** The ticker page chart: daily (or weekly) closes with the company's filings as markers. */
import type { ChartRange } from '#shared/chart-ranges';
import type { Db } from '../../db/client';
import { priceSeries, type PriceSeries } from '../prices/prices.service';
import type { TickerIndex } from '../tickers/ticker-index';
import * as repo from './ticker-pages.repo';
import { loadHeader, parseFilter, type FilingFilterInput } from './ticker-pages.service';

/** More markers than this would hide the line; the most important ones are kept. */
export const MAX_MARKERS = 400;

export interface ChartMarker {
  id: number;
  /** The trading day (a point of the series) the marker sits on. */
  day: string;
  /** Where the marker sits; only the period end when filed_date_unknown. */
  filed_at: string;
  /** No filing date is recorded: the marker's label must not give filed_at as one. */
  filed_date_unknown: boolean;
  importance: string;
  form: string;
  one_liner: string;
}

export interface TickerChart extends PriceSeries {
  ticker: string;
  markers: ChartMarker[];
  /** Filings (matching the filters) within the days shown but left off past MAX_MARKERS. */
  markers_omitted: number;
  /** Filings (matching the filters) filed outside the days the series covers. */
  markers_outside: number;
}

/** The first point on or after `day` (filings after the close or on a holiday sit on the next session). */
function snap(days: string[], day: string): string | null {
  let lo = 0;
  let hi = days.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (days[mid]! < day) lo = mid + 1;
    else hi = mid;
  }
  return days[lo] ?? null;
}

export async function getTickerChart(
  db: Db,
  params: { index: TickerIndex; ticker: string; range: ChartRange; filter: FilingFilterInput },
): Promise<TickerChart> {
  const filter = parseFilter(params.filter);
  const entry = params.index.get(params.ticker);
  const { ticker, cik } = entry ?? (await loadHeader(db, params));
  const series = await priceSeries(db, { ticker, range: params.range });
  const days = series.points.map(([day]) => day);
  if (days.length === 0) return { ...series, ticker, markers: [], markers_omitted: 0, markers_outside: 0 };
  const { markers, inside, outside } = await repo.chartMarkers(db, {
    cik,
    from: days[0]!,
    to: days[days.length - 1]!,
    filter,
    limit: MAX_MARKERS,
  });
  return {
    ...series,
    ticker,
    markers: markers.flatMap((m) => {
      const day = snap(days, m.day);
      return day
        ? [
            {
              id: m.id,
              day,
              filed_at: m.filed_at,
              filed_date_unknown: m.filed_date_unknown,
              importance: m.importance,
              form: m.form_type,
              one_liner: m.one_liner,
            },
          ]
        : [];
    }),
    markers_omitted: Math.max(0, inside - markers.length),
    markers_outside: outside,
  };
}
