/** npm run edgar:golden — parses every filing of the golden corpus and compares it with its expected facts (`-- --rules`: rule coverage). */
import { compareGolden, ruleCoverage } from '../src-server/domains/filings/golden';

const { filings, facts, wrong, mismatches } = compareGolden();
for (const m of mismatches)
  process.stdout.write(
    `wrong ${m.file} ${m.fact}: expected ${JSON.stringify(m.expected)} got ${JSON.stringify(m.actual)}\n`,
  );
process.stdout.write(`edgar:golden filings=${filings} facts=${facts} wrong=${wrong}\n`);
// `-- --rules`: every scoring rule the real filings fire, with the filings that fire it.
if (process.argv.includes('--rules')) {
  for (const [rule, files] of [...ruleCoverage()].sort(([a], [b]) => a.localeCompare(b))) {
    process.stdout.write(
      `rule ${rule} filings=${files.length} e.g. ${files
        .slice(0, 2)
        .map((f) => f.split('/').pop())
        .join(', ')}\n`,
    );
  }
}
process.exit(wrong === 0 ? 0 : 1);
