import { IMPORTANCE_LEVELS } from '#shared/importance';
import { SCORING_RULES, SCORING_THRESHOLDS, type ScoringRule } from '#shared/scoring-rules';

export interface ScoringRulesView {
  levels: typeof IMPORTANCE_LEVELS;
  rules: readonly ScoringRule[];
  thresholds: typeof SCORING_THRESHOLDS;
}

/** The importance rules as the /about-our-ai page shows them. */
export function getScoringRules(): ScoringRulesView {
  return { levels: IMPORTANCE_LEVELS, rules: SCORING_RULES, thresholds: SCORING_THRESHOLDS };
}
