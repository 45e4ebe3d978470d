/**
 * npm run edgar:parse -- <file or URL> [--form 4] — prints the parsed and scored filing as JSON.
 * Files: a full submission (.txt/.nc), an index-headers page or a bare primary document.
 * URLs: fetched through the EDGAR client (sec.gov needs EDGAR_USER_AGENT).
 */
import { parseFiling } from '../src-server/edgar-model/parse';
import { scoreFiling } from '../src-server/edgar-model/score';
import { readSource } from './edgar-parse-source';

const args = process.argv.slice(2);
const formAt = args.indexOf('--form');
const formType = formAt >= 0 ? args.splice(formAt, 2)[1] : undefined;
const target = args[0];
if (!target) {
  process.stderr.write('usage: npm run edgar:parse -- <file or URL> [--form <EDGAR form>]\n');
  process.exit(2);
}
try {
  const parsed = parseFiling(await readSource(target), { formType });
  const score = scoreFiling(parsed);
  const d = parsed.detail;
  // The readings people check first: collapsed trades, 13D/G persons, the 10b5-1 source of each row.
  const summary =
    d?.kind === 'ownership'
      ? {
          owners: d.owners.map((o) => ({ filed: o.name, display: o.displayName, order: o.nameOrder, cik: o.cik })),
          trades: score.trades,
          rows: d.rows.map((r) => ({
            table: r.tableKind,
            row: r.rowIndex,
            holding: r.isHolding,
            code: r.code,
            shares: r.shares,
            price: r.pricePerShare,
            is10b5_1: r.is10b51,
            plan_source: r.planSource ?? null,
          })),
        }
      : d?.kind === 'beneficial'
        ? {
            subject: d.subject,
            largest_percent: d.percentOfClass,
            amendment_no: d.amendmentNo,
            amends: d.previousAccessionNo,
            persons: d.reportingPersons,
          }
        : d?.kind === 'current'
          ? { items: d.items, header_items: d.headerItems, body_items: d.bodyItems, note: d.itemsNote }
          : undefined;
  process.stdout.write(`${JSON.stringify({ summary, score, parsed }, null, 2)}\n`);
} catch (error) {
  process.stderr.write(`edgar:parse: ${(error as Error).message}\n`);
  process.exit(1);
}
