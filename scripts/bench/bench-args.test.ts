import { afterEach, describe, expect, it } from 'vitest';
import { benchArgs } from './bench-args';

const argv = process.argv;
afterEach(() => {
  process.argv = argv;
});

describe('bench options', () => {
  it('reads --name value and --name=value alike, and falls back on a missing or unreadable value', () => {
    process.argv = ['node', 'bench.ts', '--processes', '2', '--email=500', '--sms=', '--pool', 'x', '--mode=burst'];
    expect(benchArgs.number('processes', 0)).toBe(2);
    expect(benchArgs.number('email', 80_000)).toBe(500);
    expect(benchArgs.number('sms', 10_000)).toBe(10_000);
    expect(benchArgs.number('pool', 8)).toBe(8);
    expect(benchArgs.number('live', 10_000)).toBe(10_000);
    expect(benchArgs.string('mode', 'steady')).toBe('burst');
    expect(benchArgs.string('other', 'steady')).toBe('steady');
  });
});
