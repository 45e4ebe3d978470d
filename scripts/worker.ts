/**
 * npm run worker — background work without the web server (scale-out): the job queue runner and
 * the EDGAR poller/backfill watcher. Any number may run next to the web processes; one process
 * at a time polls EDGAR (advisory-lock leader), all of them work jobs.
 */
import pino from 'pino';
import { ConfigError, loadEnv } from '../src-server/config/env';
import { openDatabase } from '../src-server/db/open';
import { startWorkers } from '../src-server/jobs/workers';
import { createRuntimeDeps } from '../src-server/runtime-deps';

try {
  const env = loadEnv();
  const logger = pino({ level: env.LOG_LEVEL });
  const database = await openDatabase(env, (m) => logger.info(m), { shareRunning: true });
  const deps = await createRuntimeDeps(env, database, logger);
  const workers = await startWorkers(deps);
  logger.info('worker running (Ctrl-C to stop)');
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'worker shutting down');
    await workers.stop();
    await database.shutdown();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
} catch (error) {
  process.stderr.write(error instanceof ConfigError ? `${error.message}\n` : `worker failed: ${(error as Error).stack}\n`);
  process.exit(1);
}
