/**
 * What a process runs in the background, listed at the entry (main.ts: WEB_WORKERS always, the
 * rest with RUN_WORKERS; scripts/worker.ts: the rest): every job task the queue runner knows and
 * every worker started beside it.
 * A domain adds its tasks or its worker here with one line; jobs/ stays a library.
 */
import type { AppDeps } from './deps';
import { adminTasks } from './domains/admin/admin-jobs.tasks';
import { alertTasks, deliverTask } from './domains/alerts/alerts.tasks';
import { startAlerts } from './domains/alerts/alerts.workers';
import { startAssistantHousekeeping } from './domains/assistant/assistant.workers';
import { startAuthHousekeeping } from './domains/auth/housekeeping';
import { billingTasks } from './domains/billing/billing.tasks';
import { startBillingReconciliation } from './domains/billing/billing.workers';
import { filingTasks } from './domains/filings/filings.tasks';
import { reportTasks } from './domains/reports/reports.tasks';
import { startEdgarIngest } from './domains/filings/filings.workers';
import { startPriceHistory } from './domains/prices/prices.workers';
import { startQuoteRefresh } from './domains/quotes/quotes.workers';
import type { TaskDefinition } from './jobs/registry';
import { runWorkers, startEach, type RunningWorkers, type StartedWorkers, type WorkerStarter } from './jobs/workers';

/** Every task the job runner knows. */
export const TASKS: readonly TaskDefinition[] = [
  ...filingTasks,
  ...reportTasks,
  ...alertTasks,
  ...billingTasks,
  ...adminTasks,
];

/**
 * The send lane's tasks: real-time alert sends, which also run in slots of their own
 * (jobs/runner.ts startJobRunnerWorker) so a burst of ingest jobs never makes them wait
 * (bench:detect, decision 140).
 */
export const SEND_LANE_TASKS: readonly TaskDefinition[] = [deliverTask];

/** Pollers, sweeps and watchers, started in this order after the job runner (stopped in reverse). */
export const WORKERS: readonly WorkerStarter[] = [
  startAuthHousekeeping,
  startEdgarIngest,
  startAlerts,
  startPriceHistory,
  startAssistantHousekeeping,
  startBillingReconciliation,
];

/**
 * Started by every web process whatever RUN_WORKERS says (main.ts), stopped after its HTTP server:
 * one-of-many work that the pages' readers need even where no worker runs (the quote refresher's
 * leader, decision 322).
 */
export const WEB_WORKERS: readonly WorkerStarter[] = [startQuoteRefresh];

export function startWebWorkers(deps: AppDeps): Promise<RunningWorkers> {
  return startEach(deps, WEB_WORKERS);
}

export function startWorkers(deps: AppDeps): Promise<StartedWorkers> {
  return runWorkers(deps, { tasks: TASKS, sendLane: SEND_LANE_TASKS, starters: WORKERS });
}
