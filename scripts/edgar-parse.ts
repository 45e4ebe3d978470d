/**
 * npm run edgar:parse -- <file or URL> [--form 4] — prints the parsed and scored filing as JSON.
 * Files: a full submission (.txt/.nc), an index-headers page or a bare primary document.
 * URLs: fetched through the EDGAR client (sec.gov needs EDGAR_USER_AGENT).
 */
import { readFileSync } from 'node:fs';
import { loadEnv } from '../src-server/config/env';
import { parseFiling } from '../src-server/edgar-model/parse';
import { scoreFiling } from '../src-server/edgar-model/score';
import { EdgarClient } from '../src-server/integrations/edgar/edgar-client';
import { sharedRateLimiter } from '../src-server/integrations/edgar/rate-limiter';

export async function readSource(target: string): Promise<string> {
  if (!/^https?:\/\//.test(target)) return readFileSync(target, 'utf8');
  const env = loadEnv();
  const isSec = /(^|\.)sec\.gov$/.test(new URL(target).hostname);
  if (isSec && !env.EDGAR_USER_AGENT) throw new Error("set EDGAR_USER_AGENT='Company Name contact@domain' to fetch from sec.gov");
  const client = new EdgarClient({
    baseUrl: target,
    dataBaseUrl: target,
    userAgent: env.EDGAR_USER_AGENT ?? 'filing-alerts edgar-parse local@localhost.invalid',
    limiter: sharedRateLimiter(env.EDGAR_RATE_PER_SECOND),
  });
  const res = await client.get(target);
  if (res.status !== 200) throw new Error(`${target}: not found`);
  return res.text;
}

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
          rows: d.rows.map((r) => ({ table: r.tableKind, row: r.rowIndex, holding: r.isHolding, code: r.code, shares: r.shares, price: r.pricePerShare, is10b5_1: r.is10b51, plan_source: r.planSource ?? null })),
        }
      : d?.kind === 'beneficial'
        ? { subject: d.subject, largest_percent: d.percentOfClass, amendment_no: d.amendmentNo, amends: d.previousAccessionNo, persons: d.reportingPersons }
        : d?.kind === 'current'
          ? { items: d.items, header_items: d.headerItems, body_items: d.bodyItems, note: d.itemsNote }
          : undefined;
  process.stdout.write(`${JSON.stringify({ summary, score, parsed }, null, 2)}\n`);
} catch (error) {
  process.stderr.write(`edgar:parse: ${(error as Error).message}\n`);
  process.exit(1);
}
