import { type RefObject, useRef } from 'react';
import { CHART_RANGES } from '#shared/chart-ranges';
import { FILED_DATE_NOT_RECORDED } from '#shared/filed-date';
import { IMPORTANCE_LEVELS } from '#shared/importance';
import { ImportanceBadge } from '../../components/ImportanceBadge';
import { formatDay, formatPrice } from '../../lib/format';
import type { ChartColours } from '../charts/chart-theme';
import { formDisplayName } from '../watchlist/card-rules';
import { ADJUSTMENT_WORDS, importanceLabel } from './ticker-page-rules';
import type { ChartRange, TickerChart } from './ticker-types';
import type { Placed } from './use-price-chart';

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
  return new Date(iso).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'America/New_York',
  });
}

/** The tooltip opens above the dot, below it near the top, and leans inwards near either edge. */
function tooltipClass(at: Placed, width: number): string {
  const classes = ['tp-chart__tooltip'];
  if (at.y < 150) classes.push('tp-chart__tooltip--below');
  if (at.x < 170) classes.push('tp-chart__tooltip--start');
  else if (at.x > width - 170) classes.push('tp-chart__tooltip--end');
  return classes.join(' ');
}

/** Title, where the prices come from, and the range buttons. */
export function ChartHead({
  data,
  empty,
  range,
  onRange,
}: {
  data: TickerChart | undefined;
  empty: boolean;
  range: ChartRange;
  onRange: (range: ChartRange) => void;
}) {
  const source = data?.source;
  return (
    <div className="tp-chart__head">
      <div>
        <h2 id="chart-title">Price and filings</h2>
        {source && (
          <p className="tp-chart__source muted">
            {data.interval === 'weekly' ? 'Weekly' : 'Daily'} {ADJUSTMENT_WORDS[source.adjustment] ?? 'closes'} from{' '}
            {source.provider}
            {source.last_day && <>, to {formatDay(source.last_day)}</>}
          </p>
        )}
      </div>
      {!empty && (
        <fieldset className="bare-fieldset segmented tp-chart__ranges" aria-label="Chart range">
          {CHART_RANGES.map((r) => (
            <button key={r} type="button" aria-pressed={range === r} onClick={() => onRange(r)}>
              {r === 'MAX' ? 'Max' : r}
            </button>
          ))}
        </fieldset>
      )}
    </div>
  );
}

/** Arrow keys move to the next or the previous day's marker. */
const ARROW_STEP: Partial<Record<string, number>> = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };

/** A button over each dot: hover or focus shows the day's filings, arrow keys move between days. */
export function MarkerHits({
  placed,
  active,
  setActive,
  onMarkerClick,
}: {
  placed: Placed[];
  active: number | null;
  setActive: (index: number | null) => void;
  onMarkerClick?: (filingId: number) => void;
}) {
  const hitsRef = useRef<HTMLFieldSetElement>(null);
  const focusMarker = (index: number) => {
    const next = Math.max(0, Math.min(placed.length - 1, index));
    hitsRef.current?.querySelectorAll<HTMLButtonElement>('button')[next]?.focus();
  };
  return (
    <fieldset
      className="bare-fieldset tp-chart__hits"
      ref={hitsRef}
      aria-label="Filings on the chart (arrow keys move between days)"
    >
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
            const step = ARROW_STEP[e.key];
            if (step === undefined) return;
            e.preventDefault();
            focusMarker(i + step);
          }}
        />
      ))}
    </fieldset>
  );
}

/** The hovered day's filings (three at most), placed by the dot. */
export function MarkerTooltip({
  hover,
  weekly,
  container,
}: {
  hover: Placed;
  weekly: boolean;
  container: RefObject<HTMLDivElement | null>;
}) {
  return (
    <div
      className={tooltipClass(hover, container.current?.clientWidth ?? 0)}
      style={{ left: hover.x, top: hover.y }}
      role="tooltip"
      data-testid="chart-tooltip"
    >
      <p className="tp-chart__tooltip-day">
        {weekly ? `Week ending ${formatDay(hover.marker.day)}` : formatDay(hover.marker.day)}
      </p>
      <ul>
        {hover.marker.filings.slice(0, 3).map((f) => (
          <li key={f.id}>
            <span className="tp-chart__tooltip-meta">
              <ImportanceBadge level={f.importance} /> <span className="form-tag">{formDisplayName(f.form)}</span>{' '}
              <span className="muted">
                {f.filed_date_unknown
                  ? // The dot sits at the period the report covers, the only date it has.
                    `${FILED_DATE_NOT_RECORDED} (marked at its period end)`
                  : filedDay(f.filed_at)}
              </span>
            </span>
            {f.one_liner}
          </li>
        ))}
      </ul>
      {hover.marker.filings.length > 3 && <p className="muted">and {hover.marker.filings.length - 3} more that day</p>}
    </div>
  );
}

/** Marker colours and what the chart shows (filings marked, left out, last close). */
export function ChartFoot({ data, colours }: { data: TickerChart; colours: ChartColours }) {
  return (
    <div className="tp-chart__foot">
      <ul className="tp-legend" aria-label="Marker colours">
        {IMPORTANCE_LEVELS.map((level) => (
          <li key={level}>
            <span className="tp-legend__dot" style={{ background: colours.importance[level] }} aria-hidden="true" />
            {importanceLabel(level)}
          </li>
        ))}
      </ul>
      <p className="muted tp-chart__note">{chartNote(data)}</p>
    </div>
  );
}
