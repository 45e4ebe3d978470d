/**
 * A job that would wait long for a shared resource gives its slot back instead of holding it.
 *
 * bench:detect found the cause of jobs holding a slot for 200-600 s at the 06:00 release: a
 * report diff, a document re-check (sweep priority) and a reconciliation find (bulk priority)
 * each waited for the EDGAR budget, which the feed and live documents rightly kept full for
 * minutes; meanwhile live ingests waited for those slots in 55-58% of the samples. A job running
 * under `runYieldable` that has waited `yieldAfterMs` for such a resource throws `JobSlotYield`;
 * the job runner puts the job back in the queue (same key, payload, queue and priority) to run
 * again after `retryAfterMs`, with no attempt counted, and the slot takes the next job.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

export class JobSlotYield extends Error {
  override name = 'JobSlotYield';
  constructor(
    readonly retryAfterMs: number,
    reason: string,
  ) {
    super(`job slot given back: ${reason}`);
  }
}

interface YieldContext {
  yieldAfterMs: number;
}

const context = new AsyncLocalStorage<YieldContext>();

export function runYieldable<T>(yieldAfterMs: number, fn: () => Promise<T>): Promise<T> {
  return context.run({ yieldAfterMs }, fn);
}

/** How long code running for a job may wait before it gives the slot back; null outside a job. */
export function yieldAfterMs(): number | null {
  return context.getStore()?.yieldAfterMs ?? null;
}
