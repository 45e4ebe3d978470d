/**
 * A 10-K or 10-Q whose Risk Factors or Legal Proceedings changed much more than the company's
 * usual change rises to HIGH, with the reason in numbers ("Risk factors rewrote 31% of their text;
 * typical for this company: 4%"). New and removed risk factors are named as a reason without
 * raising. Thresholds: REPORT_CHANGE_RULES (#shared/report-diff), measured in docs/scoring.md.
 */
import { percentText, REPORT_CHANGE_RULES as R, type ReportChangeFacts } from '#shared/report-diff';
import type { Hit } from './types';

const NAMES = { risk_factors: 'Risk factors', legal_proceedings: 'Legal proceedings' } as const;

export function reportChangeHits(change: ReportChangeFacts | null | undefined, form: string): Hit[] {
  if (!change) return [];
  const hits: Hit[] = [];
  for (const id of ['risk_factors', 'legal_proceedings'] as const) {
    const s = change.diff.sections.find((x) => x.id === id);
    const typical = change.typical[id];
    if (!s || !typical || s.words < R.minWords || s.previousWords < R.minWords) continue;
    if (s.rewritten < R.rewritten[id] || s.rewritten < R.overTypical * typical.share) continue;
    const usual =
      typical.basis === 'company'
        ? `typical for this company: ${percentText(typical.share)}`
        : `typical for large companies: ${percentText(typical.share)} (${R.measuredPairs} annual reports measured)`;
    hits.push({
      rule: 'periodic.rewrite',
      importance: 'HIGH',
      reason: `${NAMES[id]} rewrote ${percentText(s.rewritten)} of their text; ${usual}`,
    });
  }
  const added = change.diff.riskFactorsAdded.length;
  const removed = change.diff.riskFactorsRemoved.length;
  if (added || removed)
    hits.push({
      rule: 'periodic.risk_factors',
      importance: 'LOW',
      reason: `Risk factors since the ${/10-Q/.test(form) ? 'same quarter last year' : 'previous 10-K'}: ${added} new, ${removed} removed`,
    });
  return hits;
}
