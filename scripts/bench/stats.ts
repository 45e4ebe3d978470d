/**
 * The one percentile every bench prints (decision 281): linear interpolation between the two
 * closest ranks (Hyndman and Fan's type 7: numpy's default, Excel's PERCENTILE.INC), so p50 of
 * an even sample is the mean of the middle two and p100 is the maximum. Every figure is printed
 * with its n, because a p95 of 14 samples is the second-largest of them and says little.
 */

/** The q-th percentile (0-100) of `values` (any order); NaN when there are none. */
export function percentile(values: readonly number[], q: number): number {
  if (!(q >= 0 && q <= 100)) throw new RangeError(`percentile ${q} is not within 0-100`);
  const xs = [...values].sort((a, b) => a - b);
  if (xs.length === 0) return Number.NaN;
  const i = (q / 100) * (xs.length - 1);
  const lo = Math.floor(i);
  const hi = Math.ceil(i);
  return xs[lo]! + (xs[hi]! - xs[lo]!) * (i - lo);
}

export interface Summary {
  n: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

/** n, p50, p95, p99 and max in one pass over a sorted copy. */
export function summarize(values: readonly number[]): Summary {
  return {
    n: values.length,
    p50: percentile(values, 50),
    p95: percentile(values, 95),
    p99: percentile(values, 99),
    max: values.length ? Math.max(...values) : Number.NaN,
  };
}

/** A figure for printing: `digits` decimals, or `n/a` when there was nothing to measure. */
export const fixed = (value: number, digits = 2): string => (Number.isFinite(value) ? value.toFixed(digits) : 'n/a');

/** `n=14 p50 0.55 p95 0.77 max 1.20`: a distribution as one line, never without its n. */
export function describe(values: readonly number[], digits = 2): string {
  const s = summarize(values);
  return `n=${s.n} p50 ${fixed(s.p50, digits)} p95 ${fixed(s.p95, digits)} p99 ${fixed(s.p99, digits)} max ${fixed(s.max, digits)}`;
}
