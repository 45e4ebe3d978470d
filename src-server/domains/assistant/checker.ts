/**
 * The deterministic checker between a language model and the user: every number, citation and
 * quote in the model's text must come from this turn's tool results (or the question). Anything
 * else rejects the whole answer; the caller falls back to tier 0 and says so.
 */
import { unitScale } from '#shared/amounts';
import { FORM_8K_ITEMS } from '#shared/form8k-items';
import type { Fact } from './contract';

/**
 * Names that contain digits but state no fact about the data: form names, the 10b5-1 rule and
 * the 8-K item catalogue. A claim that a filing reported an item is checked through its citation
 * (`[[acc:...#5.02]]` must name an item that filing has).
 */
const VOCABULARY = [
  '8-K',
  '10-Q',
  '10-K',
  'SC 13D',
  'SC 13G',
  '13F-HR',
  'Form 3',
  'Form 4',
  'Form 5',
  'Rule 10b5-1',
  'NT 10-K',
  'NT 10-Q',
  '20-F',
  '6-K',
  'DEF 14A',
  ...Object.keys(FORM_8K_ITEMS),
];

export interface CheckResult {
  ok: boolean;
  unsupportedNumbers: string[];
  unknownCitations: string[];
  badQuotes: string[];
  /** Accession numbers (with #item) the text cites, all known. */
  citations: string[];
}

const ACCESSION = /\b\d{10}-\d{2}-\d{6}\b/g;
const CITATION = /\[\[acc:([0-9]{10}-[0-9]{2}-[0-9]{6})(?:#([0-9A-Za-z._ -]{1,40}))?\]\]/g;
const DATE = /\b\d{4}-\d{2}-\d{2}(?:T[\d:.]+Z?)?\b/g;
const NUMBER = /(\$)?(\d{1,3}(?:,\d{3})+|\d+)(\.\d+)?\s*(%|percent\b|[KMB]\b|thousand\b|million\b|billion\b)?/gi;
const QUOTE = /["“]([^"”]{12,400})["”]/g;

interface Token {
  raw: string;
  value: number;
  /** The smallest step the writer's precision allows (0.5 of the last written digit, scaled). */
  tolerance: number;
}

function tokens(text: string): Token[] {
  const out: Token[] = [];
  for (const m of text.matchAll(NUMBER)) {
    const digits = m[2]!.replace(/,/g, '');
    const decimals = m[3] ?? '';
    const scale = unitScale(m[4]);
    const value = Number(digits + decimals) * scale;
    const places = decimals ? decimals.length - 1 : 0;
    out.push({ raw: m[0].trim(), value, tolerance: (0.5 * scale) / 10 ** places });
  }
  return out;
}

/** Every string and number inside the facts (labels, values, sources), flattened. */
function strings(value: unknown, out: string[] = []): string[] {
  if (value == null) return out;
  if (typeof value === 'string') out.push(value);
  else if (typeof value === 'number') out.push(String(value));
  else if (Array.isArray(value))
    value.forEach((v) => {
      strings(v, out);
    });
  else if (typeof value === 'object')
    Object.values(value).forEach((v) => {
      strings(v, out);
    });
  return out;
}

/** Removes dates, accession numbers and citation markers, each checked on its own. */
function withoutIdentifiers(text: string): string {
  return text.replace(CITATION, ' ').replace(ACCESSION, ' ').replace(DATE, ' ');
}

export function checkAnswer(text: string, context: { facts: Fact[]; question: string; extra?: string[] }): CheckResult {
  const corpus = [...strings(context.facts), ...(context.extra ?? []), ...VOCABULARY];
  // Which items each cited filing reported (from item-level sources and item-list values).
  const itemsOf = new Map<string, Set<string>>();
  for (const f of context.facts) {
    const set = itemsOf.get(f.source.accessionNo) ?? new Set<string>();
    if (f.source.item) set.add(f.source.item);
    if (/items?/i.test(f.label) && typeof f.value === 'string')
      for (const m of f.value.matchAll(/\b\d{1,2}\.\d{2}\b/g)) set.add(m[0]);
    itemsOf.set(f.source.accessionNo, set);
  }
  const joined = corpus.join('\n');
  const known = new Set(context.facts.map((f) => f.source.accessionNo));
  const numbers: number[] = [];
  for (const s of [...corpus.map(withoutIdentifiers), withoutIdentifiers(context.question)])
    for (const t of tokens(s)) numbers.push(t.value);
  // Dates in sources are instants; a day written in the text may be its UTC or New York day.
  const dates = new Set<string>();
  for (const s of [...corpus, context.question]) for (const m of s.matchAll(DATE)) dates.add(m[0].slice(0, 10));
  for (const f of context.facts) {
    for (const at of [f.source.filedAt, f.source.acceptedAt]) {
      if (!at) continue;
      const d = new Date(at);
      if (Number.isNaN(d.getTime())) continue;
      dates.add(d.toISOString().slice(0, 10));
      dates.add(new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(d));
    }
  }
  const years = new Set([...dates].map((d) => Number(d.slice(0, 4))));

  const citations: string[] = [];
  const unknownCitations: string[] = [];
  for (const m of text.matchAll(CITATION)) {
    const id = m[2] ? `${m[1]}#${m[2]}` : m[1]!;
    if (known.has(m[1]!) && (!m[2] || itemsOf.get(m[1]!)?.has(m[2]))) citations.push(id);
    else unknownCitations.push(id);
  }
  for (const m of text.replace(CITATION, ' ').matchAll(ACCESSION)) if (!known.has(m[0])) unknownCitations.push(m[0]);

  const unsupportedNumbers: string[] = [];
  for (const m of text.replace(CITATION, ' ').replace(ACCESSION, ' ').matchAll(DATE))
    if (!dates.has(m[0].slice(0, 10))) unsupportedNumbers.push(m[0]);
  for (const t of tokens(withoutIdentifiers(text))) {
    if (Number.isInteger(t.value) && t.tolerance === 0.5 && years.has(t.value)) continue;
    if (numbers.some((n) => Math.abs(n - t.value) <= t.tolerance + 1e-9)) continue;
    unsupportedNumbers.push(t.raw);
  }

  const badQuotes: string[] = [];
  for (const m of text.matchAll(QUOTE)) if (!joined.includes(m[1]!)) badQuotes.push(m[1]!);

  return {
    ok: unsupportedNumbers.length === 0 && unknownCitations.length === 0 && badQuotes.length === 0,
    unsupportedNumbers,
    unknownCitations,
    badQuotes,
    citations: [...new Set(citations)],
  };
}

/** Citation markers into readable references for plain-text clients ("[0000320193-20-000086]"). */
export function citationsIn(text: string): string[] {
  return [...new Set([...text.matchAll(CITATION)].map((m) => (m[2] ? `${m[1]}#${m[2]}` : m[1]!)))];
}
