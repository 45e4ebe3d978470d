/**
 * Collapsed insider trades (pure, shared by scoring, alerts, the ticker page and the insider
 * profile). A Form 4 reports one economic trade in many rows: split by execution price
 * (weighted-average footnotes, a row per price band the same day), and repeated for every joint
 * filer (a fund, its general partner, its manager...). A trade here is one security, one table,
 * one transaction code and direction, one day and one holding (direct, or indirect "by Trust"):
 * total shares, volume-weighted average price, price range, and every owner named. The rows stay
 * available (`rowIndexes`).
 */

/** The row fields a trade is built from (parsed OwnershipRow and stored insider rows both fit). */
export interface TradeRowInput {
  tableKind: 'non_derivative' | 'derivative';
  isHolding: boolean;
  rowIndex: number;
  securityTitle: string | null;
  transactionDate: string | null;
  code: string | null;
  acquiredDisposed: 'A' | 'D' | null;
  shares: number | null;
  pricePerShare: number | null;
  sharesOwnedAfter: number | null;
  directIndirect: 'D' | 'I' | null;
  natureOfOwnership: string | null;
  is10b51: boolean;
  planSource?: 'footnote' | 'remarks' | 'checkbox' | null;
}

export interface TradeOwner {
  cik: number | null;
  name: string;
}

export interface InsiderTrade {
  tableKind: 'non_derivative' | 'derivative';
  securityTitle: string | null;
  date: string | null;
  code: string;
  acquiredDisposed: 'A' | 'D' | null;
  directIndirect: 'D' | 'I' | null;
  natureOfOwnership: string | null;
  /** Every reporting owner of the filing: joint filers report one trade together. */
  owners: TradeOwner[];
  /** Total shares over the rows. */
  shares: number;
  /** Sum of shares x price over rows with a price above zero. */
  value: number;
  /** Volume-weighted average price over the priced rows; null when no row has a price. */
  vwap: number | null;
  priceLow: number | null;
  priceHigh: number | null;
  /** Holdings after the last row of the trade. */
  sharesOwnedAfter: number | null;
  /** Position within its table, as filed. */
  rowIndexes: number[];
  /** Every row under a Rule 10b5-1 plan / some rows. */
  planAll: boolean;
  planSome: boolean;
  planSources: ('footnote' | 'remarks' | 'checkbox')[];
}

const round2 = (n: number) => Math.round(n * 100) / 100;
const round4 = (n: number) => Math.round(n * 10_000) / 10_000;

/** Rows (holdings skipped) into trades, in the order their first row was filed. */
export function collapseTrades(rows: readonly TradeRowInput[], owners: readonly TradeOwner[]): InsiderTrade[] {
  const trades = new Map<string, InsiderTrade & { pricedShares: number }>();
  for (const row of rows) {
    if (row.isHolding || !row.code) continue;
    const key = [
      row.tableKind,
      row.securityTitle ?? '',
      row.transactionDate ?? '',
      row.code,
      row.acquiredDisposed ?? '',
      row.directIndirect ?? '',
      row.natureOfOwnership ?? '',
    ].join('\u0000');
    let t = trades.get(key);
    if (!t) {
      t = {
        tableKind: row.tableKind,
        securityTitle: row.securityTitle,
        date: row.transactionDate,
        code: row.code,
        acquiredDisposed: row.acquiredDisposed,
        directIndirect: row.directIndirect,
        natureOfOwnership: row.natureOfOwnership,
        owners: owners.map((o) => ({ cik: o.cik, name: o.name })),
        shares: 0,
        value: 0,
        vwap: null,
        priceLow: null,
        priceHigh: null,
        sharesOwnedAfter: null,
        rowIndexes: [],
        planAll: true,
        planSome: false,
        planSources: [],
        pricedShares: 0,
      };
      trades.set(key, t);
    }
    t.rowIndexes.push(row.rowIndex);
    t.shares += row.shares ?? 0;
    const price = row.pricePerShare;
    if (row.shares != null && price != null && price > 0) {
      t.value += row.shares * price;
      t.pricedShares += row.shares;
      t.priceLow = t.priceLow == null ? price : Math.min(t.priceLow, price);
      t.priceHigh = t.priceHigh == null ? price : Math.max(t.priceHigh, price);
    }
    if (row.sharesOwnedAfter != null) t.sharesOwnedAfter = row.sharesOwnedAfter;
    t.planAll &&= row.is10b51;
    t.planSome ||= row.is10b51;
    if (row.is10b51 && row.planSource && !t.planSources.includes(row.planSource)) t.planSources.push(row.planSource);
  }
  return [...trades.values()].map(({ pricedShares, ...t }) => ({
    ...t,
    value: round2(t.value),
    vwap: pricedShares > 0 ? round4(t.value / pricedShares) : null,
  }));
}

/** Open-market trades (P/S) of shares, for headlines and totals. */
export function isMarketTrade(trade: Pick<InsiderTrade, 'code' | 'tableKind'>): boolean {
  return (trade.code === 'P' || trade.code === 'S') && trade.tableKind === 'non_derivative';
}

/**
 * The trader's position before a sale or purchase, from the holdings after it: the share of the
 * position the trade moved (percent), or null when holdings are not stated.
 */
export function shareOfPosition(
  trade: Pick<InsiderTrade, 'shares' | 'sharesOwnedAfter' | 'acquiredDisposed'>,
): number | null {
  if (trade.sharesOwnedAfter == null || trade.shares <= 0) return null;
  const before =
    trade.acquiredDisposed === 'D' ? trade.sharesOwnedAfter + trade.shares : trade.sharesOwnedAfter - trade.shares;
  if (before <= 0) return trade.acquiredDisposed === 'D' ? 100 : Infinity;
  return (trade.shares / before) * 100;
}
