import type { ChartColours } from './chart-theme';

type ChartsModule = typeof import('lightweight-charts');
let loading: Promise<ChartsModule> | null = null;

/** lightweight-charts (~50 KB gzip) loads only when a chart is on screen, never with the dashboard. */
export function loadCharts(): Promise<ChartsModule> {
  loading ??= import('lightweight-charts').catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** Axis labels: the year at year starts, the month name otherwise (never a bare day number). */
function tickLabel(time: unknown, type: number, coarse: boolean): string {
  // Series times are 'YYYY-MM-DD'; the chart hands them back as that string or as a business day.
  const [year, month, date] =
    typeof time === 'string'
      ? time.split('-').map(Number)
      : time && typeof time === 'object'
        ? [(time as { year: number }).year, (time as { month: number }).month, (time as { day: number }).day]
        : [];
  if (!year || !month) return '';
  // TickMarkType: 0 Year, 1 Month, 2 DayOfMonth, 3 Time, 4 TimeWithSeconds.
  if (type === 0) return String(year);
  if (type === 1 || coarse) return MONTHS[month - 1]!;
  return `${MONTHS[month - 1]} ${date}`;
}

/** Options shared by every chart of the app: theme colours, no logo, time axis in days (`coarse`: weeks or longer). */
export function baseChartOptions(colours: ChartColours, { coarse = false }: { coarse?: boolean } = {}) {
  return {
    autoSize: true,
    layout: {
      background: { color: 'transparent' },
      textColor: colours.muted,
      fontFamily: 'Inter, system-ui, sans-serif',
      attributionLogo: false,
    },
    grid: { vertLines: { visible: false }, horzLines: { color: colours.grid } },
    rightPriceScale: { borderColor: colours.border },
    timeScale: {
      borderColor: colours.border,
      fixLeftEdge: true,
      fixRightEdge: true,
      tickMarkFormatter: (time: unknown, type: number) => tickLabel(time, type, coarse),
    },
    crosshair: { horzLine: { labelBackgroundColor: colours.line }, vertLine: { labelBackgroundColor: colours.line } },
  } as const;
}
