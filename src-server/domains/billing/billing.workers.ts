/**
 * The daily reconciliation's clock, in every process that runs workers: once an hour (and a
 * minute after start) a `billing.reconcile` job is queued under one job key, so any number of
 * processes queue at most one. The job re-syncs only customers not synced for a day, so each
 * paying customer is re-read from Stripe about daily whatever the number of processes.
 */
import { enqueue } from '../../jobs/job';
import { reconcileJob } from './billing.jobs';
import { repeatEvery, type WorkerStarter } from '../../jobs/workers';
import { billingModeOf } from '../../integrations/stripe/stripe-access';

const EVERY_MS = 60 * 60 * 1000;

export const startBillingReconciliation: WorkerStarter = async (deps) => {
  if (billingModeOf(deps.env) === 'off') return { stop: async () => {} };
  const queue = () =>
    enqueue(
      deps.db,
      reconcileJob,
      {},
      { jobKey: 'billing-reconcile', jobKeyMode: 'preserve_run_at', maxAttempts: 3 },
    ).catch((err: unknown) => deps.logger?.error({ err }, 'queueing the billing reconciliation failed'));
  return repeatEvery(queue, { firstMs: 60_000, everyMs: EVERY_MS });
};
