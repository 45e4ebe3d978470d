/** Runs and grades eval/assistant-golden.jsonl (the eval script and the test share this). */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Db } from '../../db/client';
import { checkAnswer } from './checker';
import type { Answer } from './contract';
import { loadContext } from './context';
import { answerTier0 } from './tier0';

export interface GoldenItem {
  id: string;
  question: string;
  user: 'alice' | 'bob' | 'carol';
  asOf: string;
  category: string;
  /** In the tier-0 grammar: tier 0 must answer it right. */
  inGrammar: boolean;
  expect: { intent: string; citations: string[]; mustContain: string[]; mustNotContain: string[]; refusal: boolean };
}

export const GOLDEN_PATH = fileURLToPath(new URL('../../../eval/assistant-golden.jsonl', import.meta.url));

export function loadGolden(path = GOLDEN_PATH): GoldenItem[] {
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => {
      const raw = JSON.parse(l) as Omit<Partial<GoldenItem>, 'expect'> & { expect: Partial<GoldenItem['expect']> };
      const defaults: GoldenItem['expect'] = {
        citations: [],
        mustContain: [],
        mustNotContain: [],
        refusal: false,
        intent: 'help',
      };
      return { inGrammar: true, category: 'other', ...raw, expect: { ...defaults, ...raw.expect } } as GoldenItem;
    });
}

export interface Grade {
  id: string;
  correct: boolean;
  problems: string[];
  /** Cited accession numbers (answer) that the item expects / all cited, for precision. */
  citedExpected: number;
  cited: number;
  unsupported: number;
  ms: number;
}

export function grade(item: GoldenItem, answer: Answer, ms: number): Grade {
  const problems: string[] = [];
  if (answer.intent !== item.expect.intent) problems.push(`intent ${answer.intent}, expected ${item.expect.intent}`);
  if (answer.refusal !== item.expect.refusal) problems.push(`refusal ${answer.refusal}`);
  const cited = new Set(answer.citations);
  const citedAcc = new Set(answer.citations.map((c) => c.split('#')[0]!));
  for (const want of item.expect.citations) {
    if (!(want.includes('#') ? cited.has(want) : citedAcc.has(want))) problems.push(`missing citation ${want}`);
  }
  const text = `${answer.text}\n${answer.caveats.join('\n')}\n${answer.suggestions.join('\n')}`.toLowerCase();
  for (const s of item.expect.mustContain) if (!text.includes(s.toLowerCase())) problems.push(`missing "${s}"`);
  for (const s of item.expect.mustNotContain) if (text.includes(s.toLowerCase())) problems.push(`contains "${s}"`);
  const expectedAcc = new Set(item.expect.citations.map((c) => c.split('#')[0]!));
  const check = checkAnswer(answer.text, {
    facts: answer.facts,
    question: item.question,
    extra: [answer.asOf ?? '', answer.coverage.from ?? '', answer.coverage.to ?? ''],
  });
  const unsupported = check.unsupportedNumbers.length + check.unknownCitations.length + check.badQuotes.length;
  if (unsupported)
    problems.push(
      `unsupported: ${[...check.unsupportedNumbers, ...check.unknownCitations, ...check.badQuotes].join(', ')}`,
    );
  return {
    id: item.id,
    correct: problems.length === 0,
    problems,
    citedExpected: expectedAcc.size ? [...citedAcc].filter((a) => expectedAcc.has(a)).length : 0,
    cited: expectedAcc.size ? citedAcc.size : 0,
    unsupported,
    ms,
  };
}

export interface GoldenRun {
  grades: Grade[];
  n: number;
  correct: number;
  inGrammar: number;
  inGrammarCorrect: number;
  citationPrecision: number;
  unsupportedNumbers: number;
  p50Ms: number;
  p95Ms: number;
}

/** Answers every item with tier 0 as its user at its "now", timing each answer. */
export async function runGolden(db: Db, items: GoldenItem[], users: Record<string, string>): Promise<GoldenRun> {
  const grades: Grade[] = [];
  for (const item of items) {
    const started = performance.now();
    const context = await loadContext(db, { userId: users[item.user]!, now: new Date(item.asOf) });
    const { answer } = await answerTier0(db, item.question, context);
    grades.push(grade(item, answer, performance.now() - started));
  }
  const times = grades.map((g) => g.ms).sort((a, b) => a - b);
  const pct = (p: number) => times[Math.min(times.length - 1, Math.ceil((p / 100) * times.length) - 1)] ?? 0;
  const cited = grades.reduce((s, g) => s + g.cited, 0);
  const inGrammar = items.filter((i) => i.inGrammar);
  return {
    grades,
    n: items.length,
    correct: grades.filter((g) => g.correct).length,
    inGrammar: inGrammar.length,
    inGrammarCorrect: grades.filter((g, i) => g.correct && items[i]!.inGrammar).length,
    citationPrecision: cited ? grades.reduce((s, g) => s + g.citedExpected, 0) / cited : 1,
    unsupportedNumbers: grades.reduce((s, g) => s + g.unsupported, 0),
    p50Ms: pct(50),
    p95Ms: pct(95),
  };
}
