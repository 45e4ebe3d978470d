import type { CatalogueEntry } from './catalogue-file';

export const SEARCH_LIMIT = 10;

/** Share classes are written BRK.B, BRK/B or BRK-B; SEC's file uses the dash. */
export function tickerKey(symbol: string): string {
  return symbol.trim().toUpperCase().replace(/[./]/g, '-');
}

/** Upper case, punctuation to spaces, spaces collapsed: "Meta Platforms, Inc." -> "META PLATFORMS INC". */
function nameKey(text: string): string {
  return text
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, ' ')
    .trim();
}

interface Indexed {
  entry: CatalogueEntry;
  key: string;
  name: string;
}

/**
 * The in-memory ticker search over the whole catalogue (about 10,000 rows).
 * Order: the exact ticker, then tickers starting with the query (alphabetical), then companies
 * whose name starts with the query, then names with a word starting with it; name matches keep
 * SEC's order, which lists the largest companies first ("APPLE" -> Apple Inc. before Apple
 * Hospitality REIT). Ticker lookups are a hash hit plus a binary search; names are looked up in
 * a table of word prefixes (up to 4 characters), then checked in that short, ranked list.
 */
export class TickerIndex {
  private readonly byKey = new Map<string, Indexed>();
  /** Sorted by key, for prefix ranges. */
  private readonly sorted: Indexed[];
  /** Word prefix (1-4 characters) -> entries with a name word starting with it, in SEC rank order. */
  private readonly byWordPrefix = new Map<string, Indexed[]>();

  constructor(entries: readonly CatalogueEntry[]) {
    const ranked = [...entries]
      .sort((a, b) => a.rank - b.rank)
      .map((entry) => ({ entry, key: tickerKey(entry.ticker), name: ` ${nameKey(entry.name)}` }));
    for (const item of ranked) {
      if (!this.byKey.has(item.key)) this.byKey.set(item.key, item);
      const prefixes = new Set(
        item.name
          .trim()
          .split(' ')
          .flatMap((word) => [1, 2, 3, 4].map((n) => word.slice(0, n))),
      );
      for (const prefix of prefixes) {
        const list = this.byWordPrefix.get(prefix);
        if (list) list.push(item);
        else this.byWordPrefix.set(prefix, [item]);
      }
    }
    this.sorted = [...this.byKey.values()].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  }

  get size(): number {
    return this.byKey.size;
  }

  /** The catalogue entry for a symbol (BRK.B finds BRK-B), or undefined. */
  get(symbol: string): CatalogueEntry | undefined {
    return this.byKey.get(tickerKey(symbol))?.entry;
  }

  search(query: string, limit = SEARCH_LIMIT): CatalogueEntry[] {
    const key = tickerKey(query);
    if (!key || limit <= 0) return [];
    const out: CatalogueEntry[] = [];
    const taken = new Set<string>();
    const take = (item: Indexed) => {
      if (out.length < limit && !taken.has(item.key)) {
        taken.add(item.key);
        out.push(item.entry);
      }
    };

    const exact = this.byKey.get(key);
    if (exact) take(exact);
    for (let i = this.lowerBound(key); i < this.sorted.length && out.length < limit; i += 1) {
      const item = this.sorted[i]!;
      if (!item.key.startsWith(key)) break;
      take(item);
    }
    if (out.length < limit) this.nameMatches(nameKey(query), limit - out.length, taken).forEach(take);
    return out;
  }

  private nameMatches(query: string, need: number, taken: Set<string>): Indexed[] {
    if (!query) return [];
    const starts: Indexed[] = [];
    const words: Indexed[] = [];
    const atStart = ` ${query}`;
    // Any name containing " QUERY" has a word starting with the query's first four characters.
    for (const item of this.byWordPrefix.get(query.split(' ')[0]!.slice(0, 4)) ?? []) {
      if (taken.has(item.key)) continue;
      if (item.name.startsWith(atStart)) {
        starts.push(item);
        if (starts.length >= need) break;
      } else if (words.length < need && item.name.includes(atStart)) {
        words.push(item);
      }
    }
    return [...starts, ...words].slice(0, need);
  }

  private lowerBound(key: string): number {
    let lo = 0;
    let hi = this.sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.sorted[mid]!.key < key) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}
