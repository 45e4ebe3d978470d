import { COPY, limitExceededMessage } from '#shared/copy';
import { isCompanyNameEntry, parseTickerEntries } from '#shared/ticker-entry';
import { errorMessage, errorReason } from '../../lib/errors';

/** The add form's own checks, in the spec's order: ticker text, then at least one form. */
export function validateAddForm(params: { tickers: string; forms: readonly string[] }): string | null {
  if (parseTickerEntries(params.tickers).length === 0) return COPY.enterTicker;
  if (params.forms.length === 0) return COPY.selectForm;
  return null;
}

/**
 * Entries longer than 5 characters are company names: the lookup's first match's ticker is used;
 * a failed or empty lookup keeps the entry as typed.
 */
export async function resolveEntries(
  entries: readonly string[],
  lookup: (query: string) => Promise<readonly { ticker: string }[]>,
): Promise<string[]> {
  const resolved = await Promise.all(
    entries.map(async (entry) => {
      if (!isCompanyNameEntry(entry)) return entry;
      try {
        const matches = await lookup(entry);
        return matches[0]?.ticker?.toUpperCase() ?? entry;
      } catch {
        return entry;
      }
    }),
  );
  return [...new Set(resolved)];
}

/** Tickers already in the watchlist do not count toward the limit. */
export function newTickerCount(entries: readonly string[], existing: readonly string[]): number {
  const have = new Set(existing.map((t) => t.toUpperCase()));
  return new Set(entries.filter((e) => !have.has(e.toUpperCase()))).size;
}

export function limitError(params: {
  entries: readonly string[];
  existing: readonly string[];
  limit: number;
  paidPlan: boolean;
}): string | null {
  const adding = newTickerCount(params.entries, params.existing);
  if (adding === 0 || params.existing.length + adding <= params.limit) return null;
  return limitExceededMessage({ adding, limit: params.limit, paidPlan: params.paidPlan });
}

export function addSuccessMessage(result: {
  added?: readonly unknown[];
  updated?: readonly unknown[];
  skipped?: readonly unknown[];
}): string {
  const parts: string[] = [];
  const added = result.added?.length ?? 0;
  const updated = result.updated?.length ?? 0;
  const skipped = result.skipped?.length ?? 0;
  if (added > 0) parts.push(COPY.addedN(added));
  if (updated > 0) parts.push(COPY.updatedN(updated));
  if (skipped > 0) parts.push(COPY.skippedN(skipped));
  return parts.length > 0 ? parts.join(', ') : COPY.watchlistUpdated;
}

/** A failed add: 'ticker_not_recognized' gets its message or the spec's default. */
export function addErrorMessage(error: unknown): string {
  if (errorReason(error) === 'ticker_not_recognized') return errorMessage(error, COPY.tickerNotRecognized);
  return errorMessage(error, COPY.addFailed);
}
