/**
 * Risk Factors split into individual factors by their headings. Filers set each factor's heading
 * apart in bold or italics: a whole block (a sentence, usually ending in a period), or the
 * emphasised first sentence of the factor's paragraph. Shorter emphasised lines without a full
 * stop ("Risks Related to Our Business") are category headings. Old text filings carry no styling;
 * there a short one-sentence paragraph followed by a longer one is read as a heading.
 */
import type { Block } from './blocks';

export interface RiskFactor {
  heading: string;
  /** The category heading the factor sits under, when the filer groups them. */
  category: string | null;
  body: string;
  /** Text offset of the heading. */
  start: number;
}

const MIN_HEADING_WORDS = 5;
const SENTENCE_END = /[.!?]["'”’)]*$/;

function words(s: string): number {
  return s.split(/\s+/).filter(Boolean).length;
}

type Kind = { type: 'factor'; heading: string; rest: string } | { type: 'category' } | { type: 'body' };

/** A heading starts a sentence: a capital, a digit or an opening quote ("price to decline." is a fragment). */
const STARTS = /^["“'‘(]?[A-Z0-9]/;

function classify(b: Block, next: Block | undefined, styled: boolean): Kind {
  const text = b.text;
  if (!STARTS.test(text)) return { type: 'body' };
  if (styled) {
    if (b.emphasis >= 0.9) {
      if (SENTENCE_END.test(text) ? words(text) >= MIN_HEADING_WORDS : words(text) >= 15)
        return { type: 'factor', heading: text, rest: '' };
      if (words(text) <= 14 && !SENTENCE_END.test(text)) return { type: 'category' };
      return { type: 'body' };
    }
    const lead = text.slice(0, b.leadEmphasis).trim();
    if (lead.length >= 20 && words(lead) >= MIN_HEADING_WORDS && SENTENCE_END.test(lead))
      return { type: 'factor', heading: lead, rest: text.slice(b.leadEmphasis).trim() };
    return { type: 'body' };
  }
  // Only whether a block is one sentence (a heading test), not a sentence splitter like item-sections'
  // or the diff's: those cut after closing quotes and before opening ones, this test never has.
  const sentences = text.split(/(?<=[.!?])\s+(?=[A-Z])/).length;
  if (
    sentences === 1 &&
    words(text) >= MIN_HEADING_WORDS &&
    words(text) <= 60 &&
    (next?.text.length ?? 0) > text.length
  )
    return { type: 'factor', heading: text, rest: '' };
  return { type: 'body' };
}

/** Factors of the Risk Factors section's body blocks; [] when none are marked out. */
export function splitRiskFactors(blocks: Block[], styled: boolean): RiskFactor[] {
  if (styled && !blocks.some((b) => b.emphasis >= 0.9 || b.leadEmphasis > 0)) return [];
  const out: RiskFactor[] = [];
  let category: string | null = null;
  let current: { heading: string; start: number; body: string[]; category: string | null } | null = null;
  const flush = () => {
    if (current) out.push({ ...current, body: current.body.join('\n') });
    current = null;
  };
  for (let i = 0; i < blocks.length; i += 1) {
    const b = blocks[i]!;
    const kind = classify(b, blocks[i + 1], styled);
    if (kind.type === 'factor') {
      flush();
      current = { heading: kind.heading, start: b.start, body: kind.rest ? [kind.rest] : [], category };
    } else if (kind.type === 'category') {
      flush();
      category = b.text;
    } else if (current) current.body.push(b.text);
  }
  flush();
  // Fewer than three factors means the styling marked something else (a lone bold caveat).
  return out.length >= 3 ? out : [];
}
