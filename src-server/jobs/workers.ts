import { startEdgarIngest } from '../domains/filings/filings.workers';
import { startAuthHousekeeping } from '../domains/auth/housekeeping';
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

/** Registered by the domains that own background work. */
const STARTERS: WorkerStarter[] = [startAuthHousekeeping, startEdgarIngest, startAlerts, startJobRunnerWorker, startPriceHistory, startBillingReconciliation];

export async function startWorkers(deps: AppDeps): Promise<RunningWorkers> {
  const running: RunningWorkers[] = [];
  for (const start of STARTERS) running.push(await start(deps));
  return {
    async stop() {
      await Promise.allSettled(running.reverse().map((w) => w.stop()));
    },
  };
}
