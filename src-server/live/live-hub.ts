/**
 * The process's live hub: the one LISTEN connection (postgres-js keeps a single listening
 * connection per pool, shared with every other sql.listen of the process) turns `filing_scored`
 * ids into events for this process's subscribers, found through an index by ticker. Any app
 * instance's commit reaches every instance this way; payloads carry ids only.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { CHANNELS, listenTo } from '../db/channels';
import type { Db, Sql } from '../db/client';
import type { Metrics } from '../ops/metrics';
import type { EventQueue } from './event-queue';
import * as repo from './live.repo';

export type { LiveFilingEvent } from './live.repo';

interface Subscriber {
  userId: string;
  /** Followed forms per watchlist ticker. */
  watch: Map<string, Set<string>>;
  queue: EventQueue<repo.LiveFilingEvent>;
}

type Listening = Awaited<ReturnType<Sql['listen']>>;

export class LiveHub {
  readonly instanceId = randomUUID();
  private readonly byTicker = new Map<string, Set<Subscriber>>();
  private readonly byUser = new Map<string, Set<Subscriber>>();
  private listening: Promise<Listening[]> | null = null;
  /** Events are handled one after another, in the order PostgreSQL delivered the commits. */
  private chain: Promise<void> = Promise.resolve();

  constructor(private readonly deps: { db: Db; sql: Sql; logger?: FastifyBaseLogger; metrics?: Metrics | null }) {}

  /** Registers a subscriber; resolves once it will receive every filing committed from now on. */
  async subscribe(userId: string, { queue }: Pick<Subscriber, 'queue'>): Promise<() => void> {
    await (this.listening ??= this.listen());
    const sub: Subscriber = { userId, watch: new Map(), queue };
    this.addTo(this.byUser, userId, sub);
    await this.load(sub);
    return () => this.drop(sub);
  }

  get subscriberCount(): number {
    let n = 0;
    for (const subs of this.byUser.values()) n += subs.size;
    return n;
  }

  async stop(): Promise<void> {
    const listening = this.listening;
    this.listening = null;
    for (const subs of this.byUser.values()) for (const sub of subs) sub.queue.end();
    this.byUser.clear();
    this.byTicker.clear();
    if (listening) for (const l of await listening.catch(() => [])) await l.unlisten().catch(() => {});
    await this.chain;
  }

  private listen(): Promise<Listening[]> {
    const enqueue = (work: () => Promise<void>) => {
      this.chain = this.chain.then(work).catch((err) => this.deps.logger?.error({ err }, 'live hub event failed'));
    };
    return Promise.all([
      listenTo(this.deps.sql, CHANNELS.filingScored, (id) => {
        if (this.byTicker.size > 0) enqueue(() => this.fanOut(id));
      }),
      listenTo(this.deps.sql, CHANNELS.watchlistChanged, (userId) => {
        const subs = this.byUser.get(userId);
        if (subs) enqueue(async () => void (await Promise.all([...subs].map((s) => this.load(s)))));
      }),
    ]);
  }

  private async fanOut(filingId: number): Promise<void> {
    const filing = await repo.loadLiveFiling(this.deps.db, { id: filingId });
    if (!filing) return;
    const form = filing.row.catalogue_form;
    const reached = new Set<Subscriber>();
    for (const ticker of filing.tickers) {
      const subs = this.byTicker.get(ticker);
      if (!subs) continue;
      const event = repo.toEvent(filing.row, ticker);
      for (const sub of subs) {
        if (reached.has(sub) || !sub.watch.get(ticker)?.has(form)) continue;
        // A queue that ended (overflow, or a subscription that never got iterated) leaves the index.
        if (!sub.queue.open) {
          this.drop(sub);
          continue;
        }
        reached.add(sub);
        sub.queue.push(event);
      }
    }
    if (reached.size > 0) {
      this.deps.metrics?.observeStage('stored_to_pushed', 'live', filing.row.stored_at);
      await repo
        .recordPush(this.deps.db, { filingId, instanceId: this.instanceId, subscribers: reached.size, pushedAt: new Date() })
        .catch((err) => this.deps.logger?.warn({ err, filingId }, 'recording a live push failed'));
    }
  }

  private drop(sub: Subscriber): void {
    this.index(sub, false);
    this.removeFrom(this.byUser, sub.userId, sub);
  }

  /** (Re)reads the subscriber's watchlist and moves it in the ticker index. */
  private async load(sub: Subscriber): Promise<void> {
    const watch = await repo.watchOf(this.deps.db, { userId: sub.userId });
    if (!this.byUser.get(sub.userId)?.has(sub)) return;
    this.index(sub, false);
    sub.watch = watch;
    this.index(sub, true);
  }

  private index(sub: Subscriber, add: boolean): void {
    for (const ticker of sub.watch.keys()) {
      if (add) this.addTo(this.byTicker, ticker, sub);
      else this.removeFrom(this.byTicker, ticker, sub);
    }
  }

  private addTo(map: Map<string, Set<Subscriber>>, key: string, sub: Subscriber): void {
    const set = map.get(key) ?? new Set();
    set.add(sub);
    map.set(key, set);
  }

  private removeFrom(map: Map<string, Set<Subscriber>>, key: string, sub: Subscriber): void {
    const set = map.get(key);
    set?.delete(sub);
    if (set?.size === 0) map.delete(key);
  }
}
