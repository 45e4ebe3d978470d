/**
 * npm run bench:tickers — the ticker search (GET /api/tickers?q=, tickers.search, name lookup on
 * add) over the full shipped SEC catalogue, in-process, for every 1- and 2-character query and
 * 3- and 4-character prefixes of real tickers and words of company names. The baseline in the
 * same run answers the same queries the plain way (filter and sort the whole catalogue per
 * query); every answer is checked against it.
 */
import { randomInt } from 'node:crypto';
import { readShippedCatalogue, type CatalogueEntry } from '../src-server/domains/tickers/catalogue-file';
import { SEARCH_LIMIT, TickerIndex, tickerKey } from '../src-server/domains/tickers/ticker-index';
import { benchArgs } from './bench/bench-args';
import { summarize } from './bench/stats';

const ROUNDS = benchArgs.smoke ? 1 : 5;

/**
 * The search rules written plainly over pre-normalised rows in SEC's order: four linear filters
 * and a sort of the prefix matches on every query.
 */
function plainSearcher(entries: readonly CatalogueEntry[]): (query: string) => string[] {
  const rows = [...entries]
    .sort((a, b) => a.rank - b.rank)
    .map((e) => ({
      ticker: e.ticker,
      key: tickerKey(e.ticker),
      name: ` ${e.name
        .toUpperCase()
        .replace(/[^A-Z0-9]+/g, ' ')
        .trim()}`,
    }));
  return (query) => {
    const key = tickerKey(query);
    if (!key) return [];
    const words = ` ${query
      .toUpperCase()
      .replace(/[^A-Z0-9]+/g, ' ')
      .trim()}`;
    const exact = rows.filter((r) => r.key === key);
    const prefix = rows.filter((r) => r.key !== key && r.key.startsWith(key)).sort((a, b) => (a.key < b.key ? -1 : 1));
    const named = words.trim() ? rows.filter((r) => r.name.startsWith(words)) : [];
    const inside = words.trim() ? rows.filter((r) => !r.name.startsWith(words) && r.name.includes(words)) : [];
    const seen = new Set<string>();
    return [...exact, ...prefix, ...named, ...inside]
      .filter((r) => !seen.has(r.key) && seen.add(r.key))
      .slice(0, SEARCH_LIMIT)
      .map((r) => r.ticker);
  };
}

function queries(entries: readonly CatalogueEntry[]): string[] {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
  const one = [...alphabet];
  const two = one.flatMap((a) => [...alphabet.slice(0, 26)].map((b) => a + b));
  const sample = (n: number, length: number) =>
    Array.from({ length: n }, () => {
      const pick = entries[randomInt(entries.length)]!;
      const source =
        randomInt(2) === 0
          ? pick.ticker
          : (pick.name.split(/\s+/)[randomInt(pick.name.split(/\s+/).length)] ?? pick.ticker);
      return source.slice(0, length).toLowerCase();
    });
  return [...one, ...two, ...sample(500, 3), ...sample(500, 4)];
}

function measure(run: (q: string) => unknown, list: string[]): { n: number; p50: number; p99: number; max: number } {
  const times: number[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const q of list) {
      const start = process.hrtime.bigint();
      run(q);
      times.push(Number(process.hrtime.bigint() - start) / 1e6);
    }
  }
  const { n, p50, p99, max } = summarize(times);
  return { n, p50, p99, max };
}

const { entries } = await readShippedCatalogue();
const started = process.hrtime.bigint();
const index = new TickerIndex(entries);
const buildMs = Number(process.hrtime.bigint() - started) / 1e6;
const list = queries(entries).slice(0, benchArgs.smoke ? 100 : undefined);
const plainSearch = plainSearcher(entries);

for (const q of list) {
  const fast = index.search(q).map((e) => e.ticker);
  const plain = plainSearch(q);
  if (fast.join() !== plain.join())
    throw new Error(`search("${q}") = ${fast.join()} but the plain rules give ${plain.join()}`);
}

const indexed = measure((q) => index.search(q), list);
const baseline = measure((q) => plainSearch(q), list);
const round = (n: number) => +n.toFixed(3);
console.log(
  `${entries.length} tickers, index built in ${buildMs.toFixed(1)} ms; ${list.length} queries x ${ROUNDS} rounds, answers identical`,
);
console.table({
  'TickerIndex.search': {
    n: indexed.n,
    'p50 ms': round(indexed.p50),
    'p99 ms': round(indexed.p99),
    'max ms': round(indexed.max),
  },
  'plain filter + sort (baseline)': {
    n: baseline.n,
    'p50 ms': round(baseline.p50),
    'p99 ms': round(baseline.p99),
    'max ms': round(baseline.max),
  },
});
console.log(
  `bench:tickers n=${indexed.n} p50_ms=${round(indexed.p50)} p99_ms=${round(indexed.p99)} baseline_n=${baseline.n} baseline_p99_ms=${round(baseline.p99)} speedup=${(baseline.p99 / indexed.p99).toFixed(0)}x`,
);
