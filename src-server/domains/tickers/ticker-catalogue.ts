import type { Db } from '../../db/client';
import type { AppDeps } from '../../deps';
import { ensureShippedCatalogue } from './catalogue.service';
import { TickerIndex } from './ticker-index';
import * as repo from './tickers.repo';

/** How often a process checks whether another one (a refresh script, an instance) reloaded the catalogue. */
const RECHECK_MS = 30_000;

/**
 * The process's search index over the catalogue table. Built on first use (loading the shipped
 * file into an empty database first); afterwards a cheap background check of the catalogue
 * state rebuilds it when the table changed, so requests never wait for a reload.
 */
export class TickerCatalogue {
  private index: TickerIndex | undefined;
  private loadedAt: number | undefined;
  private checkedAt = 0;
  private pending: Promise<TickerIndex> | undefined;

  constructor(private readonly db: Db) {}

  async get(): Promise<TickerIndex> {
    if (!this.index) return (this.pending ??= this.build(true));
    if (Date.now() - this.checkedAt > RECHECK_MS && !this.pending) {
      this.checkedAt = Date.now();
      this.pending = this.recheck().finally(() => (this.pending = undefined));
      this.pending.catch(() => {});
    }
    return this.index;
  }

  /** Rebuilds from the table now (after this process imported a file). */
  async reload(): Promise<TickerIndex> {
    return this.build(false);
  }

  private async recheck(): Promise<TickerIndex> {
    const state = await repo.readCatalogueState(this.db);
    if (state && state.loadedAt.getTime() !== this.loadedAt) return this.build(false);
    return this.index!;
  }

  private async build(ensure: boolean): Promise<TickerIndex> {
    try {
      if (ensure) await ensureShippedCatalogue(this.db);
      const state = await repo.readCatalogueState(this.db);
      const index = new TickerIndex(await repo.listActiveTickers(this.db));
      this.index = index;
      this.loadedAt = state?.loadedAt.getTime();
      this.checkedAt = Date.now();
      return index;
    } finally {
      if (ensure) this.pending = undefined;
    }
  }
}

const catalogues = new WeakMap<AppDeps, TickerCatalogue>();

/** The catalogue of an app instance (one per AppDeps, so each test app has its own). */
export function tickerCatalogue(deps: AppDeps): TickerCatalogue {
  let catalogue = catalogues.get(deps);
  if (!catalogue) {
    catalogue = new TickerCatalogue(deps.db);
    catalogues.set(deps, catalogue);
  }
  return catalogue;
}
