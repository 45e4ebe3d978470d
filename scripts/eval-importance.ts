/**
 * npm run eval:importance [-- --quiet] [-- --disagreements all] [-- --json=<file>] — the importance scorer against the reader's labels
 * (eval/importance/labels.jsonl, docs/scoring.md "How a careful investor labels a filing").
 * Every labelled filing goes through the real parse, the real context gathering and the real scorer
 * (storeParsedFiling) on a throwaway embedded PostgreSQL seeded like a fresh server: the shipped
 * ticker catalogue and the shipped daily price bars. Prints one `eval:importance` line for the whole
 * set, one for the holdout (never tune rules on it), the confusion matrix and the disagreements.
 * Exit 1 when a labelled filing could not be scored or a line's split is not the one its key gives.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { connectDatabase } from '../src-server/db/client';
import { loadShippedHistory } from '../src-server/domains/prices/shipped-history';
import { ensureShippedCatalogue } from '../src-server/domains/tickers/catalogue.service';
import { benchDatabase, seedBench } from './bench/bench-kit';
import { computeMetrics, confusionTable, metricsLine, type Graded } from './eval/importance-metrics';
import { loadCrawlerMeta, scoreLabelled, type ScoredLine } from './eval/importance-run';
import { assignSplits, parseLabelLines } from './eval/importance-set';

const quiet = process.argv.includes('--quiet');
// Only the tune split's disagreements are printed (and holdout rows are kept out of --json) unless
// `--disagreements all` asks for them: whoever tunes rules must not see how the scorer treats a
// held-out filing, and a plain run printed them by default (`--disagreements tune` is still taken).
const disagreementsArg = process.argv.indexOf('--disagreements');
const tuneOnly = !(
  process.argv.includes('--disagreements=all') ||
  (disagreementsArg >= 0 && process.argv[disagreementsArg + 1] === 'all')
);
// Per-filing results for diffing two runs (which labels a rule change fixed or broke).
const jsonOut = process.argv.find((a) => a.startsWith('--json='))?.slice('--json='.length);
const lines = parseLabelLines(readFileSync('eval/importance/labels.jsonl', 'utf8'));

// The split is a function of the keys alone: a line whose split differs was edited by hand.
const expected = assignSplits(lines);
const badSplits = lines.filter((l, i) => l.split !== expected[i]?.split).map((l) => l.file);

const graded = (rows: ScoredLine[]): Graded[] =>
  rows.flatMap((r) => (r.got ? [{ family: r.line.family, label: r.line.label, got: r.got }] : []));

function printDisagreements(rows: ScoredLine[]): void {
  const wrong = rows.filter((r) => r.got && r.got !== r.line.label && (!tuneOnly || r.line.split === 'tune'));
  const scope = tuneOnly ? 'tune disagreements' : 'disagreements';
  console.log(`\n${scope} (${wrong.length}): file | label -> got | the label's why | the scorer's reasons`);
  for (const r of wrong) {
    const holdout = r.line.split === 'holdout' ? ' [holdout]' : '';
    console.log(
      `- ${r.line.file}${holdout} | ${r.line.label} -> ${r.got} | ${r.line.why} | ${r.reasons.join('; ') || '(no reasons)'} [${r.rules.join(',')}]`,
    );
  }
}

const database = await benchDatabase('eval_importance');
try {
  await seedBench(database.url, async (db) => {
    await ensureShippedCatalogue(db);
    await loadShippedHistory(db);
  });
  const conn = connectDatabase(database.url, { max: 2 });
  try {
    const started = Date.now();
    const rows = await scoreLabelled(conn.db, lines, loadCrawlerMeta());
    const failed = rows.filter((r) => r.error);
    const holdout = rows.filter((r) => r.line.split === 'holdout');
    const all = computeMetrics(graded(rows));
    console.log(`${metricsLine('eval:importance', all)} unscored=${failed.length}`);
    console.log(
      `${metricsLine('eval:importance:holdout', computeMetrics(graded(holdout)))} unscored=${holdout.filter((r) => r.error).length}`,
    );
    console.log(`\nconfusion, all ${all.n} (rows: the reader's label; columns: the scorer's)\n${confusionTable(all)}`);
    if (!quiet) printDisagreements(rows);
    for (const r of failed.filter((f) => !tuneOnly || f.line.split === 'tune'))
      console.log(`unscored ${r.line.file}: ${r.error}`);
    for (const f of badSplits) console.log(`split edited by hand: ${f}`);
    if (jsonOut) {
      const results = rows
        .filter((r) => !tuneOnly || r.line.split === 'tune')
        .map((r) => ({
          ...r.line,
          got: r.got,
          rules: r.rules,
          reasons: r.reasons,
          headline: r.headline,
          error: r.error,
        }));
      writeFileSync(jsonOut, `${JSON.stringify(results, null, 1)}\n`);
    }
    console.log(`\nscored ${rows.length} filings in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    if (failed.length > 0 || badSplits.length > 0) process.exitCode = 1;
  } finally {
    await conn.close();
  }
} finally {
  await database.drop();
}
