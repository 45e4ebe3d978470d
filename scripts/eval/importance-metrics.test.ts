// The importance eval's arithmetic and its split, on hand-made grade lists: pure, no database.
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { computeMetrics, confusionTable, isSwap, metricsLine, type Graded } from './importance-metrics';
import { LABELS, assignSplits, familyOf, hashByte, isHoldoutKey, parseLabelLines } from './importance-set';

const rows: Graded[] = [
  { family: '8-K', label: 'CRITICAL', got: 'CRITICAL' },
  { family: '8-K', label: 'CRITICAL', got: 'LOW' },
  { family: '8-K', label: 'HIGH', got: 'MEDIUM' },
  { family: 'form345', label: 'LOW', got: 'CRITICAL' },
  { family: 'form345', label: 'LOW', got: 'LOW' },
  { family: 'periodic', label: 'MEDIUM', got: 'HIGH' },
];

describe('importance metrics', () => {
  it('counts agreement, within-one and CRITICAL↔LOW swaps in both directions', () => {
    const m = computeMetrics(rows);
    expect(m).toMatchObject({ n: 6, agree: 2, withinOne: 4, criticalLowSwaps: 2 });
    expect(m.byFamily).toEqual({
      '8-K': { n: 3, agree: 1 },
      form345: { n: 2, agree: 1 },
      periodic: { n: 1, agree: 0 },
    });
    expect(isSwap('HIGH', 'LOW')).toBe(false);
  });

  it('fills the confusion matrix with labels as rows and the scorer as columns', () => {
    const m = computeMetrics(rows);
    expect(m.confusion.CRITICAL).toEqual({ CRITICAL: 1, HIGH: 0, MEDIUM: 0, LOW: 1 });
    expect(m.confusion.LOW).toEqual({ CRITICAL: 1, HIGH: 0, MEDIUM: 0, LOW: 1 });
    expect(confusionTable(m).split('\n')[1]).toMatch(/^CRITICAL\s+1\s+0\s+0\s+1\s+2$/);
  });

  it('prints the one line the issue asks for, families in a fixed order', () => {
    expect(metricsLine('eval:importance', computeMetrics(rows))).toBe(
      'eval:importance n=6 agree=0.333 agreed=2 within_one=0.667 critical_low_swaps=2 by_family=8-K:0.333/3,form345:0.500/2,periodic:0.000/1',
    );
    expect(metricsLine('x', computeMetrics([]))).toBe(
      'x n=0 agree=0.000 agreed=0 within_one=0.000 critical_low_swaps=0 by_family=',
    );
  });
});

describe('importance set', () => {
  it('holds out by the first byte of the key hash, deterministically', () => {
    expect(hashByte('0000950137-05-004969')).toBe(hashByte('0000950137-05-004969'));
    const keys = Array.from({ length: 2000 }, (_, i) => `key-${i}`);
    const share = keys.filter(isHoldoutKey).length / keys.length;
    expect(share).toBeGreaterThan(0.15);
    expect(share).toBeLessThan(0.25);
  });

  it('moves one filing into the holdout of a family that got none', () => {
    const tuneOnly = Array.from({ length: 40 }, (_, i) => `a-${i}`).filter((k) => !isHoldoutKey(k));
    const lines = tuneOnly
      .slice(0, 3)
      .map((accession) => ({ accession, file: `${accession}.txt`, family: '13d-g' as const }));
    const split = assignSplits(lines);
    expect(split.filter((l) => l.split === 'holdout')).toHaveLength(1);
  });

  it('files forms into the issue families', () => {
    expect(['8-K/A', '4/A', 'SC 13G/A', 'SCHEDULE 13D', 'NT 10-Q', '10-K405', '6-K', 'S-1'].map(familyOf)).toEqual([
      '8-K',
      'form345',
      '13d-g',
      '13d-g',
      'periodic',
      'periodic',
      'other',
      'other',
    ]);
  });
});

describe('eval/importance/labels.jsonl', () => {
  const lines = parseLabelLines(readFileSync('eval/importance/labels.jsonl', 'utf8'));

  it('is well formed: a known label, a why, the family of its form, an existing file, no repeats', () => {
    const bad = lines.filter(
      (l) =>
        !LABELS.includes(l.label) ||
        !l.why.trim() ||
        l.family !== familyOf(l.form) ||
        !existsSync(l.file) ||
        (l.accession !== null && !/^\d{10}-\d{2}-\d{6}$/.test(l.accession)),
    );
    expect(bad.map((l) => l.file)).toEqual([]);
    expect(new Set(lines.map((l) => l.file)).size).toBe(lines.length);
    const accessions = lines.flatMap((l) => (l.accession ? [l.accession] : []));
    expect(new Set(accessions).size).toBe(accessions.length);
  });

  it('keeps every split the one its key gives (nobody moves a filing out of the holdout)', () => {
    const expected = assignSplits(lines);
    expect(lines.filter((l, i) => l.split !== expected[i]?.split).map((l) => l.file)).toEqual([]);
    expect(lines.filter((l) => l.split === 'holdout').length).toBeGreaterThanOrEqual(Math.floor(lines.length / 7));
  });
});
