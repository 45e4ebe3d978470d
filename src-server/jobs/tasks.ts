import { adminTasks } from '../domains/admin/admin-jobs.tasks';
import { alertTasks } from '../domains/alerts/alerts.tasks';
import { billingTasks } from '../domains/billing/billing.tasks';
import { filingTasks } from '../domains/filings/filings.tasks';
import type { TaskDefinition } from './registry';

/** Every task the job runner knows. Domains add their task list here with one line. */
export const TASKS: readonly TaskDefinition[] = [...filingTasks, ...alertTasks, ...billingTasks, ...adminTasks];
