/**
 * The process's live hub: the one LISTEN connection (postgres-js keeps a single listening
 * connection per pool, shared with every other sql.listen of the process) turns `filing_scored`
 * ids into events for this process's subscribers, found through an index by ticker. Any app
 * instance's commit reaches every instance this way; payloads carry ids only.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { sleepReal } from '../clock';
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

/**
 * An event's reads tried again before it is given up: the notification has arrived, so a read
 * that failed because the database dropped the connection (a failover, a restart) would otherwise
 * lose the push on this process only (the scale-out run: one filing reached the sockets of one
 * web process of two). About 3 s in all, in order: later events wait behind it.
 */
const RETRY_DELAYS_MS = [100, 300, 900, 1_800];
/** Ids fanned out lately, remembered so a catch-up does not push them twice. */
const RECENT_IDS = 2_000;
/** How far below the highest notified id a catch-up looks (filings committed out of id order). */
const CATCH_UP_MARGIN = 200;
const CATCH_UP_LIMIT = 1_000;

async function withRetries(work: () => Promise<void>): Promise<void> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await work();
    } catch (error) {
      const delay = RETRY_DELAYS_MS[attempt];
      if (delay === undefined) throw error;
      await sleepReal(delay);
    }
  }
}

export class LiveHub {
  readonly instanceId = randomUUID();
  private readonly byTicker = new Map<string, Set<Subscriber>>();
  private readonly byUser = new Map<string, Set<Subscriber>>();
  private listening: Promise<Listening[]> | null = null;
  /** Events are handled one after another, in the order PostgreSQL delivered the commits. */
  private chain: Promise<void> = Promise.resolve();
  /** The highest filing id notified, and the ids fanned out lately (the catch-up skips those). */
  private lastFilingId = 0;
  private readonly recent = new Set<number>();
  /** The highest filing id when this hub first listened: everything at or below it was committed before. */
  private baselineId = 0;

  constructor(private readonly deps: { db: Db; sql: Sql; logger?: FastifyBaseLogger; metrics?: Metrics | null }) {}

  /** Registers a subscriber; resolves once it will receive every filing committed from now on. */
  async subscribe(userId: string, { queue }: Pick<Subscriber, 'queue'>): Promise<() => void> {
    this.listening ??= this.listen();
    await this.listening;
    const sub: Subscriber = { userId, watch: new Map(), queue };
    this.addTo(this.byUser, userId, sub);
    await this.reload([userId]);
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
    if (listening !== null) for (const l of await listening.catch(() => [])) await l.unlisten().catch(() => {});
    await this.chain;
  }

  private listen(): Promise<Listening[]> {
    const enqueue = (work: () => Promise<void>) => {
      this.chain = this.chain
        .then(() => withRetries(work))
        .catch((err) => this.deps.logger?.error({ err }, 'live hub event failed'));
    };
    let connections = 0;
    return Promise.all([
      // Whether anyone listens is asked in turn, not on arrival: a watchlist reload queued ahead
      // of this filing may be what indexes its subscriber.
      listenTo(
        this.deps.sql,
        CHANNELS.filingScored,
        (id) => enqueue(() => this.notified(id)),
        // After a lost connection (a failover, a restart) the notifications sent meanwhile are
        // gone: reload every subscriber's watchlist and push the filings stored since. The first
        // connection notes where "since" starts.
        () => {
          connections += 1;
          const first = connections === 1;
          enqueue(() => (first ? this.baseline() : this.catchUp()));
        },
      ),
      listenTo(this.deps.sql, CHANNELS.watchlistChanged, (userId) => {
        if (this.byUser.has(userId)) enqueue(() => this.reload([userId]));
      }),
    ]);
  }

  /** A filing stored or re-scored (a re-score is pushed again: the card updates in place). */
  private async notified(filingId: number): Promise<void> {
    this.lastFilingId = Math.max(this.lastFilingId, filingId);
    if (this.byTicker.size > 0) {
      const filing = await repo.loadLiveFiling(this.deps.db, { id: filingId });
      const pushed = filing ? this.fanOut(filing) : null;
      if (pushed) await this.record([pushed]);
    }
    this.remember(filingId);
  }

  private async baseline(): Promise<void> {
    this.baselineId = await repo.maxFilingId(this.deps.db);
    this.lastFilingId = Math.max(this.lastFilingId, this.baselineId);
  }

  private remember(filingId: number): void {
    this.recent.delete(filingId);
    this.recent.add(filingId);
    // Insertion order: the oldest ids leave first.
    for (const id of this.recent) {
      if (this.recent.size <= RECENT_IDS) break;
      this.recent.delete(id);
    }
  }

  private async catchUp(): Promise<void> {
    await this.reload([...this.byUser.keys()]);
    if (this.byTicker.size === 0) return;
    // Ids are taken at insert and commits come in any order: look a little below the highest seen.
    const afterId = Math.max(this.baselineId, this.lastFilingId - CATCH_UP_MARGIN);
    // Every missed filing in one query, fanned out in id order as their notifications would have been.
    const filings = await repo.liveFilingsAfter(this.deps.db, { afterId, limit: CATCH_UP_LIMIT });
    const pushes: repo.LivePush[] = [];
    for (const filing of filings) {
      const id = Number(filing.row.id);
      if (this.recent.has(id)) continue;
      this.lastFilingId = Math.max(this.lastFilingId, id);
      const pushed = this.fanOut(filing);
      if (pushed) pushes.push(pushed);
      this.remember(id);
    }
    await this.record(pushes);
    this.deps.logger?.info({ checked: filings.length }, 'live hub caught up after its connection came back');
  }

  /** Hands the filing to the sockets watching it; what to record when any was reached. */
  private fanOut(filing: repo.LiveFiling): repo.LivePush | null {
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
    if (reached.size === 0) return null;
    this.deps.metrics?.observeStage('stored_to_pushed', 'live', filing.row.stored_at);
    return {
      filingId: Number(filing.row.id),
      instanceId: this.instanceId,
      subscribers: reached.size,
      pushedAt: new Date(),
    };
  }

  private async record(pushes: repo.LivePush[]): Promise<void> {
    await repo
      .recordPushes(this.deps.db, pushes)
      .catch((err) =>
        this.deps.logger?.warn({ err, filingIds: pushes.map((p) => p.filingId) }, 'recording a live push failed'),
      );
  }

  private drop(sub: Subscriber): void {
    this.index(sub, false);
    this.removeFrom(this.byUser, sub.userId, sub);
  }

  /** (Re)reads these users' watchlists in one query and moves their subscribers in the ticker index. */
  private async reload(userIds: string[]): Promise<void> {
    if (userIds.length === 0) return;
    const watches = await repo.watchOf(this.deps.db, { userIds });
    for (const [userId, watch] of watches) {
      // Subscribers that left while the query ran are gone from byUser and stay out of the index.
      for (const sub of this.byUser.get(userId) ?? []) {
        this.index(sub, false);
        sub.watch = watch;
        this.index(sub, true);
      }
    }
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
