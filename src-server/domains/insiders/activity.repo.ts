/** SQL of insider activity: a company's open-market Form 4 rows (P/S) in a window, superseded originals left out. */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';

export interface MarketRow extends Record<string, unknown> {
  accession_no: string;
  issuer_cik: number;
  owner_index: number;
  owner_cik: number | null;
  owner_display_name: string;
  table_kind: 'non_derivative' | 'derivative';
  row_index: number;
  security_title: string | null;
  transaction_date: string | null;
  code: string;
  acquired_disposed: 'A' | 'D' | null;
  shares: number | null;
  price_per_share: number | null;
  shares_owned_after: number | null;
  direct_indirect: 'D' | 'I' | null;
  nature_of_ownership: string | null;
  is_10b5_1: boolean;
}

/**
 * Open-market rows of the companies (every joint owner's copy: the caller collapses them), dated
 * between `from` and `to`, or, without them, within `windowDays` of each company's latest one.
 * An original whose amendment is stored is left out (the amendment restates the trade).
 */
export async function marketRows(
  db: Db,
  params: { issuerCiks: number[]; from?: string; to?: string; windowDays?: number },
): Promise<MarketRow[]> {
  if (params.issuerCiks.length === 0) return [];
  const ciks = sql.join(
    params.issuerCiks.map((c) => sql`${c}`),
    sql`, `,
  );
  // Without dates, each company's window ends at its latest open-market row, found once per
  // company (a CTE): as a correlated subquery it was re-run for every candidate row, O(rows²),
  // 12 s for one company with 4,650 Form 4 rows (the ticker page's bench timed out on it).
  const window: SQL =
    params.from && params.to
      ? sql`it.transaction_date between ${params.from}::date and ${params.to}::date`
      : sql`it.transaction_date >= l.latest - ${params.windowDays ?? 90}::int`;
  return db.execute<MarketRow>(sql`
    with latest as (
      select x.issuer_cik, max(x.transaction_date) as latest from insider_transactions x
      where x.issuer_cik in (${ciks}) and x.code in ('P', 'S') and not x.is_holding group by x.issuer_cik)
    select it.accession_no, it.issuer_cik, it.owner_index::int, it.owner_cik, it.owner_display_name, it.table_kind, it.row_index::int,
      it.security_title, it.transaction_date::text, it.code, it.acquired_disposed, it.shares::float8, it.price_per_share::float8,
      it.shares_owned_after::float8, it.direct_indirect, it.nature_of_ownership, it.is_10b5_1
    from insider_transactions it join latest l on l.issuer_cik = it.issuer_cik
    where it.code in ('P', 'S') and not it.is_holding and ${window}
      and not exists (select 1 from filings a where a.amends_filing_id = it.filing_id)
    order by it.transaction_date, it.accession_no, it.owner_index, it.table_kind desc, it.row_index`);
}
