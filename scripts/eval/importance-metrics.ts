/**
 * The importance eval's figures, as a pure function of (label, got) pairs: agreement overall and per
 * family, CRITICAL↔LOW swaps (the costly errors), within-one-level agreement and the confusion
 * matrix. No database, no parser: unit-tested on its own (importance-metrics.test.ts).
 */
import { FAMILIES, LABELS, type Family, type Label } from './importance-set';

export interface Graded {
  family: Family;
  label: Label;
  got: Label;
}

export interface FamilyFigure {
  n: number;
  agree: number;
}

export interface Metrics {
  n: number;
  agree: number;
  /** |rank(label) − rank(got)| ≤ 1. */
  withinOne: number;
  /** label CRITICAL and got LOW, or label LOW and got CRITICAL. */
  criticalLowSwaps: number;
  byFamily: Partial<Record<Family, FamilyFigure>>;
  /** confusion[label][got] = count. */
  confusion: Record<Label, Record<Label, number>>;
}

const RANK: Record<Label, number> = { CRITICAL: 4, HIGH: 3, MEDIUM: 2, LOW: 1 };

export function isSwap(label: Label, got: Label): boolean {
  return (label === 'CRITICAL' && got === 'LOW') || (label === 'LOW' && got === 'CRITICAL');
}

export function computeMetrics(rows: readonly Graded[]): Metrics {
  const confusion = Object.fromEntries(
    LABELS.map((l) => [l, Object.fromEntries(LABELS.map((g) => [g, 0])) as Record<Label, number>]),
  ) as Record<Label, Record<Label, number>>;
  const byFamily: Partial<Record<Family, FamilyFigure>> = {};
  let agree = 0;
  let withinOne = 0;
  let criticalLowSwaps = 0;
  for (const r of rows) {
    confusion[r.label][r.got] += 1;
    const same = r.label === r.got;
    if (same) agree += 1;
    if (Math.abs(RANK[r.label] - RANK[r.got]) <= 1) withinOne += 1;
    if (isSwap(r.label, r.got)) criticalLowSwaps += 1;
    const fam = byFamily[r.family] ?? { n: 0, agree: 0 };
    byFamily[r.family] = fam;
    fam.n += 1;
    if (same) fam.agree += 1;
  }
  return { n: rows.length, agree, withinOne, criticalLowSwaps, byFamily, confusion };
}

const rate = (part: number, whole: number) => (whole === 0 ? '0.000' : (part / whole).toFixed(3));

/** `eval:importance n=.. agree=.. critical_low_swaps=.. by_family=..` (agree as a rate with its count). */
export function metricsLine(prefix: string, m: Metrics): string {
  const families = FAMILIES.flatMap((f) => {
    const fig = m.byFamily[f];
    return fig ? [`${f}:${rate(fig.agree, fig.n)}/${fig.n}`] : [];
  }).join(',');
  return (
    `${prefix} n=${m.n} agree=${rate(m.agree, m.n)} agreed=${m.agree} within_one=${rate(m.withinOne, m.n)} ` +
    `critical_low_swaps=${m.criticalLowSwaps} by_family=${families}`
  );
}

/** Rows are the reader's labels, columns what the scorer gave. */
export function confusionTable(m: Metrics): string {
  const head = `${'label \\ got'.padEnd(12)}${LABELS.map((l) => l.padStart(10)).join('')}${'n'.padStart(7)}`;
  const lines = LABELS.map((l) => {
    const row = LABELS.map((g) => String(m.confusion[l][g]).padStart(10)).join('');
    const n = LABELS.reduce((s, g) => s + m.confusion[l][g], 0);
    return `${l.padEnd(12)}${row}${String(n).padStart(7)}`;
  });
  return [head, ...lines].join('\n');
}
