/**
 * `billing.planChanges`: open pages learn of their user's plan changing (PRO badge, limit, dates,
 * billing issue) over the live connection. The sync NOTIFYs `plan_changed` with the user id at
 * commit; each process keeps one LISTEN and wakes that user's subscribers, which read the row
 * and send it. A subscriber first gets the current state, so a missed notification while
 * reconnecting costs nothing.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Sql } from '../../db/client';
import type { AppDeps } from '../../deps';
import { EventQueue } from '../../live/event-queue';
import { toUserDto, type UserDto } from '../auth/session.service';
import * as repo from './billing.repo';
import { planSummaryOf, type PlanSummary } from './billing.service';

export interface PlanEvent {
  user: UserDto;
  plan: PlanSummary;
}

type Listening = Awaited<ReturnType<Sql['listen']>>;

class PlanHub {
  private readonly byUser = new Map<string, Set<EventQueue<true>>>();
  private listening: Promise<Listening> | null = null;

  constructor(private readonly deps: { db: Db; sql: Sql; logger?: FastifyBaseLogger }) {}

  async subscribe(userId: string, queue: EventQueue<true>): Promise<() => void> {
    await (this.listening ??= this.deps.sql.listen('plan_changed', (id) => {
      for (const q of this.byUser.get(id) ?? []) q.push(true);
    }));
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
    if (listening) await (await listening.catch(() => null))?.unlisten().catch(() => {});
  }
}

const hubs = new WeakMap<Sql, PlanHub>();

function hubFor(deps: AppDeps): PlanHub {
  let hub = hubs.get(deps.sql);
  if (!hub) {
    hub = new PlanHub(deps);
    hubs.set(deps.sql, hub);
  }
  return hub;
}

export async function stopPlanHub(sql: Sql): Promise<void> {
  const hub = hubs.get(sql);
  hubs.delete(sql);
  await hub?.stop();
}

async function current(db: Db, userId: string): Promise<PlanEvent | null> {
  const user = await repo.findUser(db, { userId });
  return user ? { user: toUserDto(user), plan: planSummaryOf(user) } : null;
}

export async function openPlanFeed(deps: AppDeps, { userId, signal }: { userId: string; signal?: AbortSignal }) {
  // Bursts of notifications collapse: one read per wake-up sends the latest state.
  const queue = new EventQueue<true>(64);
  const unsubscribe = await hubFor(deps).subscribe(userId, queue);
  const close = () => {
    unsubscribe();
    queue.end();
  };
  signal?.addEventListener('abort', close, { once: true });

  async function* feed() {
    try {
      let last = '';
      for (let wake: true | null = true; wake; wake = await queue.next()) {
        const state = await current(deps.db, userId);
        if (!state) return;
        const key = JSON.stringify(state);
        if (key === last) continue;
        last = key;
        yield state;
      }
    } finally {
      close();
    }
  }
  return feed();
}
