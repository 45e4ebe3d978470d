import { adminTasks } from '../domains/admin/admin-jobs.tasks';
import { alertTasks, deliverTask } from '../domains/alerts/alerts.tasks';
import { billingTasks } from '../domains/billing/billing.tasks';
import { filingTasks } from '../domains/filings/filings.tasks';
import type { TaskDefinition } from './registry';

/** Every task the job runner knows. Domains add their task list here with one line. */
export const TASKS: readonly TaskDefinition[] = [...filingTasks, ...alertTasks, ...billingTasks, ...adminTasks];

/**
 * The send lane's tasks: real-time alert sends, which also run in slots of their own (jobs/runner.ts)
 * so a burst of ingest jobs never makes them wait (bench:detect, decision 140).
 */
export const SEND_LANE_TASKS: readonly TaskDefinition[] = [deliverTask];
