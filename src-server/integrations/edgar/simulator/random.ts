/** Seeded randomness for the simulator: the same seed gives the same simulated day. */

/** mulberry32: small, fast, good enough for sampling. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** An empirical distribution given by its percentiles (linear between them). */
export interface Quantiles {
  percentiles: number[];
  seconds: number[];
}

export function sampleQuantiles(q: Quantiles, u: number): number {
  const p = u * 100;
  const { percentiles: ps, seconds: xs } = q;
  for (let i = 1; i < ps.length; i += 1) {
    if (p <= ps[i]!) {
      const lo = ps[i - 1]!;
      const hi = ps[i]!;
      const f = hi === lo ? 0 : (p - lo) / (hi - lo);
      return xs[i - 1]! + f * (xs[i]! - xs[i - 1]!);
    }
  }
  return xs[xs.length - 1]!;
}

/** Lognormal with a given median and 95th percentile. */
export function sampleLognormal(median: number, p95: number, random: () => number): number {
  const sigma = Math.log(p95 / median) / 1.6449;
  // Box-Muller
  const z = Math.sqrt(-2 * Math.log(Math.max(1e-12, random()))) * Math.cos(2 * Math.PI * random());
  return median * Math.exp(sigma * z);
}

export function uniform(lo: number, hi: number, random: () => number): number {
  return lo + (hi - lo) * random();
}
