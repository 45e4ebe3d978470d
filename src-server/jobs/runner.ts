/**
 * The job runner: graphile-worker over the app's PostgreSQL. Any number of processes may run it
 * (jobs are locked with SKIP LOCKED); LISTEN/NOTIFY starts a new job within milliseconds.
 */
import { Logger, run, type LogLevel, type Runner, type TaskList } from 'graphile-worker';
import pg from 'pg';
import type { AppDeps } from '../deps';
import type { TaskDefinition } from './registry';
import { SEND_LANE_TASKS, TASKS } from './tasks';

type LogSink = { [K in 'error' | 'warn' | 'info' | 'debug']: (obj: object, msg: string) => void };

const isServerShutdown = (err: unknown) => (err as { code?: string } | null | undefined)?.code === '57P01';

export function graphileLogger(sink?: LogSink): Logger {
  return new Logger(() => (level: LogLevel, message: string, meta?: unknown) => {
    if (!sink) return;
    // graphile's info lines (worker start/stop, each job) are routine: keep them at debug. A
    // connection ended by the server shutting down (57P01: the app's own stop ends the embedded
    // PostgreSQL last, cutting off jobs still running past their budget) is expected, not an error.
    const method = isServerShutdown((meta as { error?: unknown } | undefined)?.error)
      ? 'debug'
      : level === 'error' ? 'error' : level === 'warning' ? 'warn' : 'debug';
    sink[method]({ worker: meta }, `job queue: ${message}`);
  });
}

export function buildTaskList(tasks: readonly TaskDefinition[], deps: AppDeps): TaskList {
  const list: TaskList = {};
  for (const task of tasks) {
    list[task.name] = async (payload, helpers) => {
      const parsed = task.payload.safeParse(payload);
      if (!parsed.success) {
        // A malformed payload never becomes valid: log it and let the job complete.
        deps.logger?.error({ task: task.name, jobId: helpers.job.id, issues: parsed.error.issues }, 'job payload rejected');
        return;
      }
      await task.handler(parsed.data, {
        deps,
        job: { id: helpers.job.id, attempts: helpers.job.attempts, maxAttempts: helpers.job.max_attempts, key: helpers.job.key },
      });
    };
  }
  return list;
}

export interface JobRunner {
  stop(): Promise<void>;
}

export async function startJobRunner(
  deps: AppDeps,
  tasks: readonly TaskDefinition[],
  options: { concurrency?: number; pollIntervalMs?: number } = {},
): Promise<JobRunner> {
  if (!deps.databaseUrl) throw new Error('the job runner needs deps.databaseUrl');
  const concurrency = options.concurrency ?? deps.env.JOBS_CONCURRENCY;
  // Our own pool, so it keeps an error handler until it has ended and we can await its end:
  // graphile-worker ends a pool it made without waiting, and a database going away during
  // shutdown then raised an unhandled 'error' event.
  // One connection per running job plus the LISTEN connection, so jobs never queue for the pool.
  // Queue bookkeeping (claiming and completing jobs) commits without waiting for the WAL flush:
  // after an OS crash a job may be claimed or run again, which idempotent handlers absorb. Jobs
  // are still added durably, inside the caller's own transaction (addJob).
  const pool = new pg.Pool({ connectionString: deps.databaseUrl, max: concurrency + 2, options: '-c synchronous_commit=off' });
  pool.on('error', (err) => {
    if (isServerShutdown(err)) deps.logger?.debug({ err }, 'job queue connection closed: the database is shutting down');
    else deps.logger?.warn({ err }, 'job queue connection lost');
  });
  const runner: Runner = await run({
    pgPool: pool,
    concurrency,
    pollInterval: options.pollIntervalMs ?? 2_000,
    noHandleSignals: true,
    logger: graphileLogger(deps.logger as LogSink | undefined),
    taskList: buildTaskList(tasks, deps),
  });
  if (deps.status) deps.status.queue = 'running';
  return {
    async stop() {
      if (deps.status) deps.status.queue = 'stopped';
      await runner.stop();
      await pool.end();
    },
  };
}

/**
 * This process works the queue: every registered task in JOBS_CONCURRENCY slots, plus the send
 * lane, JOBS_SEND_CONCURRENCY slots that only take real-time alert sends. graphile-worker picks a
 * job only among the runner's own tasks, so the lane is a second runner with the send task alone:
 * during the 16:00 burst the shared slots fill with ingests (some waiting seconds for documents
 * EDGAR has not put up yet), and sends queued behind them waited up to 30 s (decision 140).
 */
export async function startJobRunnerWorker(
  deps: AppDeps,
  { tasks = TASKS, sendLane = SEND_LANE_TASKS, pollIntervalMs }: { tasks?: readonly TaskDefinition[]; sendLane?: readonly TaskDefinition[]; pollIntervalMs?: number } = {},
): Promise<JobRunner> {
  const shared = await startJobRunner(deps, tasks, { pollIntervalMs });
  const concurrency = deps.env.JOBS_SEND_CONCURRENCY;
  const sends = concurrency > 0 ? await startJobRunner(deps, sendLane, { concurrency, pollIntervalMs }) : null;
  return {
    async stop() {
      await Promise.all([shared.stop(), sends?.stop()]);
    },
  };
}
