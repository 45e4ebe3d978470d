export interface TickerSuggestion {
  ticker: string;
  name: string;
}

/** Typeahead order (SPEC.md section 5): exact match, then prefix matches, then the rest, A-Z within each. */
export function orderSuggestions(results: readonly TickerSuggestion[], query: string): TickerSuggestion[] {
  const q = query.trim().toUpperCase();
  const rank = (s: TickerSuggestion) => (s.ticker === q ? 0 : s.ticker.startsWith(q) ? 1 : 2);
  const seen = new Set<string>();
  return results
    .filter((s) => !seen.has(s.ticker) && seen.add(s.ticker))
    .map((s, index) => ({ s, index }))
    .sort((a, b) => rank(a.s) - rank(b.s) || (rank(a.s) < 2 ? a.s.ticker.localeCompare(b.s.ticker) : a.index - b.index))
    .map(({ s }) => s);
}

/** Arrow keys cycle through the list (wrapping); -1 means nothing highlighted. */
export function cycleIndex(current: number, count: number, direction: 1 | -1): number {
  if (count === 0) return -1;
  if (current < 0) return direction === 1 ? 0 : count - 1;
  return (current + direction + count) % count;
}
