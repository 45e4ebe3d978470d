/**
 * npm run eval:assistant — the assistant's golden set (eval/assistant-golden.jsonl) on a throwaway
 * embedded PostgreSQL filled by the real ingest pipeline with the filings the project ships.
 * Prints one key=value line per tier run, the p50/p95 answer time measured here, and with
 * --verbose every item that is not right. Exit 1 when an in-grammar item fails or a number is unsupported.
 */
import { benchDatabase, seedBench } from './bench/bench-kit';
import { connectDatabase } from '../src-server/db/client';
import { seedAssistantCorpus, seedGoldenUsers } from '../src-server/test/assistant-corpus';
import { loadGolden, runGolden } from '../src-server/domains/assistant/golden';

const verbose = process.argv.includes('--verbose');
const database = await benchDatabase('eval_assistant');
try {
  const { seeded: users } = await seedBench(database.url, async (db) => {
    await seedAssistantCorpus(db);
    return seedGoldenUsers(db);
  });
  const conn = connectDatabase(database.url, { max: 2 });
  try {
    const items = loadGolden();
    // A warm-up pass (connections, prepared plans, the company list), then the measured pass.
    await runGolden(conn.db, items.slice(0, 5), users);
    const run = await runGolden(conn.db, items, users);
    if (verbose) {
      for (const [i, g] of run.grades.entries()) {
        const extra = g.cited - g.citedExpected;
        if (!g.correct || extra > 0)
          console.log(
            `  ${g.id}${items[i]!.inGrammar ? '' : ' (out of grammar)'}: ${g.problems.join('; ') || `${extra} citation(s) beyond the expected`}`,
          );
      }
    }
    console.log(
      `eval:assistant tier=0 n=${run.n} correct=${run.correct} citation_precision=${run.citationPrecision.toFixed(3)} unsupported_numbers=${run.unsupportedNumbers} in_grammar=${run.inGrammar} in_grammar_correct=${run.inGrammarCorrect} p50_ms=${run.p50Ms.toFixed(1)} p95_ms=${run.p95Ms.toFixed(1)} p95_budget_ms=300`,
    );
    if (run.inGrammarCorrect < run.inGrammar || run.unsupportedNumbers > 0) process.exitCode = 1;
  } finally {
    await conn.close();
  }
} finally {
  await database.drop();
}
