import { describe as group, expect, it } from 'vitest';
import { describe, fixed, percentile, summarize } from './stats';

group('percentile (the one every bench prints)', () => {
  it('interpolates between the closest ranks', () => {
    expect(percentile([1, 2, 3, 4], 50)).toBe(2.5);
    expect(percentile([4, 1, 3, 2], 50)).toBe(2.5);
    expect(percentile([10, 20, 30, 40, 50], 25)).toBe(20);
    expect(percentile([0, 10], 95)).toBeCloseTo(9.5);
  });

  it('is the minimum at 0, the maximum at 100, and the one value of a single sample', () => {
    expect(percentile([5, 1, 9], 0)).toBe(1);
    expect(percentile([5, 1, 9], 100)).toBe(9);
    expect(percentile([7], 95)).toBe(7);
  });

  it('is NaN for no samples and refuses a percentile outside 0-100', () => {
    expect(percentile([], 50)).toBeNaN();
    expect(() => percentile([1], 101)).toThrow(RangeError);
    expect(() => percentile([1], Number.NaN)).toThrow(RangeError);
  });

  it('does not reorder the caller’s array', () => {
    const xs = [3, 1, 2];
    percentile(xs, 50);
    expect(xs).toEqual([3, 1, 2]);
  });

  it('p95 of 1..100 is 95.05 (type 7), never below the nearest-rank value by more than one step', () => {
    const xs = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(xs, 95)).toBeCloseTo(95.05);
    expect(summarize(xs)).toEqual({ n: 100, p50: 50.5, p95: percentile(xs, 95), p99: percentile(xs, 99), max: 100 });
  });

  it('prints every distribution with its n, and n/a when empty', () => {
    expect(describe([1, 2, 3, 4])).toBe('n=4 p50 2.50 p95 3.85 p99 3.97 max 4.00');
    expect(describe([])).toBe('n=0 p50 n/a p95 n/a p99 n/a max n/a');
    expect(fixed(Number.NaN)).toBe('n/a');
  });
});
