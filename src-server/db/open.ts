import type { Env } from '../config/env';
import { connectDatabase, type Database } from './client';
import { runningEmbeddedUrl, startEmbeddedPostgres } from './embedded';
import { runMigrations } from './migrate';

export interface OpenedDatabase extends Database {
  embedded: boolean;
  /**
   * Closes the pool, then stops the embedded server if this process started it, within about
   * `withinMs` (pool first, then the server's fast shutdown, escalating if it hangs).
   */
  shutdown(options?: { withinMs?: number }): Promise<void>;
  /** Exiting now: the embedded server (if ours) gets an immediate-shutdown signal, no waiting. */
  abandon(): void;
}

/** Start-up messages; `debug` for PostgreSQL's own routine lines, `warn` for its problems. */
export type OpenLog = (message: string, level?: 'debug' | 'info' | 'warn') => void;

/**
 * The job queue's migration probes for its own table before it exists, so every first start has
 * PostgreSQL log `ERROR: relation "graphile_worker.migrations" does not exist`: expected, not shown.
 */
const EXPECTED_PROBE = /relation "graphile_worker\.[a-z_]+" does not exist/;

/** PostgreSQL's stderr lines at a level a person can read them by. */
export function postgresLogLine(log: OpenLog) {
  return (message: string) => {
    if (EXPECTED_PROBE.test(message)) return;
    if (/\b(FATAL|PANIC|ERROR|WARNING):/.test(message)) log(message, 'warn');
    // The server's own routine lines ('2026-11-26 06:43:45.903 UTC [15141] LOG: ...'); ours stay at info.
    else log(message, /^\d{4}-\d\d-\d\d [\d:.]+ \w+ \[\d+\]/.test(message) ? 'debug' : 'info');
  };
}

/**
 * DATABASE_URL when set; otherwise a real PostgreSQL started from ./.data. Migrated either way.
 * `shareRunning` (scripts next to `npm start`): an embedded server that is already running is
 * used as it is and left running; the app itself takes a left-over server over instead.
 */
export async function openDatabase(
  env: Pick<Env, 'DATABASE_URL' | 'EMBEDDED_PG_DIR' | 'EMBEDDED_PG_PORT'> &
    Partial<Pick<Env, 'DB_POOL_MAX' | 'DB_IDLE_TIMEOUT_SECONDS'>>,
  log: OpenLog,
  options: { shareRunning?: boolean } = {},
): Promise<OpenedDatabase> {
  let url = env.DATABASE_URL;
  let embedded: Awaited<ReturnType<typeof startEmbeddedPostgres>> | undefined;
  if (!url && options.shareRunning) {
    url = (await runningEmbeddedUrl({ dir: env.EMBEDDED_PG_DIR, port: env.EMBEDDED_PG_PORT })) ?? undefined;
    if (url) log(`using the embedded PostgreSQL already running on 127.0.0.1:${env.EMBEDDED_PG_PORT}`);
  }
  if (!url) {
    const started = Date.now();
    embedded = await startEmbeddedPostgres({
      dir: env.EMBEDDED_PG_DIR,
      port: env.EMBEDDED_PG_PORT,
      log: postgresLogLine(log),
    });
    url = embedded.url;
    log(
      `embedded PostgreSQL running on 127.0.0.1:${env.EMBEDDED_PG_PORT} (data in ${env.EMBEDDED_PG_DIR}, ` +
        `started in ${((Date.now() - started) / 1000).toFixed(1)} s)`,
    );
  }
  try {
    await runMigrations(url, (m) => log(m));
  } catch (error) {
    await embedded?.stop();
    throw error;
  }
  const database = connectDatabase(url, {
    max: env.DB_POOL_MAX ?? 10,
    idleTimeoutSeconds: env.DB_IDLE_TIMEOUT_SECONDS ?? 30,
  });
  return {
    ...database,
    embedded: embedded !== undefined,
    async shutdown({ withinMs = 8_000 } = {}) {
      const until = Date.now() + withinMs;
      // The pool gets at most a third of the time: sessions still open are ended by the server anyway.
      await database.close(Math.max(0.2, withinMs / 3000)).catch(() => {});
      await embedded?.stop({ graceMs: Math.max(500, until - Date.now() - 2_000) });
    },
    abandon() {
      embedded?.signal('SIGQUIT');
    },
  };
}
