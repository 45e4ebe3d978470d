/**
 * Every bench runs end to end (issue #27: bench:pages had been failing unnoticed): each
 * `npm run bench:*` script at its `--smoke` size, two at a time, each on a clone of the test run's
 * migrated template on the test PostgreSQL. Only that it finishes and prints its line is checked:
 * smoke figures mean nothing (and this suite never asserts on speed).
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';

const root = join(import.meta.dirname, '..');
// Longest first (bench-detect replays a minute of market hours in real time): two lanes then end
// near the same time instead of the last bench running alone.
const BENCHES: { script: string; line: RegExp }[] = [
  { script: 'bench-detect.ts', line: /^bench:detect filings=\d+ recall=/m },
  { script: 'bench-tickers.ts', line: /^bench:tickers n=\d+/m },
  { script: 'bench-diff.ts', line: /^bench=diff pairs=1 /m },
  { script: 'bench-ticker-pages.ts', line: /^bench:pages single_n=\d+/m },
  { script: 'bench-watchlist.ts', line: /^bench:watchlist mixed n=\d+/m },
  { script: 'bench-live.ts', line: /^bench:live clients=20 /m },
  { script: 'bench-ingest.ts', line: /^bench:ingest docs=200 .* stored=40 /m },
  { script: 'bench-fanout.ts', line: /^bench:fanout watchers=50 .* unsent=0 /m },
];

function runBench(script: string): Promise<{ code: number | null; output: string }> {
  const { adminUrl, template } = inject('pg');
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'scripts', script), '--smoke'], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: adminUrl, BENCH_TEMPLATE: template, LOG_LEVEL: 'silent' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.on('close', (code) => resolve({ code, output }));
  });
}

/** Two benches at a time over the whole list, started once; each test awaits its own. */
let started: Map<string, Promise<{ code: number | null; output: string }>> | null = null;
function resultOf(script: string) {
  if (!started) {
    const runs = new Map<string, Promise<{ code: number | null; output: string }>>();
    const resolvers = new Map<string, (r: { code: number | null; output: string }) => void>();
    for (const { script: s } of BENCHES) runs.set(s, new Promise((resolve) => resolvers.set(s, resolve)));
    const queue = BENCHES.map((b) => b.script);
    for (let lane = 0; lane < 2; lane += 1)
      void (async () => {
        for (let next = queue.shift(); next; next = queue.shift()) resolvers.get(next)!(await runBench(next));
      })();
    started = runs;
  }
  return started.get(script)!;
}

// Generous: on the shared 2-core machine at load average 20+ one smoke run took minutes.
describe('every bench at its smoke size', () => {
  for (const { script, line } of BENCHES)
    it(`${script} runs and prints its line`, { timeout: 1_800_000 }, async () => {
      const { code, output } = await resultOf(script);
      expect({ code, printed: line.test(output) }, output.slice(-2000)).toEqual({ code: 0, printed: true });
    });
});
