/** Steps every delivery (an alert or a digest) shares: reconcile, send, and what a failure leads to. */
import type { AppDeps } from '../../deps';
import { DeliveryError } from '../../integrations/delivery-error';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { enqueue, type JobType } from '../../jobs/job';
import { alertSettings, backoffMs, DELIVER_JOB_ATTEMPTS } from './alerts.config';
import * as repo from './delivery.repo';
import { reconcileSend, type InterruptedSend } from './reconcile';

export type Outcome = 'sent' | 'reconciled' | 'retry' | 'dead' | 'cancelled' | 'held' | 'lost_lease';

export interface Target {
  table: repo.DeliveryTable;
  id: number;
  me: number;
  /** The job that picks the row up again after a hold or a retry. */
  job: Wakeup;
}

/** A typed job bound to its payload and key, added again whenever the row goes back to the queue. */
export interface Wakeup {
  key: string;
  enqueue(db: Db, options: { runAt: Date; maxAttempts: number }): Promise<void>;
}

export function wakeup<S extends z.ZodType>(job: JobType<S>, payload: z.input<S>, key: string): Wakeup {
  return { key, enqueue: (db, options) => enqueue(db, job, payload, { ...options, jobKey: key }) };
}

/** Back in the queue at `state.at`, with its wake-up job, in one transaction. */
export async function requeue(
  deps: AppDeps,
  t: Target,
  state: repo.EndState & { status: 'queued' | 'sending' },
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    await repo.release(tx, { table: t.table, id: t.id, me: t.me, state });
    await t.job.enqueue(tx, { runAt: state.at, maxAttempts: DELIVER_JOB_ATTEMPTS });
  });
}

/**
 * For a row found in 'sending' (its sender died mid-send): 'delivered' marks it sent with the
 * provider's id, 'held' waits for the provider's log to settle, 'retry' when the log could not be
 * read; 'absent' means nothing went out and the caller sends.
 */
export async function reconcileStep(
  deps: AppDeps,
  t: Target,
  send: InterruptedSend,
  attempts: number,
  onDelivered: (messageId: string) => Promise<void>,
): Promise<Outcome | 'absent'> {
  const settings = alertSettings(deps.env);
  try {
    const found = await reconcileSend(deps, send, settings.settleMs);
    if (found.kind === 'delivered') {
      await onDelivered(found.messageId);
      return 'reconciled';
    }
    if (found.kind === 'wait') {
      await requeue(deps, t, { status: 'sending', at: found.until });
      return 'held';
    }
    return 'absent';
  } catch (error) {
    await requeue(deps, t, {
      status: 'sending',
      at: new Date(Date.now() + backoffMs(settings, attempts)),
      error: `reconcile: ${(error as Error).message}`,
    });
    return 'retry';
  }
}

export interface Failure {
  code: string | null;
  message: string;
  permanent: boolean;
  /** The provider answered with a refusal (nothing went out); otherwise the send may have. */
  definite: boolean;
}

export function describeFailure(error: unknown): Failure {
  const failure = error instanceof DeliveryError ? error : null;
  return {
    code: failure?.providerCode != null ? String(failure.providerCode) : null,
    message: (error as Error).message.slice(0, 500),
    permanent: failure?.permanent ?? false,
    // SMTP reply codes and Twilio error codes are numbers; socket errors ('ETIMEDOUT') are not.
    definite: typeof failure?.providerCode === 'number',
  };
}

/** Dead-lettered when permanent or out of attempts, else retried after a backoff. */
export async function afterFailure(deps: AppDeps, t: Target, failure: Failure, attempts: number): Promise<Outcome> {
  const settings = alertSettings(deps.env);
  if (failure.permanent || attempts >= settings.maxAttempts) {
    await repo.release(deps.db, {
      table: t.table,
      id: t.id,
      me: t.me,
      state: { status: 'dead', code: failure.code, error: failure.message },
    });
    return 'dead';
  }
  await requeue(deps, t, {
    status: failure.definite ? 'queued' : 'sending',
    at: new Date(Date.now() + backoffMs(settings, attempts)),
    error: failure.message,
    code: failure.code,
  });
  return 'retry';
}

/**
 * Leases `ids` with each asked row marked in flight while the lease is under way, and each leased
 * row from then on (the caller ends that mark when done with the row). The sweep's unclaimStuck
 * reads the marks and then opens this process's unmarked stuck rows: a row whose lease had committed
 * but whose job had not marked it yet was opened although the job held it, the process's own job for
 * it could lease it again under the same sender id (which markSending's `claimed_by = me` cannot
 * tell apart), and both sent it. A lease that starts after the sweep read the marks is left alone by
 * the sweep's clock cut-off instead (unclaimStuck).
 */
export async function leaseMarked<R extends { id: number }>(
  deps: AppDeps,
  table: repo.DeliveryTable,
  ids: number[],
  lease: () => Promise<R[]>,
): Promise<R[]> {
  const marks = deps.senderIdentity.inFlight;
  const asked = ids.map((id) => `${table}:${id}`);
  for (const key of asked) marks.add(key);
  try {
    const rows = await lease();
    for (const r of rows) marks.add(`${table}:${r.id}`);
    return rows;
  } finally {
    for (const key of asked) marks.delete(key);
  }
}

/** Runs `work` with the row marked in flight for this process. */
export async function inFlight<T>(deps: AppDeps, t: Pick<Target, 'table' | 'id'>, work: () => Promise<T>): Promise<T> {
  const set = deps.senderIdentity.inFlight;
  const key = `${t.table}:${t.id}`;
  set.add(key);
  try {
    return await work();
  } finally {
    set.delete(key);
  }
}
