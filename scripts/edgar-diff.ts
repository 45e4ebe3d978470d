/**
 * npm run edgar:diff -- <newer> <older> [--form 10-K] — compares two periodic reports and prints
 * JSON: the sections found in each (with character spans in that report's readable text), the
 * per-section similarities, and the risk factors added and removed. Each argument is a full
 * submission `.txt`, a bare primary document (HTML, inline XBRL or text; `.gz` too) or a URL.
 */
import { compareReports } from '../src-server/edgar-model/diff';
import { type ReportSections, readSections } from '../src-server/edgar-model/sections';
import { readReport } from './report-file';

function outline(r: ReportSections) {
  return {
    kind: r.kind,
    document: r.documentName,
    textChars: r.text.length,
    sections: r.sections.map((s) => ({
      id: s.id,
      item: s.item,
      title: s.title,
      start: s.start,
      end: s.end,
      heading: r.text.slice(s.start, r.text.indexOf('\n', s.start)).slice(0, 120),
      bodyChars: s.body.length,
    })),
    riskFactors: r.riskFactors.length,
  };
}

const args = process.argv.slice(2);
const formAt = args.indexOf('--form');
const formType = formAt >= 0 ? args.splice(formAt, 2)[1] : undefined;
const [newerPath, olderPath] = args;
if (!newerPath || !olderPath) {
  process.stderr.write('usage: npm run edgar:diff -- <newer report> <older report> [--form 10-K|10-Q]\n');
  process.exit(2);
}
try {
  const [newer, older] = [
    readSections(await readReport(newerPath), formType),
    readSections(await readReport(olderPath), formType),
  ];
  if (!newer || !older) {
    process.stderr.write(
      `${!newer ? newerPath : olderPath}: not a 10-K or 10-Q (pass --form if its cover does not say)\n`,
    );
    process.exit(1);
  }
  if (newer.kind !== older.kind) process.stderr.write(`warning: comparing a ${newer.kind} with a ${older.kind}\n`);
  const diff = compareReports(newer, older);
  process.stdout.write(
    `${JSON.stringify({ newer: outline(newer), older: outline(older), comparison: diff }, null, 2)}\n`,
  );
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
