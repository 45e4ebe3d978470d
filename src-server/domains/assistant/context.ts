/** What the router needs to know about our data and the caller, read once per question. */
import type { Db } from '../../db/client';
import * as repo from './assistant.repo';
import type { KnownCompany, KnownInsider } from './router';

export interface AskContext {
  userId: string;
  now: Date;
  known: KnownCompany[];
  insiders: KnownInsider[];
  watchlist: { ticker: string; cik: number | null }[];
  watchlistCiks: number[];
  asOf: string | null;
}

interface Lists {
  newestId: number;
  known: KnownCompany[];
  insiders: KnownInsider[];
}

// Per database handle: the company and insider lists, rebuilt only when a newer filing is stored.
const cache = new WeakMap<object, Lists>();

export async function loadContext(db: Db, { userId, now }: { userId: string; now: Date }): Promise<AskContext> {
  const [newest, watchlist] = await Promise.all([repo.newestStored(db), repo.watchlistCiks(db, { userId })]);
  let lists = cache.get(db);
  if (!lists || lists.newestId !== (newest?.id ?? 0)) {
    const [known, insiders] = await Promise.all([repo.knownCompanies(db), repo.knownInsiders(db)]);
    lists = {
      newestId: newest?.id ?? 0,
      known: known.map((k) => ({ cik: Number(k.cik), tickers: k.tickers, names: k.names })),
      insiders,
    };
    cache.set(db, lists);
  }
  return {
    userId,
    now,
    known: lists.known,
    insiders: lists.insiders,
    watchlist,
    watchlistCiks: [...new Set(watchlist.map((w) => w.cik).filter((c): c is number => c != null))],
    asOf: newest?.stored_at ?? null,
  };
}

/** The label a company goes by in answers: its ticker, else its name. */
export function labelOf(context: AskContext, cik: number): string {
  const company = context.known.find((k) => k.cik === cik);
  const watched = context.watchlist.find((w) => w.cik === cik);
  return watched?.ticker ?? company?.tickers[0] ?? company?.names[0] ?? `CIK ${cik}`;
}
