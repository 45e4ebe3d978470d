/** Insider activity for the ticker page and the insider profile, on collapsed trades (core/insider-activity.ts). */
import {
  insiderActivity,
  marketTrades,
  type ActivityFiling,
  type InsiderActivity,
  type MarketTrade,
} from '#shared/insider-activity';
import type { Db } from '../../db/client';
import { marketRows, type MarketRow } from './activity.repo';

/** Stored rows (one copy per joint owner) into filings: owners from every copy, rows from the first owner's. */
export function filingsOfRows(rows: readonly MarketRow[]): ActivityFiling[] {
  const filings = new Map<string, ActivityFiling & { firstOwner: number }>();
  for (const row of rows) {
    let f = filings.get(row.accession_no);
    if (!f) {
      f = { accessionNo: row.accession_no, owners: [], rows: [], firstOwner: row.owner_index };
      filings.set(row.accession_no, f);
    }
    if (!f.owners.some((o) => o.cik === row.owner_cik && o.name === row.owner_display_name))
      f.owners.push({ cik: row.owner_cik, name: row.owner_display_name });
    if (row.owner_index !== f.firstOwner) continue;
    f.rows.push({
      tableKind: row.table_kind,
      isHolding: false,
      rowIndex: row.row_index,
      securityTitle: row.security_title,
      transactionDate: row.transaction_date,
      code: row.code,
      acquiredDisposed: row.acquired_disposed,
      shares: row.shares,
      pricePerShare: row.price_per_share,
      sharesOwnedAfter: row.shares_owned_after,
      directIndirect: row.direct_indirect,
      natureOfOwnership: row.nature_of_ownership,
      is10b51: row.is_10b5_1,
    });
  }
  return [...filings.values()].map(({ firstOwner: _first, ...f }) => f);
}

/** The company's insider activity over the window ending at its latest open-market trade. */
export async function companyActivity(db: Db, { cik }: { cik: number }): Promise<InsiderActivity | null> {
  return insiderActivity(filingsOfRows(await marketRows(db, { issuerCiks: [cik] })));
}

/** Open-market trades of these companies between two days, by company. */
export async function companiesTrades(
  db: Db,
  params: { issuerCiks: number[]; from: string; to: string },
): Promise<Map<number, MarketTrade[]>> {
  const rows = await marketRows(db, params);
  const byIssuer = new Map<number, MarketRow[]>();
  for (const row of rows) byIssuer.set(row.issuer_cik, [...(byIssuer.get(row.issuer_cik) ?? []), row]);
  return new Map([...byIssuer].map(([cik, list]) => [cik, marketTrades(filingsOfRows(list))]));
}
