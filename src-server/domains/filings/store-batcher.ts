/**
 * Group commit for ingest: concurrent jobs hand their prepared filing to storeBatched, and one
 * transaction per db handle at a time writes everything waiting (up to MAX_BATCH). An idle
 * queue writes at once, so a lone filing waits for nothing; under a burst, each batch collects
 * the filings that finished while the previous one committed.
 */
import type { Db } from '../../db/client';
import { storeFilings, type PreparedFiling, type StoreResult } from './filings.store';

const MAX_BATCH = 64;

interface Waiting {
  prepared: PreparedFiling;
  resolve(result: StoreResult): void;
  reject(error: unknown): void;
}

interface Queue {
  waiting: Waiting[];
  running: boolean;
}

const queues = new WeakMap<Db, Queue>();

async function storeAlone(db: Db, w: Waiting): Promise<void> {
  try {
    const [result] = await storeFilings(db, { prepared: [w.prepared] });
    w.resolve(result!);
  } catch (error) {
    w.reject(error);
  }
}

async function drain(db: Db, queue: Queue): Promise<void> {
  queue.running = true;
  try {
    while (queue.waiting.length > 0) {
      const batch = queue.waiting.splice(0, MAX_BATCH);
      try {
        const results = await storeFilings(db, { prepared: batch.map((w) => w.prepared) });
        batch.forEach((w, i) => w.resolve(results[i]!));
      } catch (error) {
        // One bad filing must not fail its batch-mates: each is tried alone (and fails alone).
        if (batch.length === 1) batch[0]!.reject(error);
        else await Promise.all(batch.map((w) => storeAlone(db, w)));
      }
    }
  } finally {
    queue.running = false;
  }
}

/** Stores one prepared filing in the next batch on this db handle; resolves after its COMMIT and NOTIFY. */
export function storeBatched(db: Db, prepared: PreparedFiling): Promise<StoreResult> {
  let queue = queues.get(db);
  if (!queue) {
    queue = { waiting: [], running: false };
    queues.set(db, queue);
  }
  const q = queue;
  return new Promise<StoreResult>((resolve, reject) => {
    q.waiting.push({ prepared, resolve, reject });
    if (!q.running) void drain(db, q);
  });
}
