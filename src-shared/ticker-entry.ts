/** Ticker-entry rules of SPEC.md section 5, shared by the add form and the subscribe call. */

/** Split on commas, trim, uppercase, drop blanks. */
export function parseTickerEntries(text: string): string[] {
  return text
    .split(',')
    .map((entry) => entry.trim().toUpperCase())
    .filter((entry) => entry.length > 0);
}

/** Entries longer than 5 characters are company names to look up. */
export function isCompanyNameEntry(entry: string): boolean {
  return entry.length > 5;
}

/** Quick-add suggestion: 1-5 characters of letters, digits, dot or hyphen (trimmed, uppercased). */
export function quickAddCandidate(text: string): string | null {
  const candidate = text.trim().toUpperCase();
  return /^[A-Z0-9.-]{1,5}$/.test(candidate) ? candidate : null;
}

/** The last comma-separated entry, which the typeahead completes. */
export function lastEntry(text: string): string {
  const parts = text.split(',');
  return (parts[parts.length - 1] ?? '').trim().toUpperCase();
}

/** Picking a suggestion replaces the last entry and appends 'TICKER, '. */
export function applySuggestion(text: string, ticker: string): string {
  const parts = text.split(',');
  parts.pop();
  const kept = parts.map((p) => p.trim()).filter(Boolean);
  return `${[...kept, ticker].join(', ')}, `;
}
