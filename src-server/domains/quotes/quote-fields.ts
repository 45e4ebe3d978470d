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

const QUOTE_FIELDS: readonly (keyof QuoteFields)[] = [
  'current_price',
  'change_percent',
  'market_cap',
  'pe_ratio',
  'eps',
  'dividend_yield',
  'volume',
  'avg_volume',
  'week_52_low',
  'week_52_high',
];

/** The quote fields of a row that selected them under these names (a left join may give nulls). */
export function pickQuoteFields(row: { [K in keyof QuoteFields]?: number | null }): QuoteFields {
  return Object.fromEntries(QUOTE_FIELDS.map((field) => [field, row[field] ?? null])) as unknown as QuoteFields;
}
