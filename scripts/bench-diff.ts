/**
 * npm run bench:diff — the report diff's CPU cost: each real consecutive pair of 10-Ks the replay
 * ships (inline XBRL HTML, 1.1-3.9 MB each) split into sections and compared, against the baseline
 * of a plain text extraction (htmlToText, uncut) of the same two documents in the same run. CPU
 * time (user + system of this process), not wall time: the machine is shared. Target: under 1 s
 * of CPU per pair. Decompressing the stored documents happens before timing.
 */
import { compareReports } from '../src-server/edgar-model/diff';
import { readSections } from '../src-server/edgar-model/sections';
import { htmlToText } from '../src-server/edgar-model/parse/text';
import { loadReplaySet } from '../src-server/integrations/edgar/replay/replay-set';
import { readFileSync } from 'node:fs';
import { benchArgs } from './bench/bench-args';
import { percentile } from './bench/stats';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? (benchArgs.smoke ? 1 : 5));
const TARGET_MS = 1000;

function cpuMs(run: () => void): number {
  const before = process.cpuUsage();
  run();
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000;
}

const tenKs = loadReplaySet().filter((f) => f.formType === '10-K' && f.kind === 'document' && f.sizeBytes > 1_000_000);
const byCik = new Map<number, typeof tenKs>();
for (const f of tenKs) byCik.set(f.cik, [...(byCik.get(f.cik) ?? []), f]);
// The smoke run (npm test) diffs one pair once: it proves the bench runs, nothing more.
const pairs = [...byCik.values()]
  .slice(0, benchArgs.smoke ? 1 : undefined)
  .filter((list) => list.length === 2)
  .map((list) => {
    const [newer, older] = list.sort((a, b) => (a.accessionNo < b.accessionNo ? 1 : -1));
    return { newer: newer!.body, older: older!.body, bytes: newer!.sizeBytes + older!.sizeBytes };
  });
if (pairs.length === 0) throw new Error('no pairs of 10-Ks over 1 MB in the replay set');

const diffMs: number[] = [];
const baseMs: number[] = [];
let largest = { bytes: 0, diff: 0, base: 0 };
for (let round = 0; round < ROUNDS; round += 1) {
  for (const { newer, older, bytes } of pairs) {
    const d = cpuMs(() => {
      const a = readSections(newer, '10-K');
      const b = readSections(older, '10-K');
      if (!a || !b || compareReports(a, b).sections.length === 0) throw new Error('pair did not compare');
    });
    const t = cpuMs(() => {
      htmlToText(newer, Number.POSITIVE_INFINITY);
      htmlToText(older, Number.POSITIVE_INFINITY);
    });
    diffMs.push(d);
    baseMs.push(t);
    if (round === ROUNDS - 1 && bytes > largest.bytes) largest = { bytes, diff: d, base: t };
  }
}

const pct = (xs: number[], p: number) => percentile(xs, p * 100);
const f = (x: number) => x.toFixed(1);
const load = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(',');
const over = diffMs.filter((x) => x >= TARGET_MS).length;
process.stdout.write(
  `${[
    'bench=diff',
    `pairs=${pairs.length}`,
    `rounds=${ROUNDS}`,
    `n=${diffMs.length}`,
    `diff_cpu_ms_p50=${f(pct(diffMs, 0.5))}`,
    `diff_cpu_ms_p95=${f(pct(diffMs, 0.95))}`,
    `diff_cpu_ms_max=${f(Math.max(...diffMs))}`,
    `baseline_text_cpu_ms_p50=${f(pct(baseMs, 0.5))}`,
    `baseline_text_cpu_ms_p95=${f(pct(baseMs, 0.95))}`,
    `baseline_text_cpu_ms_max=${f(Math.max(...baseMs))}`,
    `largest_pair_mb=${(largest.bytes / 1e6).toFixed(2)}`,
    `largest_pair_diff_cpu_ms=${f(largest.diff)}`,
    `largest_pair_baseline_cpu_ms=${f(largest.base)}`,
    `target_cpu_ms=${TARGET_MS}`,
    `over_target=${over}`,
    `target_met=${over === 0}`,
    'samples_left_out=0',
    `loadavg=${load}`,
  ].join(' ')}\n`,
);
