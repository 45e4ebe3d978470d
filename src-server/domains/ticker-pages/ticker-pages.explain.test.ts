/**
 * The indexes behind the ticker page, shown by EXPLAIN on the statements the repos actually send
 * (captured through drizzle's logger), over 5,000 filings of one company among 25,000.
 */
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/postgres-js';
import { describe, expect, it } from 'vitest';
import { seedTickerPagesBench } from '../../../scripts/bench/ticker-pages-seed';
import { schema, type Db } from '../../db/client';
import { createTestDatabase } from '../../test/db';
import { loadShippedHistory } from '../prices/shipped-history';
import { marketRows } from '../insiders/activity.repo';
import * as repo from './ticker-pages.repo';

interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  'Relation Name'?: string;
  'Index Cond'?: string;
  'Parent Relationship'?: string;
  Plans?: PlanNode[];
}

const base = await createTestDatabase();
await seedTickerPagesBench(base.db, { filings: 5000, others: 20000, users: 2 });
await loadShippedHistory(base.db, { tickers: ['AAPL'] });
await base.db.execute(sql`analyze price_bars`);
const captured: { query: string; params: unknown[] }[] = [];
const logged = drizzle(base.sql, {
  schema,
  logger: { logQuery: (query, params) => void captured.push({ query, params }) },
}) as unknown as Db;
const CIK = 320193;

/** EXPLAIN of the last statement `run` sent, as a flat list of plan nodes. */
async function explain(run: (db: Db) => Promise<unknown>): Promise<PlanNode[]> {
  captured.length = 0;
  await run(logged);
  const { query, params } = captured.at(-1)!;
  const [row] = await base.sql.unsafe(`explain (format json) ${query}`, params as never[]);
  const flat: PlanNode[] = [];
  const walk = (node: PlanNode) => {
    flat.push(node);
    node.Plans?.forEach(walk);
  };
  walk((row as unknown as { 'QUERY PLAN': { Plan: PlanNode }[] })['QUERY PLAN'][0]!.Plan);
  return flat;
}
const uses = (nodes: PlanNode[], index: string) => nodes.some((n) => n['Index Name'] === index);
const scans = (node: PlanNode, table: string): boolean =>
  node['Relation Name'] === table || (node.Plans ?? []).some((n) => scans(n, table));
const scansFilings = (node: PlanNode): boolean => scans(node, 'filings');
/** A sort of filings rows (the small ordered aggregates of each filing's Form 4 rows do not count). */
const sorts = (nodes: PlanNode[]) =>
  nodes.some((n) => (n['Node Type'] === 'Sort' || n['Node Type'] === 'Incremental Sort') && scansFilings(n));
const page =
  (filter: repo.FilingFilter, cursor: repo.Cursor | null = null) =>
  (db: Db) =>
    repo.timelinePage(db, { cik: CIK, filter, cursor, limit: 51, newSince: null, userId: null, withAnalysis: true });

describe('EXPLAIN of the ticker page statements', () => {
  it('reads a page of the timeline from filings_cik_filed_idx in order, with no sort', async () => {
    const first = await explain(page({ forms: [], ranks: [] }));
    expect(uses(first, 'filings_cik_filed_idx')).toBe(true);
    expect(sorts(first)).toBe(false);
    // Cached analyses join on their primary key.
    expect(uses(first, 'filing_analyses_pkey')).toBe(true);
  });

  it('starts later pages at the cursor inside the index (the keyset is an index condition)', async () => {
    const rows = await repo.timelinePage(base.db, {
      cik: CIK,
      filter: { forms: [], ranks: [] },
      cursor: null,
      limit: 50,
      newSince: null,
      userId: null,
      withAnalysis: false,
    });
    const last = rows.at(-1)!;
    const later = await explain(page({ forms: [], ranks: [] }, { filedUs: last.filed_us, id: last.id }));
    const scan = later.find((n) => n['Index Name'] === 'filings_cik_filed_idx')!;
    expect(scan['Index Cond']).toMatch(/\(cik = 320193\) AND \(ROW\(filed_at, id\) < ROW\(/);
    expect(sorts(later)).toBe(false);
  });

  it('keeps index order under form and importance filters', async () => {
    const oneForm = await explain(page({ forms: ['8-K'], ranks: [] }));
    expect(uses(oneForm, 'filings_cik_catalogue_filed_idx') || uses(oneForm, 'filings_cik_filed_idx')).toBe(true);
    expect(sorts(oneForm)).toBe(false);
    const levels = await explain(page({ forms: [], ranks: [4, 3] }));
    expect(uses(levels, 'filings_cik_filed_idx')).toBe(true);
    expect(sorts(levels)).toBe(false);
  });

  it('reads Form 4 rows by filing id, facets by company, and the header by primary keys', async () => {
    // Form 3/4/5 rows come with the page: a lateral lookup by filing id per row.
    expect(uses(await explain(page({ forms: ['4'], ranks: [] })), 'insider_tx_row_uq')).toBe(true);
    const facets = await explain((db) => repo.facets(db, { cik: CIK }));
    expect(facets.some((n) => n['Index Name']?.startsWith('filings_cik_'))).toBe(true);
    // The header: key lookups, the newest 252 bars backwards on the bars' primary key, no filings scan.
    const header = await explain((db) => repo.companyHeader(db, { ticker: 'AAPL' }));
    for (const index of ['tickers_pkey', 'tickers_cik_idx', 'companies_pkey', 'price_bars_ticker_day_pk'])
      expect(uses(header, index)).toBe(true);
    expect(header.some((n) => n['Relation Name'] === 'filings')).toBe(false);
  });

  it('finds each company’s latest insider trade once, not once per row (the page timed out on it)', async () => {
    const activity = await explain((db) => marketRows(db, { issuerCiks: [CIK], windowDays: 90 }));
    const perRow = activity.filter((n) => n['Parent Relationship'] === 'SubPlan' && scans(n, 'insider_transactions'));
    expect(perRow).toEqual([]);
    expect(uses(activity, 'insider_tx_issuer_code_date_idx')).toBe(true);
  });
});
