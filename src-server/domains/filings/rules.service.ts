import { IMPORTANCE_LEVELS } from '../../core/importance';
import { SCORING_RULES, SCORING_THRESHOLDS, type ScoringRule } from '../../core/scoring-rules';

export interface ScoringRulesView {
  levels: typeof IMPORTANCE_LEVELS;
  rules: readonly ScoringRule[];
  thresholds: typeof SCORING_THRESHOLDS;
}

/** The importance rules as the /about-our-ai page shows them. */
export function getScoringRules(): ScoringRulesView {
  return { levels: IMPORTANCE_LEVELS, rules: SCORING_RULES, thresholds: SCORING_THRESHOLDS };
}
