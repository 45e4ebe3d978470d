import { Logger, runMigrations } from 'graphile-worker';

const silent = new Logger(() => () => {});

/**
 * Creates or updates graphile-worker's schema (graphile_worker.*). Idempotent; runs with the
 * app's own migrations at start, in `npm run db:migrate` and in the test template database.
 */
export async function migrateJobQueue(connectionString: string): Promise<void> {
  await runMigrations({ connectionString, logger: silent });
}
