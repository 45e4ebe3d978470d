/**
 * The alerts domain's job types (handlers: alerts.tasks.ts). Matching and the digest sweep add
 * these jobs inside set-based SQL (graphile_worker.add_jobs) by `name`; single wake-ups go
 * through the typed `enqueue`.
 */
import { z } from 'zod';
import { defineJob } from '../../jobs/job';

export const deliverJob = defineJob(
  'alerts.deliver',
  z.object({ alertIds: z.array(z.number().int().positive()).min(1).max(1000) }),
);
export const digestJob = defineJob('alerts.digest', z.object({ digestId: z.number().int().positive() }));
