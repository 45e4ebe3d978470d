import type { Env } from '../config/env';
import { connectDatabase, type Database } from './client';
import { runningEmbeddedUrl, startEmbeddedPostgres } from './embedded';
import { runMigrations } from './migrate';

export interface OpenedDatabase extends Database {
  embedded: boolean;
  /** Closes the pool, then stops the embedded server if this process started it. */
  shutdown(): Promise<void>;
}

/**
 * DATABASE_URL when set; otherwise a real PostgreSQL started from ./.data. Migrated either way.
 * `shareRunning` (scripts next to `npm start`): an embedded server that is already running is
 * used as it is and left running; the app itself takes a left-over server over instead.
 */
export async function openDatabase(
  env: Pick<Env, 'DATABASE_URL' | 'EMBEDDED_PG_DIR' | 'EMBEDDED_PG_PORT'>,
  log: (message: string) => void,
  options: { shareRunning?: boolean } = {},
): Promise<OpenedDatabase> {
  let url = env.DATABASE_URL;
  let stopEmbedded: (() => Promise<void>) | undefined;
  if (!url && options.shareRunning) {
    url = (await runningEmbeddedUrl({ dir: env.EMBEDDED_PG_DIR, port: env.EMBEDDED_PG_PORT })) ?? undefined;
    if (url) log(`using the embedded PostgreSQL already running on 127.0.0.1:${env.EMBEDDED_PG_PORT}`);
  }
  if (!url) {
    const embedded = await startEmbeddedPostgres({
      dir: env.EMBEDDED_PG_DIR,
      port: env.EMBEDDED_PG_PORT,
      log: (m) => {
        if (/ready to accept|initialis|stopping|FATAL|ERROR/.test(m)) log(m);
      },
    });
    url = embedded.url;
    stopEmbedded = embedded.stop;
    log(`embedded PostgreSQL running on 127.0.0.1:${env.EMBEDDED_PG_PORT} (data in ${env.EMBEDDED_PG_DIR})`);
  }
  try {
    await runMigrations(url);
  } catch (error) {
    await stopEmbedded?.();
    throw error;
  }
  const database = connectDatabase(url, { max: 20 });
  return {
    ...database,
    embedded: stopEmbedded !== undefined,
    async shutdown() {
      await database.close();
      await stopEmbedded?.();
    },
  };
}
