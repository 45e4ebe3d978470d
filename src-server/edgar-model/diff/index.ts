/**
 * The pure comparison of two reports' sections (edgar-model/sections): per section the measures
 * of "Lazy Prices" and the share of sentences added and removed; the risk factors added and
 * removed. The newer report is compared with the older one; nothing here reads or fetches.
 */
import type { ReportDiff, RiskFactorRef, SectionChange } from '#shared/report-diff';
import type { ReportSections, RiskFactor } from '../sections';
import { matchRiskFactors } from './risk-match';
import {
  cosine,
  firstSentence,
  jaccard,
  rewrittenShare,
  sentenceChange,
  sentences,
  termFrequencies,
  wordCount,
} from './text-measures';

export { RISK_MATCH_MIN } from './risk-match';

const round = (x: number) => Math.round(x * 10_000) / 10_000;

function ref(f: RiskFactor): RiskFactorRef {
  return { heading: f.heading, firstSentence: firstSentence(f.body), category: f.category };
}

/** Sections with less text than this in either report are not compared ("None.", "Not applicable."). */
const MIN_COMPARED_CHARS = 1;

export function compareReports(newer: ReportSections, older: ReportSections): ReportDiff {
  const sections: SectionChange[] = [];
  const olderById = new Map(older.sections.map((s) => [s.id, s]));
  const newerIds = new Set(newer.sections.map((s) => s.id));
  for (const s of newer.sections) {
    const o = olderById.get(s.id);
    if (!o || s.body.length < MIN_COMPARED_CHARS || o.body.length < MIN_COMPARED_CHARS) continue;
    const a = termFrequencies(s.body);
    const b = termFrequencies(o.body);
    const change = sentenceChange(sentences(o.body), sentences(s.body));
    sections.push({
      id: s.id,
      item: s.item,
      cosine: round(cosine(a, b)),
      jaccard: round(jaccard(a, b)),
      sentencesAdded: round(change.added),
      sentencesRemoved: round(change.removed),
      rewritten: round(rewrittenShare(o.body, s.body)),
      words: wordCount(a),
      previousWords: wordCount(b),
      anchor: s.anchor ?? null,
      priorAnchor: o.anchor ?? null,
    });
  }
  const match = matchRiskFactors(newer.riskFactors, older.riskFactors);
  return {
    sections,
    onlyInNewer: newer.sections.filter((s) => !olderById.has(s.id)).map((s) => s.id),
    onlyInOlder: older.sections.filter((s) => !newerIds.has(s.id)).map((s) => s.id),
    riskFactorsAdded: match.added.map(ref),
    riskFactorsRemoved: match.removed.map(ref),
    riskFactorsKept: match.kept.length,
    riskFactorsReworded: match.kept.filter((k) => k.newer.heading !== k.older.heading).length,
  };
}
