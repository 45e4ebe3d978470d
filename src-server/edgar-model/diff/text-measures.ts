/**
 * The paper's measures over two texts: cosine similarity of term-frequency vectors, Jaccard
 * similarity of word sets, and sentence sets (numbers masked, so "fiscal 2024" rolling to
 * "fiscal 2025" is not a rewrite) for the share of sentences added and removed.
 */

export type TermFrequencies = Map<string, number>;

const WORD = /[a-z][a-z'’-]*[a-z]|[a-z]/g;

export function termFrequencies(text: string): TermFrequencies {
  const tf: TermFrequencies = new Map();
  for (const w of text.toLowerCase().match(WORD) ?? []) tf.set(w, (tf.get(w) ?? 0) + 1);
  return tf;
}

export function cosine(a: TermFrequencies, b: TermFrequencies): number {
  if (a.size === 0 || b.size === 0) return a.size === b.size ? 1 : 0;
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  let dot = 0;
  for (const [w, n] of small) {
    const m = large.get(w);
    if (m) dot += n * m;
  }
  let na = 0;
  let nb = 0;
  for (const n of a.values()) na += n * n;
  for (const n of b.values()) nb += n * n;
  return dot / Math.sqrt(na * nb);
}

export function jaccard(a: TermFrequencies, b: TermFrequencies): number {
  if (a.size === 0 && b.size === 0) return 1;
  let both = 0;
  for (const w of a.keys()) if (b.has(w)) both += 1;
  return both / (a.size + b.size - both);
}

export function wordCount(tf: TermFrequencies): number {
  let n = 0;
  for (const c of tf.values()) n += c;
  return n;
}

/** A sentence as compared: lower case, numbers masked, punctuation and spacing evened out. */
function sentenceKey(s: string): string {
  return s
    .toLowerCase()
    .replace(/[’‘`]/g, "'")
    .replace(/[“”]/g, '"')
    .replace(/\d[\d,.]*/g, '#')
    .replace(/[^a-z#'"%$]+/g, ' ')
    .trim();
}

/** Where one sentence ends and the next starts, for the diff's sentence sets and first sentences. */
const SENTENCE_BREAK = /(?<=[.!?]["'”’)]?)\s+(?=["“(]?[A-Z])/;

/**
 * Sentences of a text (blocks are lines; fragments under four words, such as table cells, left out).
 * Not item-sections' `sentences`: that one keeps "Inc." and initials inside a sentence for quoting,
 * this one only needs the same cut in both years' text, and changing it would move every diff figure.
 */
export function sentences(text: string): string[] {
  const out: string[] = [];
  for (const line of text.split('\n')) {
    for (const s of line.split(SENTENCE_BREAK)) {
      if (s.split(' ').length >= 4) out.push(s.trim());
    }
  }
  return out;
}

export interface SentenceChange {
  added: number;
  removed: number;
}

export function sentenceChange(older: string[], newer: string[]): SentenceChange {
  const oldKeys = new Set(older.map(sentenceKey));
  const newKeys = new Set(newer.map(sentenceKey));
  const addedCount = [...newKeys].filter((k) => !oldKeys.has(k)).length;
  const removedCount = [...oldKeys].filter((k) => !newKeys.has(k)).length;
  return {
    added: newKeys.size ? addedCount / newKeys.size : 0,
    removed: oldKeys.size ? removedCount / oldKeys.size : 0,
  };
}

const SHINGLE = 5;

function shingles(text: string): string[] {
  const words = text
    .toLowerCase()
    .replace(/\d[\d,.]*/g, '#')
    .match(/[a-z#][a-z'’#-]*/g);
  if (!words) return [];
  const out: string[] = [];
  for (let i = 0; i + SHINGLE <= words.length; i += 1) out.push(words.slice(i, i + SHINGLE).join(' '));
  return out;
}

/**
 * Share of the newer text that is new: its runs of five words (numbers masked) that the older
 * text does not have. A reworded clause counts for its own words, not for its whole sentence.
 */
export function rewrittenShare(older: string, newer: string): number {
  const now = shingles(newer);
  if (now.length === 0) return 0;
  const before = new Set(shingles(older));
  let fresh = 0;
  for (const s of now) if (!before.has(s)) fresh += 1;
  return fresh / now.length;
}

/** The first sentence of a text, at most `max` characters (cut at a word). */
export function firstSentence(text: string, max = 400): string {
  const s = (text.split(SENTENCE_BREAK)[0] ?? '').trim();
  if (s.length <= max) return s;
  return `${s.slice(0, s.lastIndexOf(' ', max)).trimEnd()}…`;
}
