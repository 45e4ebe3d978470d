import type { Db, Sql } from '../../db/client';
import { migrationsApplied } from '../../db/migrate';
import type { ProcessStatus } from '../../ops/status';
import { jobQueueInstalled, ping } from './system.repo';

/** Health after a real round trip to the database. */
export async function checkHealth(db: Db): Promise<{ ok: true; db: 'up' } | { ok: false; db: 'down' }> {
  try {
    await ping(db);
    return { ok: true, db: 'up' };
  } catch {
    return { ok: false, db: 'down' };
  }
}

export interface Readiness {
  ready: boolean;
  checks: {
    database: 'up' | 'down';
    migrations: 'applied' | 'pending' | 'unknown';
    /** This process's job runner, or 'elsewhere' (worker processes) when its schema is installed. */
    queue: 'running' | 'stopped' | 'elsewhere' | 'missing' | 'unknown';
    stopping: boolean;
  };
}

/** Ready for traffic: the database answers, every shipped migration ran, the job queue runs, no stop has begun. */
export async function checkReadiness(deps: { db: Db; sql: Sql; status?: ProcessStatus }): Promise<Readiness> {
  const stopping = deps.status?.stopping ?? false;
  const database = (await checkHealth(deps.db)).db;
  let migrations: Readiness['checks']['migrations'] = 'unknown';
  let queue: Readiness['checks']['queue'] = 'unknown';
  if (database === 'up') {
    migrations = (await migrationsApplied(deps.sql).catch(() => false)) ? 'applied' : 'pending';
    const local = deps.status?.queue ?? 'elsewhere';
    queue =
      local !== 'elsewhere' ? local : (await jobQueueInstalled(deps.db).catch(() => false)) ? 'elsewhere' : 'missing';
  }
  const ready =
    !stopping && database === 'up' && migrations === 'applied' && (queue === 'running' || queue === 'elsewhere');
  return { ready, checks: { database, migrations, queue, stopping } };
}

/** A server clock beat every `intervalMs`, proving the websocket path end to end. */
export async function* heartbeat(params: { intervalMs: number; signal?: AbortSignal }) {
  let seq = 0;
  while (!params.signal?.aborted) {
    seq += 1;
    yield { seq, at: new Date().toISOString() };
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, params.intervalMs);
      params.signal?.addEventListener(
        'abort',
        () => {
          clearTimeout(timer);
          resolve();
        },
        { once: true },
      );
    });
  }
}
