/** An insider's rows into the profile: roles, totals and holdings per company, every transaction (no I/O). */
import { ownerRoleLabel, transactionCodeWords } from '#shared/insider';
import type { Cluster } from '#shared/insider-activity';
import { collapseTrades, type TradeRowInput } from '#shared/insider-trades';
import type { TransactionDto } from '../ticker-pages/timeline';
import type { OwnerRow } from './insiders.repo';

/** One row of the profile's transaction list: the ticker page's row fields with its filing and company. */
export interface InsiderTransaction
  extends Pick<
    TransactionDto,
    | 'security'
    | 'code'
    | 'code_words'
    | 'acquired_disposed'
    | 'shares'
    | 'price'
    | 'value'
    | 'shares_after'
    | 'ownership'
    | 'is_10b5_1'
  > {
  filing_id: number;
  accession_no: string;
  form: string;
  date: string;
  filed_at: string;
  issuer_cik: number | null;
  ticker: string | null;
  company: string | null;
  derivative: boolean;
  link: string | null;
}

/** Totals over collapsed trades: one per real trade, however many price rows it was filed in. */
export interface CompanyTotals {
  /** Open-market purchases (code P) and sales (code S) of shares. */
  bought_shares: number;
  bought_value: number;
  sold_shares: number;
  sold_value: number;
  /** Bought minus sold in the open market. */
  net_shares: number;
  net_value: number;
  /** Other acquisitions (grants, exercises, gifts received...) and dispositions (tax withholding, gifts...). */
  other_acquired_shares: number;
  other_disposed_shares: number;
  /** Collapsed trades (all codes). */
  transactions: number;
  /** Filed rows behind them. */
  rows: number;
}

export interface HoldingsSeries {
  /** "Common Stock · direct", "Class C Capital Stock · indirect (By Trust)". */
  label: string;
  /** [day, shares owned after], oldest first, one point per day. */
  points: [string, number][];
}

export interface InsiderCompany {
  issuer_cik: number | null;
  ticker: string | null;
  name: string | null;
  role: {
    label: string;
    officer_title: string | null;
    director: boolean;
    officer: boolean;
    ten_percent_owner: boolean;
    other: string | null;
  };
  first_date: string;
  last_date: string;
  totals: CompanyTotals;
  /** Cluster buying or selling of the company this insider took part in (filled by the service). */
  clusters: Cluster[];
  holdings: HoldingsSeries[];
}

export interface InsiderProfile {
  cik: number | null;
  name: string;
  /** Names as filed ("Musk Elon"), for recognising the person in EDGAR. */
  filed_names: string[];
  companies: InsiderCompany[];
  transactions: InsiderTransaction[];
  /** More rows exist than were read (the newest are shown). */
  truncated: boolean;
}

export const MAX_SERIES_PER_COMPANY = 5;

const dayOf = (row: OwnerRow) => row.transaction_date ?? row.filed_day;
const ownershipOf = (row: OwnerRow) =>
  row.direct_indirect === 'D' ? 'direct' : row.direct_indirect === 'I' ? 'indirect' : null;

function toTransaction(row: OwnerRow): InsiderTransaction {
  return {
    filing_id: row.filing_id,
    accession_no: row.accession_no,
    form: row.form_type,
    date: dayOf(row),
    filed_at: row.filed_at,
    issuer_cik: row.issuer_cik,
    ticker: row.ticker,
    company: row.company_name,
    security: row.security_title,
    derivative: row.table_kind === 'derivative',
    code: row.code,
    code_words: transactionCodeWords(row.code),
    acquired_disposed: row.acquired_disposed === 'A' || row.acquired_disposed === 'D' ? row.acquired_disposed : null,
    shares: row.shares,
    price: row.price_per_share,
    value: row.value,
    shares_after: row.shares_owned_after,
    ownership: ownershipOf(row),
    is_10b5_1: row.is_10b5_1,
    link: row.link,
  };
}

const tradeRow = (row: OwnerRow): TradeRowInput => ({
  tableKind: row.table_kind,
  isHolding: row.is_holding,
  rowIndex: row.row_index,
  securityTitle: row.security_title,
  transactionDate: row.transaction_date,
  code: row.code,
  acquiredDisposed: row.acquired_disposed === 'A' || row.acquired_disposed === 'D' ? row.acquired_disposed : null,
  shares: row.shares,
  pricePerShare: row.price_per_share,
  sharesOwnedAfter: row.shares_owned_after,
  directIndirect: row.direct_indirect === 'D' || row.direct_indirect === 'I' ? row.direct_indirect : null,
  natureOfOwnership: row.nature_of_ownership,
  is10b51: row.is_10b5_1,
});

const round2 = (n: number) => Math.round(n * 100) / 100;

