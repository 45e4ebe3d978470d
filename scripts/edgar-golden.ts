/** npm run edgar:golden — parses every filing of the golden corpus and compares it with its expected facts. */
import { compareGolden } from '../src-server/domains/filings/golden';

const { filings, facts, wrong, mismatches } = compareGolden();
for (const m of mismatches) process.stdout.write(`wrong ${m.file} ${m.fact}: expected ${JSON.stringify(m.expected)} got ${JSON.stringify(m.actual)}\n`);
process.stdout.write(`edgar:golden filings=${filings} facts=${facts} wrong=${wrong}\n`);
process.exit(wrong === 0 ? 0 : 1);
