/**
 * Risk factors of two years matched one to one by similarity, so a reworded heading is the same
 * factor, not a new one: the score of a pair is the higher of its headings' cosine and its whole
 * texts' cosine; the best pairs are taken first. What is left unmatched was added or removed.
 */
import type { RiskFactor } from '../sections';
import { cosine, type TermFrequencies, termFrequencies } from './text-measures';

/** Below this a pair is two different factors (measured on the real pairs: docs/scoring.md). */
export const RISK_MATCH_MIN = 0.5;

export interface RiskMatch {
  added: RiskFactor[];
  removed: RiskFactor[];
  kept: { newer: RiskFactor; older: RiskFactor; score: number }[];
}

interface Vectors {
  heading: TermFrequencies;
  whole: TermFrequencies;
}

function vectors(f: RiskFactor): Vectors {
  return { heading: termFrequencies(f.heading), whole: termFrequencies(`${f.heading}\n${f.body}`) };
}

export function matchRiskFactors(newer: RiskFactor[], older: RiskFactor[]): RiskMatch {
  const nv = newer.map(vectors);
  const ov = older.map(vectors);
  const pairs: { n: number; o: number; score: number }[] = [];
  for (let n = 0; n < newer.length; n += 1) {
    for (let o = 0; o < older.length; o += 1) {
      const score = Math.max(cosine(nv[n]!.heading, ov[o]!.heading), cosine(nv[n]!.whole, ov[o]!.whole));
      if (score >= RISK_MATCH_MIN) pairs.push({ n, o, score });
    }
  }
  pairs.sort((a, b) => b.score - a.score);
  const usedN = new Set<number>();
  const usedO = new Set<number>();
  const kept: RiskMatch['kept'] = [];
  for (const p of pairs) {
    if (usedN.has(p.n) || usedO.has(p.o)) continue;
    usedN.add(p.n);
    usedO.add(p.o);
    kept.push({ newer: newer[p.n]!, older: older[p.o]!, score: p.score });
  }
  return {
    added: newer.filter((_, i) => !usedN.has(i)),
    removed: older.filter((_, i) => !usedO.has(i)),
    kept,
  };
}
