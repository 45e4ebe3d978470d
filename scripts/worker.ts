/**
 * npm run worker — background work without the web server (scale-out): the job queue runner and
 * the EDGAR poller/backfill watcher. Any number may run next to the web processes; one process
 * at a time polls EDGAR (advisory-lock leader), all of them work jobs. Stops like the server
 * (workers, then the job queue, then the database; within 10 s; a second signal exits at once).
 */
import { ConfigError, loadEnv } from '../src-server/config/env';
import { assertProductionStart } from '../src-server/config/production-start';
import { openDatabase } from '../src-server/db/open';
import { startWorkers } from '../src-server/background';
import type { StartedWorkers } from '../src-server/jobs/workers';
import { createLogger } from '../src-server/ops/logger';
import { installShutdown } from '../src-server/ops/shutdown';
import { createRuntimeDeps } from '../src-server/runtime-deps';

try {
  const env = loadEnv();
  // A worker polls EDGAR and sends the alerts: production refuses the replay and the outbox here too.
  assertProductionStart(env);
  const logger = createLogger(env);
  const database = await openDatabase(env, (message, level = 'info') => logger[level](message), { shareRunning: true });
  let workers: StartedWorkers | undefined;
  let status: { stopping: boolean } | undefined;
  installShutdown({
    logger,
    database,
    // Sends under way finish, nothing new starts (delivery.service.ts hands the rest back).
    onStopping: () => {
      if (status) status.stopping = true;
    },
    steps: [
      { name: 'workers', run: async () => workers?.stopWorkers(), maxMs: 2_500 },
      { name: 'job queue', run: async () => workers?.stopQueue(), maxMs: 2_500 },
    ],
  });
  const deps = await createRuntimeDeps(env, database, logger);
  status = deps.status;
  workers = await startWorkers(deps);
  logger.info('worker running (Ctrl-C to stop)');
} catch (error) {
  process.stderr.write(
    error instanceof ConfigError ? `${error.message}\n` : `worker failed: ${(error as Error).stack}\n`,
  );
  process.exit(1);
}
