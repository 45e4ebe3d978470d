import type { Db } from '../../db/client';
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
  private first: Promise<TickerIndex> | undefined;
  private checking: Promise<TickerIndex> | undefined;

  constructor(private readonly db: Db) {}

  async get(): Promise<TickerIndex> {
    if (!this.index) {
      this.first ??= this.build(true).finally(() => {
        this.first = undefined;
      });
      return this.first;
    }
    if (Date.now() - this.checkedAt > RECHECK_MS && !this.checking) {
      this.checkedAt = Date.now();
      // A failed check keeps serving the current index; the next one retries.
      this.checking = this.check()
        .catch(() => this.index!)
        .finally(() => {
          this.checking = undefined;
        });
    }
    return this.index;
  }

  /** Rebuilds the index if the catalogue table changed since it was built (another process imported). */
  async check(): Promise<TickerIndex> {
    if (!this.index) return this.get();
    const state = await repo.readCatalogueState(this.db);
    if (state?.loadedAt.getTime() !== this.loadedAt) return this.build(false);
    return this.index;
  }

  private async build(ensureLoaded: boolean): Promise<TickerIndex> {
    if (ensureLoaded) await ensureShippedCatalogue(this.db);
    const state = await repo.readCatalogueState(this.db);
    this.index = new TickerIndex(await repo.listActiveTickers(this.db));
    this.loadedAt = state?.loadedAt.getTime();
    this.checkedAt = Date.now();
    return this.index;
  }
}

/** The catalogue an app instance holds (deps.tickers, built by the composition root). */
export const tickerCatalogue = (deps: { tickers: TickerCatalogue }): TickerCatalogue => deps.tickers;
