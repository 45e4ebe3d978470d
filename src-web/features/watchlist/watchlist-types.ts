import type { Importance } from '#shared/importance';

/** A filing as the watchlist carries it (SPEC.md section 3). */
export interface WatchlistFiling {
  id?: number | string;
  form?: string | null;
  form_type?: string | null;
  one_liner?: string | null;
  summary_text?: string | null;
  importance?: Importance | string | null;
  /** The scoring rules that fired, in plain words. */
  reasons?: string[] | null;
  /** Only the reported period's end (it orders) when filed_date_unknown. */
  filed_at?: string | null;
  /** No filing date is recorded: filed_at must not be shown as one. */
  filed_date_unknown?: boolean | null;
  updated_at?: string | null;
  link?: string | null;
  /** JSON string (or already parsed) with executiveName, executiveTitle, insiderCik, isDisposition, sharesTraded. */
  insider_data?: string | InsiderData | null;
  /** Forms 3/4/5: dollar value of the headline transaction (priced rows). */
  insider_value?: number | null;
  insider_cik?: string | null;
  executive_names?: string[] | string | null;
  /** Set by the parser when a field of the filing could not be read. */
  data_incomplete?: boolean | null;
  /** An admin reviewed the importance by hand. */
  reviewed?: boolean | null;
}

export interface InsiderData {
  executiveName?: string | null;
  executiveTitle?: string | null;
  insiderCik?: string | number | null;
  isDisposition?: boolean | null;
  sharesTraded?: number | null;
  /** Code of the headline transaction; only P (bought) and S (sold) read as trades. */
  transactionCode?: string | null;
  incompleteData?: boolean | null;
}

/** A watchlist item (SPEC.md section 3). */
export interface WatchlistItem {
  id: number | string;
  ticker: string;
  /** Over the plan's limit after a downgrade: kept, no alerts until there is room. */
  paused?: boolean;
  company_name?: string | null;
  sector?: string | null;
  industry?: string | null;
  /** Comma-separated form types. */
  forms?: string | null;
  notes?: string | null;
  current_price?: number | null;
  change_percent?: number | null;
  market_cap?: number | null;
  pe_ratio?: number | null;
  eps?: number | null;
  dividend_yield?: number | null;
  volume?: number | null;
  avg_volume?: number | null;
  week_52_low?: number | null;
  week_52_high?: number | null;
  unseen_filings_count?: number | null;
  highest_importance?: Importance | string | null;
  last_filing_date?: string | null;
  /** The latest filing has no recorded filing date (last_filing_date only orders). */
  last_filing_date_unknown?: boolean | null;
  latest_filing_link?: string | null;
  latest_one_liner?: string | null;
  recent_filings?: WatchlistFiling[] | null;
}
