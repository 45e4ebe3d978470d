/**
 * `billing.planChanges`: open pages learn of their user's plan changing (PRO badge, limit, dates,
 * billing issue) over the live connection. The sync NOTIFYs `plan_changed` with the user id at
 * commit; each process keeps one LISTEN and wakes that user's subscribers, which read the row
 * and send it. A subscriber first gets the current state, so a missed notification while
 * reconnecting costs nothing.
 */
import type { Db } from '../../db/client';
import type { AppDeps } from '../../deps';
import { EventQueue } from '../../live/event-queue';
import { toUserDto, type UserDto } from '../auth/session.service';
import * as repo from './billing.repo';
import { planSummaryOf, type PlanSummary } from './billing.service';

export interface PlanEvent {
  user: UserDto;
  plan: PlanSummary;
}

async function current(db: Db, userId: string): Promise<PlanEvent | null> {
  const user = await repo.findUser(db, { userId });
  return user ? { user: toUserDto(user), plan: planSummaryOf(user) } : null;
}

export async function openPlanFeed(deps: AppDeps, { userId, signal }: { userId: string; signal?: AbortSignal }) {
  // Bursts of notifications collapse: one read per wake-up sends the latest state.
  const queue = new EventQueue<true>(64);
  const unsubscribe = await deps.plans.subscribe(userId, queue);
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
