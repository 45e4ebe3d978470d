import { startEdgarIngest } from '../domains/filings/filings.workers';
import { startAuthHousekeeping } from '../domains/auth/housekeeping';
import { startAssistantHousekeeping } from '../domains/assistant/assistant.workers';
import { startAlerts } from '../domains/alerts/alerts.workers';
import { startBillingReconciliation } from '../domains/billing/billing.workers';
import { startPriceHistory } from '../domains/prices/prices.workers';
import type { AppDeps } from '../deps';
import { startJobRunnerWorker } from './runner';

export interface RunningWorkers {
  stop(): Promise<void>;
}

/** A background worker started with the process (ingest poller, alert delivery, digest...). */
export type WorkerStarter = (deps: AppDeps) => Promise<RunningWorkers>;

/** Registered by the domains that own background work (the job queue runner is started apart). */
const STARTERS: WorkerStarter[] = [startAuthHousekeeping, startEdgarIngest, startAlerts, startPriceHistory, startAssistantHousekeeping, startBillingReconciliation];

export interface StartedWorkers extends RunningWorkers {
  /** The pollers, sweeps and watchers (newest first); they add jobs, so they stop before the queue. */
  stopWorkers(): Promise<void>;
  /** The job queue runner: running jobs finish (or are cut off by the caller's budget). */
  stopQueue(): Promise<void>;
}

export async function startWorkers(deps: AppDeps): Promise<StartedWorkers> {
  const queue = await startJobRunnerWorker(deps);
  const running: RunningWorkers[] = [];
  for (const start of STARTERS) running.push(await start(deps));
  const stopWorkers = async () => void (await Promise.allSettled(running.reverse().map((w) => w.stop())));
  const stopQueue = async () => {
    await queue.stop();
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
