import type { Db } from '../../db/client';
import { ping } from './system.repo';

/** Health after a real round trip to the database. */
export async function checkHealth(db: Db): Promise<{ ok: true; db: 'up' } | { ok: false; db: 'down' }> {
  try {
    await ping(db);
    return { ok: true, db: 'up' };
  } catch {
    return { ok: false, db: 'down' };
  }
}

/** A server clock beat every `intervalMs`, proving the websocket path end to end. */
export async function* heartbeat(params: { intervalMs: number; signal?: AbortSignal }) {
  let seq = 0;
  while (!params.signal?.aborted) {
    seq += 1;
    yield { seq, at: new Date().toISOString() };
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, params.intervalMs);
      params.signal?.addEventListener('abort', () => {
        clearTimeout(timer);
        resolve();
      }, { once: true });
    });
  }
}