function totalsOf(rows: OwnerRow[]): CompanyTotals {
  const t: CompanyTotals = {
    bought_shares: 0,
    bought_value: 0,
    sold_shares: 0,
    sold_value: 0,
    net_shares: 0,
    net_value: 0,
    other_acquired_shares: 0,
    other_disposed_shares: 0,
    transactions: 0,
    rows: 0,
  };
  const byFiling = new Map<number, OwnerRow[]>();
  for (const row of rows)
    if (!row.is_holding) byFiling.set(row.filing_id, [...(byFiling.get(row.filing_id) ?? []), row]);
  for (const filingRows of byFiling.values()) {
    t.rows += filingRows.length;
    for (const trade of collapseTrades(filingRows.map(tradeRow), [])) {
      t.transactions += 1;
      // Shares of the company's stock only: option rows count contracts, not shares bought or sold.
      if (trade.tableKind !== 'non_derivative') continue;
      if (trade.code === 'P') {
        t.bought_shares += trade.shares;
        t.bought_value += trade.value;
      } else if (trade.code === 'S') {
        t.sold_shares += trade.shares;
        t.sold_value += trade.value;
      } else if (trade.acquiredDisposed === 'A') t.other_acquired_shares += trade.shares;
      else if (trade.acquiredDisposed === 'D') t.other_disposed_shares += trade.shares;
    }
  }
  t.bought_value = round2(t.bought_value);
  t.sold_value = round2(t.sold_value);
  t.net_shares = round2(t.bought_shares - t.sold_shares);
  t.net_value = round2(t.bought_value - t.sold_value);
  return t;
}

/** Holdings after each row, per security and kind of ownership; the last row of a day wins. */
function holdingsOf(rows: OwnerRow[]): HoldingsSeries[] {
  const series = new Map<string, Map<string, number>>();
  const ordered = rows
    .filter((r) => r.table_kind === 'non_derivative' && r.shares_owned_after != null)
    .sort(
      (a, b) => dayOf(a).localeCompare(dayOf(b)) || a.filed_at.localeCompare(b.filed_at) || a.row_index - b.row_index,
    );
  for (const row of ordered) {
    const how =
      ownershipOf(row) === 'indirect'
        ? `indirect${row.nature_of_ownership ? ` (${row.nature_of_ownership})` : ''}`
        : 'direct';
    const label = `${row.security_title ?? 'Shares'} · ${how}`;
    const points = series.get(label) ?? new Map<string, number>();
    points.set(dayOf(row), row.shares_owned_after!);
    series.set(label, points);
  }
  return [...series]
    .map(([label, points]) => ({ label, points: [...points] }))
    .sort(
      (a, b) =>
        Number(b.label.endsWith('· direct')) - Number(a.label.endsWith('· direct')) ||
        b.points.length - a.points.length,
    )
    .slice(0, MAX_SERIES_PER_COMPANY);
}

function companyOf(rows: OwnerRow[]): InsiderCompany {
  // Rows arrive newest first: the first one carries the current role.
  const latest = rows[0]!;
  const days = rows.map(dayOf).sort();
  return {
    issuer_cik: latest.issuer_cik,
    ticker: latest.ticker,
    name: latest.company_name,
    role: {
      label: ownerRoleLabel({
        officerTitle: latest.officer_title,
        isOfficer: latest.is_officer,
        isDirector: latest.is_director,
        isTenPercentOwner: latest.is_ten_percent_owner,
        otherText: latest.other_text,
      }),
      officer_title: latest.officer_title,
      director: latest.is_director,
      officer: latest.is_officer,
      ten_percent_owner: latest.is_ten_percent_owner,
      other: latest.other_text,
    },
    first_date: days[0]!,
    last_date: days[days.length - 1]!,
    totals: totalsOf(rows),
    clusters: [],
    holdings: holdingsOf(rows),
  };
}

/**
 * The name most of the person's filings give (ties: the newest). Filers do not always follow
 * EDGAR's "Last First" order, so one person can read "Sergey Brin" in one filing and, reordered,
 * "Brin Sergey" in another; every filed form stays listed in filed_names.
 */
function commonestName(rows: OwnerRow[]): string {
  const filingsPerName = new Map<string, Set<number>>();
  for (const row of rows) {
    const filings = filingsPerName.get(row.owner_display_name) ?? new Set<number>();
    filings.add(row.filing_id);
    filingsPerName.set(row.owner_display_name, filings);
  }
  // Map order is first appearance, i.e. newest first: a stable sort keeps the newest among ties.
  return [...filingsPerName].sort((a, b) => b[1].size - a[1].size)[0]![0];
}

/** Rows newest first (as ownerRows returns them) into the profile; null when there are none. */
export function buildProfile(rows: OwnerRow[], options: { truncated: boolean }): InsiderProfile | null {
  const first = rows[0];
  if (!first) return null;
  const byCompany = new Map<string, OwnerRow[]>();
  for (const row of rows) {
    const key = row.issuer_cik != null ? `cik:${row.issuer_cik}` : `name:${row.company_name ?? row.ticker ?? '?'}`;
    const list = byCompany.get(key);
    if (list) list.push(row);
    else byCompany.set(key, [row]);
  }
  return {
    cik: first.owner_cik,
    name: commonestName(rows),
    filed_names: [...new Set(rows.map((r) => r.owner_name))],
    companies: [...byCompany.values()].map(companyOf).sort((a, b) => b.last_date.localeCompare(a.last_date)),
    transactions: rows.filter((r) => !r.is_holding).map(toTransaction),
    truncated: options.truncated,
  };
}
