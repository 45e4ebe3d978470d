import { cpus, loadavg } from 'node:os';

/**
 * The command line every bench shares: `--smoke` (tiny sizes and short runs, for npm test: it
 * proves the bench runs end to end, its figures mean nothing) and `--name value` numbers.
 */
export const benchArgs = {
  smoke: process.argv.includes('--smoke') || process.env.BENCH_SMOKE === '1',
  number(name: string, fallback: number): number {
    const i = process.argv.indexOf(`--${name}`);
    const value = i > 0 ? Number(process.argv[i + 1]) : Number.NaN;
    return Number.isFinite(value) ? value : fallback;
  },
  string(name: string, fallback: string): string {
    const i = process.argv.indexOf(`--${name}`);
    return i > 0 && process.argv[i + 1] ? process.argv[i + 1]! : fallback;
  },
};

/** `2 cores, load average 1.9 1.0 0.4`: printed beside every figure (the machine is shared). */
export const machine = () =>
  `${cpus().length} cores, load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`;
