/** The quote columns as the watchlist and ticker reads select them. */
export interface QuoteColumns {
  price: number | null;
  change_percent: number | null;
  market_cap: number | null;
  pe_ratio: number | null;
  eps: number | null;
  dividend_yield: number | null;
  volume: number | null;
  avg_volume: number | null;
  week_52_low: number | null;
  week_52_high: number | null;
}

/** SPEC.md section 3's quote fields of a watchlist item (null when no quote is known). */
export interface QuoteFields {
  current_price: number | null;
  change_percent: number | null;
  market_cap: number | null;
  pe_ratio: number | null;
  eps: number | null;
  dividend_yield: number | null;
  volume: number | null;
  avg_volume: number | null;
  week_52_low: number | null;
  week_52_high: number | null;
}

export function toQuoteFields(row: Partial<QuoteColumns> | null | undefined): QuoteFields {
  return {
    current_price: row?.price ?? null,
    change_percent: row?.change_percent ?? null,
    market_cap: row?.market_cap ?? null,
    pe_ratio: row?.pe_ratio ?? null,
    eps: row?.eps ?? null,
    dividend_yield: row?.dividend_yield ?? null,
    volume: row?.volume ?? null,
    avg_volume: row?.avg_volume ?? null,
    week_52_low: row?.week_52_low ?? null,
    week_52_high: row?.week_52_high ?? null,
  };
}
