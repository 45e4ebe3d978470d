import type { AppDeps } from '../deps';
import type { TaskDefinition } from './registry';
import { startJobRunnerWorker } from './runner';

export interface RunningWorkers {
  stop(): Promise<void>;
}

/** A background worker started with the process (ingest poller, alert delivery, digest...). */
export type WorkerStarter = (deps: AppDeps) => Promise<RunningWorkers>;

/**
 * Runs `run` once after `firstMs`, then every `everyMs`, on unref'd timers (they never keep a
 * process alive). For housekeeping whose work is idempotent, so overlapping processes are harmless.
 */
export function repeatEvery(run: () => unknown, timing: { firstMs: number; everyMs: number }): RunningWorkers {
  const first = setTimeout(run, timing.firstMs);
  const timer = setInterval(run, timing.everyMs);
  first.unref();
  timer.unref();
  return {
    async stop() {
      clearTimeout(first);
      clearInterval(timer);
    },
  };
}

/** Starts each of `starters` in order; stopping stops them newest first, each whatever the others do. */
export async function startEach(deps: AppDeps, starters: readonly WorkerStarter[]): Promise<RunningWorkers> {
  const running: RunningWorkers[] = [];
  for (const start of starters) running.push(await start(deps));
  return { stop: async () => void (await Promise.allSettled(running.reverse().map((w) => w.stop()))) };
}

export interface StartedWorkers extends RunningWorkers {
  /** The pollers, sweeps and watchers (newest first); they add jobs, so they stop before the queue. */
  stopWorkers(): Promise<void>;
  /** The job queue runner: running jobs finish (or are cut off by the caller's budget). */
  stopQueue(): Promise<void>;
}

/**
 * Starts the job queue runner with `tasks` (and the send lane), then each of `starters` in order. The lists are the
 * entry's (src-server/background.ts), so this library imports no domain.
 */
export async function runWorkers(
  deps: AppDeps,
  lists: { tasks: readonly TaskDefinition[]; sendLane: readonly TaskDefinition[]; starters: readonly WorkerStarter[] },
): Promise<StartedWorkers> {
  const queue = await startJobRunnerWorker(deps, { tasks: lists.tasks, sendLane: lists.sendLane });
  const starters = await startEach(deps, lists.starters);
  const stopWorkers = () => starters.stop();
  const stopQueue = async () => {
    await queue.stop();
    // Released only now: while sends were finishing, the lock said they were a live sender's.
    await deps.senderIdentity.release();
    // A job still running when the ingest worker stopped may have started the EDGAR source again.
    await deps.edgar?.stop();
  };
  return {
    stopWorkers,
    stopQueue,
    async stop() {
      await stopWorkers();
      await stopQueue();
    },
  };
}
