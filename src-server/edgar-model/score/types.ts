import type { Importance } from '#shared/importance';

/** One rule that fired, with its reason in plain words. */
export interface Hit {
  rule: string;
  importance: Importance;
  /** The line the card's "Why" shows; empty when another hit of the same filing already says it (the rule still counts). */
  reason: string;
}

/** SPEC.md insider_data, plus the flag behind '(incomplete data)'. */
export interface InsiderData {
  executiveName: string | null;
  executiveTitle: string | null;
  insiderCik: string | null;
  isDisposition: boolean | null;
  sharesTraded: number | null;
  /** Code of the headline transaction (P, S, M, A, F, G...): only P and S are buys and sales. */
  transactionCode: string | null;
  incompleteData: boolean;
}

/** One insider's earlier open-market trades at the same company (stored insider rows). */
export interface InsiderHistory {
  /** 'YYYY-MM' of every earlier open-market purchase or sale (code P or S). */
  tradeMonths: string[];
  /** Earliest date the stored history of this insider at the company covers (first row's trade date), or null. */
  coveredFrom: string | null;
}

/**
 * The company's size on a filing's date (decision 366): its market value, else its total assets, with what it was
 * computed from so the reason can say which reference sized the deal.
 */
export interface CompanySize {
  kind: 'market-value' | 'total-assets';
  usd: number;
  /** Absent for a bare market value a caller passed (marketCapUsd). */
  from?:
    | { source: 'cover-shares'; form: string; asOf: string; closeDay: string }
    | { source: 'quote'; quotedDay: string }
    | { source: 'carried-count'; closeDay: string }
    | { source: 'balance-sheet'; form: string; asOf: string };
}

/** Facts from stored filings that some rules need; the service gathers them, scoring stays pure. */
export interface ScoreContext {
  /** Display names of insiders of the same issuer with open-market purchases within the cluster window. */
  clusterBuyers?: string[];
  /** Forms 4/5 with an open-market trade: the primary owner's earlier trades at the company (routine vs opportunistic). */
  insiderHistory?: InsiderHistory | null;
  /** The same 13G/13D filer's previous percent of class for this subject company. */
  previousPercent?: number | null;
  /** The company's market value (USD) on the filing's date, when stored data tells it. */
  marketCapUsd?: number | null;
  /** 8-K deals: what sizes the deal against the company, and where it came from (decision 366). */
  companySize?: CompanySize | null;
  /** For amendments: the original filing it amends, as stored. */
  original?: import('./amendment').OriginalFiling | null;
  /** 10-K/10-Q: what changed since the comparable report, and the company's usual change. */
  reportChange?: import('#shared/report-diff').ReportChangeFacts | null;
}

export interface Score {
  importance: Importance;
  /** Plain-words reasons, highest importance first. */
  reasons: string[];
  /** Ids of the rules that fired (core/scoring-rules.ts). */
  rules: string[];
  oneLiner: string;
  summaryText: string;
  insiderData: InsiderData | null;
  /** Forms 3/4/5: the collapsed trades (one per economic trade; rows and joint filers folded). */
  trades?: import('#shared/insider-trades').InsiderTrade[];
  /** Amendments with their original on file: what changed, in one line. */
  amendment?: import('./amendment').AmendmentChange | null;
}
