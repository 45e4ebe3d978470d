/** The reports domain's job types (handlers: reports.tasks.ts). */
import { z } from 'zod';
import { ACCESSION_RE } from '../../integrations/edgar/paths';
import { defineJob } from '../../jobs/job';

/** A report diff the ingest could not finish in time: computed in the background. */
export const reportDiffJob = defineJob(
  'reports.diff',
  z.object({
    accessionNo: z.string().regex(ACCESSION_RE),
    cik: z.number().int().positive(),
    formType: z.string(),
    periodOfReport: z.string().nullable(),
    filedDate: z.string().nullable(),
    primaryDocument: z.string().nullable(),
    priority: z.enum(['feed', 'live', 'sweep', 'bulk']),
  }),
);
