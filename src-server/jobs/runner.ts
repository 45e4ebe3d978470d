/**
 * The job runner: graphile-worker over the app's PostgreSQL. Any number of processes may run it
 * (jobs are locked with SKIP LOCKED); LISTEN/NOTIFY starts a new job within milliseconds.
 */
import { EventEmitter } from 'node:events';
import {
  type JobHelpers,
  Logger,
  run,
  type LogLevel,
  type Runner,
  type TaskList,
  type WorkerEvents,
} from 'graphile-worker';
import pg from 'pg';
import { sleepReal } from '../clock';
import type { AppDeps } from '../deps';
import type { TaskDefinition } from './registry';
import { JobSlotYield, runYieldable } from './slot-yield';
import { createWorkerLiveness } from './worker-liveness';

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
      : level === 'error'
        ? 'error'
        : level === 'warning'
          ? 'warn'
          : 'debug';
    sink[method]({ worker: meta }, `job queue: ${message}`);
  });
}

/** How long a job may wait for a shared resource before it gives its slot back (slot-yield.ts). */
const YIELD_AFTER_MS = 10_000;

/**
 * The job again, as it was (key, payload, queue, priority), due after `delayMs`. Adding under the
 * key of a running job takes the key from it (graphile-worker), so the running one just completes.
 */
async function requeueYielded(helpers: JobHelpers, delayMs: number): Promise<void> {
  const { job } = helpers;
  const [queue] =
    job.job_queue_id == null
      ? []
      : (
          await helpers.query<{ queue_name: string }>(
            'select queue_name from graphile_worker._private_job_queues where id = $1',
            [job.job_queue_id],
          )
        ).rows;
  const added = await helpers.addJob(job.task_identifier, job.payload, {
    queueName: queue?.queue_name,
    runAt: new Date(Date.now() + delayMs),
    maxAttempts: job.max_attempts,
    priority: job.priority,
    ...(job.key ? { jobKey: job.key, jobKeyMode: 'replace' as const } : {}),
  });
  // The key was found on a row nobody holds: the sweep freed this very job (its worker looked
  // dead) and the add rewrote it in place. Completing would delete it; failing leaves it as
  // rewritten (graphile fails only a row this worker still holds).
  if (added.id === job.id) throw new Error('job was freed while it ran; it runs again as re-added');
}

export function buildTaskList(tasks: readonly TaskDefinition[], deps: AppDeps): TaskList {
  const list: TaskList = {};
  for (const task of tasks) {
    list[task.name] = async (payload, helpers) => {
      const parsed = task.payload.safeParse(payload);
      if (!parsed.success) {
        // A malformed payload never becomes valid: log it and let the job complete.
        deps.logger?.error(
          { task: task.name, jobId: helpers.job.id, issues: parsed.error.issues },
          'job payload rejected',
        );
        return;
      }
      const job = helpers.job;
      try {
        await runYieldable(YIELD_AFTER_MS, () =>
          task.handler(parsed.data, {
            deps,
            job: { id: job.id, attempts: job.attempts, maxAttempts: job.max_attempts, key: job.key },
          }),
        );
      } catch (error) {
        if (!(error instanceof JobSlotYield)) throw error;
        await requeueYielded(helpers, error.retryAfterMs);
        deps.logger?.debug({ task: task.name, jobId: job.id, reason: error.message }, 'job gave its slot back');
      }
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
  // Idle connections close after DB_IDLE_TIMEOUT_SECONDS like the app's pool (graphile keeps its
  // LISTEN connection checked out, so that one stays). synchronous_commit=off: decision 271.
  const idleSeconds = deps.env.DB_IDLE_TIMEOUT_SECONDS;
  const pool = new pg.Pool({
    connectionString: deps.databaseUrl,
    max: concurrency + 2,
    idleTimeoutMillis: idleSeconds === 0 ? 0 : idleSeconds * 1000,
    options: '-c synchronous_commit=off',
  });
  pool.on('error', (err) => {
    if (isServerShutdown(err))
      deps.logger?.debug({ err }, 'job queue connection closed: the database is shutting down');
    else deps.logger?.warn({ err }, 'job queue connection lost');
  });
  // Each graphile worker's liveness lock (worker-liveness.ts): a job this process holds when it is
  // killed is freed by the cluster sweep instead of staying locked for graphile's four hours.
  const liveness = createWorkerLiveness(deps.databaseUrl, (err) =>
    deps.logger?.warn({ err }, 'job worker liveness locks could not be taken again'),
  );
  const events: WorkerEvents = new EventEmitter();
  events.on('worker:create', ({ worker }) => liveness.hold(worker.workerId));
  events.on('worker:stop', ({ worker }) => liveness.drop(worker.workerId));
  const logger = graphileLogger(deps.logger as LogSink | undefined);
  const taskList = buildTaskList(tasks, deps);
  const start = (slots: number) =>
    run({
      events,
      pgPool: pool,
      concurrency: slots,
      pollInterval: options.pollIntervalMs ?? 2_000,
      noHandleSignals: true,
      logger,
      taskList,
    });
  const runners: Runner[] = [await start(concurrency)];
  let stopping = false;
  // A worker that cannot mark its job done (the database dropped the connection under it) stops
  // for good, graphile-worker's "seppuku": its job stays locked and the pool has one slot less,
  // for the life of the process. Free the job as soon as the database answers again, and start a
  // one-slot runner in its place (issue 27: every database blip cost a slot and a 30 s wait).
  events.on('worker:fatalError', ({ worker }) => {
    void (async () => {
      for (let wait = 250; !stopping; wait = Math.min(wait * 2, 5_000)) {
        try {
          await pool.query('select graphile_worker.force_unlock_workers($1::text[])', [[worker.workerId]]);
          const replacement = await start(1);
          if (stopping) await replacement.stop();
          else runners.push(replacement);
          deps.logger?.warn({ worker: worker.workerId }, 'job worker replaced after losing its connection');
          return;
        } catch {
          await sleepReal(wait);
        }
      }
    })();
  });
  if (deps.status) deps.status.queue = 'running';
  return {
    async stop() {
      stopping = true;
      if (deps.status) deps.status.queue = 'stopped';
      await Promise.all(runners.map((r) => r.stop()));
      await liveness.close();
      await pool.end();
    },
  };
}

/**
 * This process works the queue: every registered task in JOBS_CONCURRENCY slots, plus the send
 * lane (both lists from the entry, src-server/background.ts), JOBS_SEND_CONCURRENCY slots that only take real-time alert sends. graphile-worker picks a
 * job only among the runner's own tasks, so the lane is a second runner with the send task alone:
 * during the 16:00 burst the shared slots fill with ingests (some waiting seconds for documents
 * EDGAR has not put up yet), and sends queued behind them waited up to 30 s (decision 140).
 */
export async function startJobRunnerWorker(
  deps: AppDeps,
  {
    tasks,
    sendLane,
    pollIntervalMs,
  }: { tasks: readonly TaskDefinition[]; sendLane: readonly TaskDefinition[]; pollIntervalMs?: number },
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
