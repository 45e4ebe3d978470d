/**
 * The golden set (eval/assistant-golden.jsonl) over real filings stored by the real pipeline:
 * tier 0 answers every in-grammar item right, with zero unsupported numbers or citations.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client';
import { seedAssistantCorpus, seedGoldenUsers } from '../../test/assistant-corpus';
import { createTestDatabase } from '../../test/db';
import { loadGolden, runGolden, type GoldenRun } from './golden';

let db: Db;
let users: Record<string, string>;
let run: GoldenRun;
const items = loadGolden();

beforeAll(async () => {
  ({ db } = await createTestDatabase());
  await seedAssistantCorpus(db);
  users = await seedGoldenUsers(db);
  run = await runGolden(db, items, users);
}, 120_000);

describe('assistant golden set, tier 0', () => {
  it('has at least 60 questions over real filings', () => {
    expect(items.length).toBeGreaterThanOrEqual(60);
  });

  it('answers every in-grammar item right', () => {
    const wrong = run.grades.filter((g, i) => items[i]!.inGrammar && !g.correct).map((g) => `${g.id}: ${g.problems.join('; ')}`);
    expect(wrong).toEqual([]);
    expect(run.inGrammarCorrect).toBe(run.inGrammar);
  });

  it('writes no number, citation or quote its tools did not return', () => {
    expect(run.unsupportedNumbers).toBe(0);
    expect(run.citationPrecision).toBe(1);
  });
});
