import type { FastifyBaseLogger } from 'fastify';
import { CHANNELS, listenTo } from '../../db/channels';
import type { Db, Sql } from '../../db/client';
import type { EventQueue } from '../../live/event-queue';

type Listening = Awaited<ReturnType<Sql['listen']>>;

/** The process's LISTEN plan_changed: wakes billing.planChanges subscriptions of the changed user. */
export class PlanHub {
  private readonly byUser = new Map<string, Set<EventQueue<true>>>();
  private listening: Promise<Listening> | null = null;

  constructor(private readonly deps: { db: Db; sql: Sql; logger?: FastifyBaseLogger }) {}

  async subscribe(userId: string, queue: EventQueue<true>): Promise<() => void> {
    this.listening ??= listenTo(this.deps.sql, CHANNELS.planChanged, (id) => {
      for (const q of this.byUser.get(id) ?? []) q.push(true);
    });
    await this.listening;
    const set = this.byUser.get(userId) ?? new Set();
    set.add(queue);
    this.byUser.set(userId, set);
    return () => {
      set.delete(queue);
      if (set.size === 0) this.byUser.delete(userId);
    };
  }

  async stop(): Promise<void> {
    for (const set of this.byUser.values()) for (const q of set) q.end();
    this.byUser.clear();
    const listening = this.listening;
    this.listening = null;
    if (listening !== null) await (await listening.catch(() => null))?.unlisten().catch(() => {});
  }
}
