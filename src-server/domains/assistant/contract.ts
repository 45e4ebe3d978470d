/** The answer contract, the same for both tiers, every transport and the stored conversation. */

export interface FactSource {
  accessionNo: string;
  form: string;
  /** Only the reported period's end when filedDateUnknown (the filing has no recorded filing date). */
  filedAt: string;
  /** Set when filedAt is not a filing date (only the period end, which orders): no answer may give it as one. */
  filedDateUnknown?: boolean;
  acceptedAt: string | null;
  /** The 8-K item, or the Form 4 table row ("non_derivative row 3"), the fact came from. */
  item: string | null;
  row: string | null;
  /** The filing on sec.gov (primary document, else index page). */
  url: string | null;
  /** The filing on our ticker page, when we know its ticker. */
  viewUrl: string | null;
}

export interface Fact {
  id: string;
  label: string;
  value: string | number;
  unit: string | null;
  source: FactSource;
}

export interface Coverage {
  tickers: string[];
  from: string | null;
  to: string | null;
  filingsScanned: number;
}

export interface Answer {
  text: string;
  facts: Fact[];
  /** accessionNo or accessionNo#item, each backed by a fact. */
  citations: string[];
  /** The newest filing we had stored when answering (the data's "as of"). */
  asOf: string | null;
  coverage: Coverage;
  tier: 0 | 1;
  /** Why the answer is not the model's: 'llm_rejected' | 'llm_timeout' | 'llm_error' | 'llm_budget' | 'prose_only'. */
  degraded?: string;
  caveats: string[];
  intent: string;
  /** Questions to try next (out-of-scope or unclear questions get only these). */
  suggestions: string[];
  refusal: boolean;
  conversationId?: string;
  messageId?: number;
}

/** What each read-only tool returns: facts to cite, the words for tier 0, what was scanned. */
export interface ToolResult {
  facts: Fact[];
  /** Tier 0's sentences, built only from `facts` and `coverage`. */
  lines: string[];
  coverage: Coverage;
  caveats: string[];
}
