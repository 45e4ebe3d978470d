/** A labelled 8-K as its card reads, for tests: parsed with the feed's hints, scored with no stored context. */
import { type ParseHints, parseFiling } from '../edgar-model/parse';
import { type Score, scoreFiling } from '../edgar-model/score';
import { repoDocument } from './edgar-fixtures';

/** `file` under eval/importance/filings/8k (SOURCES.md there). */
export function eval8kCard(file: string, hints: ParseHints = {}): Score {
  return scoreFiling(parseFiling(repoDocument(`eval/importance/filings/8k/${file}`), { formType: '8-K', ...hints }));
}
