import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { ConfigError, loadEnv } from './config/env';
import { assertProductionStart } from './config/production-start';
import { openDatabase } from './db/open';
import { startWebWorkers, startWorkers } from './background';
import type { RunningWorkers, StartedWorkers } from './jobs/workers';
import { createLogger } from './ops/logger';
import { installShutdown } from './ops/shutdown';
import { createRuntimeDeps } from './runtime-deps';

/** Process entry: config -> database -> app -> workers -> listen; ordered stop on signals. */
async function main() {
  const env = loadEnv();
  assertProductionStart(env);
  const logger = createLogger(env);
  const database = await openDatabase(env, (message, level = 'info') => logger[level](message));
  // Installed before the slow parts of start-up, so a Ctrl-C during them stops in order too.
  let app: FastifyInstance | undefined;
  let workers: StartedWorkers | undefined;
  let webWorkers: RunningWorkers | undefined;
  let status: { stopping: boolean } | undefined;
  installShutdown({
    logger,
    database,
    onStopping: () => {
      if (status) status.stopping = true;
    },
    steps: [
      // Stops accepting connections, answers what is in flight, closes websockets (live hub too).
      { name: 'HTTP server and live sockets', run: async () => app?.close(), maxMs: 2_000 },
      { name: 'quote refresher', run: async () => webWorkers?.stop(), maxMs: 1_000 },
      { name: 'workers', run: async () => workers?.stopWorkers(), maxMs: 1_500 },
      { name: 'job queue', run: async () => workers?.stopQueue(), maxMs: 1_500 },
    ],
  });

  const deps = await createRuntimeDeps(env, database, logger);
  status = deps.status;
  app = await buildApp(deps);
  webWorkers = await startWebWorkers(deps);
  if (env.RUN_WORKERS) workers = await startWorkers(deps);

  await app.listen({ port: env.PORT, host: env.HOST });
  const shownHost = env.HOST === '0.0.0.0' || env.HOST === '::' ? 'localhost' : env.HOST;
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : env.PORT;
  logger.info({ pid: process.pid }, `ready: http://${shownHost}:${port}`);
  process.stdout.write(`\n  App running at http://${shownHost}:${port}  (Ctrl-C stops it)\n\n`);
}

main().catch((error) => {
  if (error instanceof ConfigError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(
      `start-up failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
  }
  process.exit(1);
});
