/** The billing domain's job types (handlers: billing.tasks.ts). */
import { z } from 'zod';
import { defineJob } from '../../jobs/job';

export const eventJob = defineJob('billing.event', z.object({ eventId: z.string().min(1).max(255) }));
export const syncJob = defineJob('billing.sync', z.object({ customerId: z.string().min(1).max(255) }));
export const reconcileJob = defineJob('billing.reconcile', z.object({}).passthrough());
export const notifyJob = defineJob('billing.notify', z.object({ noticeId: z.number().int().positive() }));
