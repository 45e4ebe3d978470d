import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { AppError } from '#shared/app-error';
import { sleepReal } from '../clock';
import type { Db } from './client';

export class ClaimBusy extends Error {
  override name = 'ClaimBusy';
}

export interface ClaimOptions {
  /** A claim this old is a crashed holder's and may be taken over (longer than the work's own timeout). */
  staleAfterMs: number;
  /** How long to wait for another holder before giving up with ClaimBusy. */
  waitMs: number;
  /** How often a waiter looks again (no connection is held in between). */
  pollMs?: number;
}

async function tryClaim(db: Db, key: string, holder: string, staleAfterMs: number): Promise<boolean> {
  const rows = await db.execute(sql`
    insert into work_claims (key, holder) values (${key}, ${holder})
    on conflict (key) do update set holder = excluded.holder, claimed_at = now()
      where work_claims.claimed_at < now() - make_interval(secs => ${staleAfterMs / 1000})
    returning key`);
  return rows.length > 0;
}

/**
 * Runs `work` while holding the claim on `key`, across every process: single flight without a
 * transaction or a lock held during the work (it may call the network). Waiters poll; after
 * `waitMs` they get ClaimBusy.
 */
export async function withClaim<T>(db: Db, key: string, options: ClaimOptions, work: () => Promise<T>): Promise<T> {
  const holder = randomUUID();
  const giveUpAt = Date.now() + options.waitMs;
  while (!(await tryClaim(db, key, holder, options.staleAfterMs))) {
    if (Date.now() >= giveUpAt) throw new ClaimBusy(`${key} is being worked on elsewhere`);
    await sleepReal(options.pollMs ?? 100);
  }
  try {
    return await work();
  } finally {
    await db.execute(sql`delete from work_claims where key = ${key} and holder = ${holder}`);
  }
}

/** Safety net of the error mapper: work still claimed elsewhere after the wait is a 409 to retry, not a 500. */
export function fromClaimBusy(error: unknown): AppError | undefined {
  if (!(error instanceof ClaimBusy)) return undefined;
  return new AppError('CONFLICT', 'Another change to this is still in progress. Please try again in a moment.', {
    reason: 'busy',
    cause: error,
  });
}

/**
 * Cluster-wide periodic work (the alerts sweep, retention): true for the one process that takes
 * the turn named `key` when the last one is at least `everyMs` old. The claim row is kept (it is
 * the "last run" stamp), so every process may ask on its own timer and the work still runs about
 * once per interval across the cluster; if the winner dies mid-way, the next turn comes anyway.
 */
export async function takeTurn(db: Db, key: string, everyMs: number): Promise<boolean> {
  return tryClaim(db, `turn:${key}`, randomUUID(), everyMs);
}
