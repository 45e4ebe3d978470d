/** bench:detect's figures: percentiles, an ASCII histogram and an SVG chart of the latency distributions. */

import { percentile } from './stats';

export { percentile };

const EDGES = [0, 1, 2, 5, 10, 20, 30, 45, 60, 90, 120, 180, 300, 600, Infinity];
const label = (lo: number, hi: number) => (hi === Infinity ? `>=${lo} s` : `${lo}-${hi} s`);

/** Counts per latency bucket as bars of '#'. */
export function histogram(values: number[], width = 50): string {
  const counts = EDGES.slice(0, -1).map((lo, i) => values.filter((v) => v >= lo && v < EDGES[i + 1]!).length);
  const max = Math.max(1, ...counts);
  return counts
    .map(
      (n, i) =>
        `  ${label(EDGES[i]!, EDGES[i + 1]!).padStart(11)} ${String(n).padStart(5)} ${'#'.repeat(Math.round((n / max) * width))}`,
    )
    .join('\n');
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');

/** Three cumulative distributions (share of filings/alerts within x seconds, log x axis). */
export function latencySvg(series: {
  acceptToDetect: number[];
  feedToDetect: number[];
  detectToSent: number[];
}): string {
  const W = 720;
  const H = 360;
  const L = 60;
  const B = 50;
  const T = 40;
  const R = 20;
  const xMin = 0.1;
  const xMax = 1000;
  const x = (v: number) =>
    L +
    ((Math.log10(Math.min(xMax, Math.max(xMin, v))) - Math.log10(xMin)) / (Math.log10(xMax) - Math.log10(xMin))) *
      (W - L - R);
  const y = (share: number) => T + (1 - share) * (H - T - B);
  const lines = [
    { name: 'EDGAR feed listing -> detected', values: series.feedToDetect, colour: '#2563eb' },
    { name: 'acceptance -> detected', values: series.acceptToDetect, colour: '#dc2626' },
    { name: 'detected -> email sent', values: series.detectToSent, colour: '#16a34a' },
  ];
  const paths = lines.map(({ values, colour, name }, k) => {
    const xs = [...values].sort((a, b) => a - b);
    const pts = xs.map((v, i) => `${x(v).toFixed(1)},${y((i + 1) / xs.length).toFixed(1)}`);
    const p50 = xs.length ? percentile(xs, 50) : Number.NaN;
    const p95 = xs.length ? percentile(xs, 95) : Number.NaN;
    return [
      `<polyline fill="none" stroke="${colour}" stroke-width="2" points="${x(xs[0] ?? xMin).toFixed(1)},${y(0)} ${pts.join(' ')}"/>`,
      `<rect x="${L + 10}" y="${T + 8 + k * 18}" width="12" height="3" fill="${colour}"/>`,
      `<text x="${L + 28}" y="${T + 13 + k * 18}" font-size="12">${esc(name)}: n=${xs.length}, p50 ${p50.toFixed(1)} s, p95 ${p95.toFixed(1)} s</text>`,
    ].join('\n');
  });
  const ticks = [0.1, 1, 10, 100, 1000].map(
    (v) =>
      `<line x1="${x(v)}" x2="${x(v)}" y1="${T}" y2="${H - B}" stroke="#e5e7eb"/><text x="${x(v)}" y="${H - B + 16}" font-size="11" text-anchor="middle">${v} s</text>`,
  );
  const yTicks = [0, 0.5, 0.95, 1].map(
    (v) =>
      `<line x1="${L}" x2="${W - R}" y1="${y(v)}" y2="${y(v)}" stroke="#e5e7eb"/><text x="${L - 6}" y="${y(v) + 4}" font-size="11" text-anchor="end">${Math.round(v * 100)}%</text>`,
  );
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" font-family="system-ui, sans-serif">
<rect width="${W}" height="${H}" fill="#fff"/>
<text x="${L}" y="22" font-size="14" font-weight="600">bench:detect: share within x seconds (simulated), the whole run</text>
${ticks.join('\n')}
${yTicks.join('\n')}
${paths.join('\n')}
<text x="${(W + L) / 2}" y="${H - 12}" font-size="12" text-anchor="middle">seconds (log scale)</text>
</svg>
`;
}
