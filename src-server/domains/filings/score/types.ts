import type { Importance } from '../../../core/importance';

/** One rule that fired, with its reason in plain words. */
export interface Hit {
  rule: string;
  importance: Importance;
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

/** Facts from stored filings that some rules need; the service gathers them, scoring stays pure. */
export interface ScoreContext {
  /** Display names of insiders of the same issuer with open-market purchases within the cluster window. */
  clusterBuyers?: string[];
  /** The same 13G/13D filer's previous percent of class for this subject company. */
  previousPercent?: number | null;
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
}
