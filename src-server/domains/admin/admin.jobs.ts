/** The admin domain's job type (handler: admin-jobs.tasks.ts). */
import { z } from 'zod';
import { defineJob } from '../../jobs/job';

export const adminJob = defineJob('admin.job', z.object({ jobId: z.number().int().positive() }));
