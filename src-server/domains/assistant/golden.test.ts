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
    const wrong = run.grades
      .filter((g, i) => items[i]!.inGrammar && !g.correct)
      .map((g) => `${g.id}: ${g.problems.join('; ')}`);
    expect(wrong).toEqual([]);
    expect(run.inGrammarCorrect).toBe(run.inGrammar);
  });

  it('writes no number, citation or quote its tools did not return', () => {
    expect(run.unsupportedNumbers).toBe(0);
    expect(run.citationPrecision).toBe(1);
  });
});

describe('a scripted fake model over the golden set', () => {
  it('is caught every time it invents a number, alters one or invents a citation; its faithful prose passes', async () => {
    const { startScriptedLlmPeer } = await import('../../test/peers/llm');
    const { createChatClient } = await import('../../integrations/llm/chat-client');
    const { loadContext } = await import('./context');
    const { answerTier0 } = await import('./tier0');
    const { answerTier1 } = await import('./tier1');
    let mutate: (facts: string) => string = (f) => f;
    // No function calling: the model writes prose over tier 0's facts, which the script alters.
    const peer = await startScriptedLlmPeer((r) =>
      r.tools?.length
        ? { status: 400, error: 'tools are not supported by this server' }
        : { content: mutate(r.messages.at(-1)!.content!.split('Facts:\n')[1]!) },
    );
    const llm = createChatClient({ baseUrl: peer.baseUrl, model: 'fake', timeoutMs: 2_000 });
    const variants: [string, (f: string) => string | null, boolean][] = [
      ['faithful', (f) => f, true],
      ['invented number', (f) => `${f}\nInsiders also sold 123,457 shares for $9,876,543.21.`, false],
      [
        'altered number',
        (f) =>
          /\d{1,3},\d{3}/.test(f)
            ? f.replace(/(\d{1,3},\d{2})(\d)/, (_m, head: string, last: string) => `${head}${(Number(last) + 5) % 10}`)
            : null,
        false,
      ],
      ['invented citation', (f) => `${f}\nSee also [[acc:0009999999-24-000001]].`, false],
      ['wrong item', (f) => `${f}\nThis was reported under [[acc:0000899243-22-035394#2.02]].`, false],
    ];
    let checked = 0;
    for (const item of items.filter((i) => i.inGrammar)) {
      const context = await loadContext(db, { userId: users[item.user]!, now: new Date(item.asOf) });
      const { answer: tier0 } = await answerTier0(db, item.question, context);
      if (tier0.facts.length === 0 || tier0.refusal) continue;
      for (const [name, change, passes] of variants) {
        if (change(tier0.text) === null) continue;
        mutate = (f) => change(f) ?? f;
        const outcome = await answerTier1(db, item.question, context, tier0, {
          llm,
          takeCall: async () => true,
          timeoutMs: 2_000,
        });
        expect(outcome.ok, `${item.id}: ${name}${outcome.ok ? '' : ` (${outcome.detail})`}`).toBe(passes);
        if (!passes && !outcome.ok) expect(outcome.reason).toBe('llm_rejected');
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(150);
  }, 120_000);
});
