import { cpus, loadavg } from 'node:os';

/**
 * The command line every bench shares: `--smoke` (tiny sizes and short runs, for npm test: it
 * proves the bench runs end to end, its figures mean nothing) and `--name value` or `--name=value`
 * options (a `--processes=2` once ran silently in one process when only the spaced form was read).
 */
function option(name: string): string | undefined {
  const flag = `--${name}`;
  const i = process.argv.indexOf(flag);
  if (i > 0) return process.argv[i + 1];
  return process.argv.find((a) => a.startsWith(`${flag}=`))?.slice(flag.length + 1);
}

export const benchArgs = {
  smoke: process.argv.includes('--smoke') || process.env.BENCH_SMOKE === '1',
  number(name: string, fallback: number): number {
    const raw = option(name);
    const value = raw ? Number(raw) : Number.NaN;
    return Number.isFinite(value) ? value : fallback;
  },
  string(name: string, fallback: string): string {
    return option(name) || fallback;
  },
};

/** `2 cores, load average 1.9 1.0 0.4`: printed beside every figure (the machine is shared). */
export const machine = () =>
  `${cpus().length} cores, load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`;
