/** The filings domain's job types (handlers: filings.tasks.ts). */
import { z } from 'zod';
import { ACCESSION_RE } from '../../integrations/edgar/paths';
import { defineJob } from '../../jobs/job';

/** How a filing was found (feed listing, deep feed page, full-text search, the nightly reconciliations). */
export type DetectedVia = 'feed' | 'feed_deep' | 'efts' | 'submissions' | 'daily_index';

/** A filing a detection layer found, before its ingest job is added. */
export interface Detected {
  accessionNo: string;
  cik: number;
  formType?: string | null;
  companyName?: string | null;
  filedDate?: string | null;
  acceptedAt?: string | null;
  detectedAt: Date;
  listedAfter?: Date | null;
  via: DetectedVia;
}

/** One ingest job per accession, whichever layer found it (detection, backfill, the document wait). */
export const ingestJobKey = (accessionNo: string) => `ingest:${accessionNo}`;

export const ingestJob = defineJob(
  'edgar.ingest',
  z.object({
    accessionNo: z.string().regex(ACCESSION_RE),
    cik: z.number().int().positive(),
    formType: z.string().nullish(),
    companyName: z.string().nullish(),
    filedDate: z.string().nullish(),
    acceptedAt: z.string().nullish(),
    primaryDocument: z.string().nullish(),
    detectedAt: z.string().nullish(),
    listedAfter: z.string().nullish(),
    detectedVia: z
      .enum(['feed', 'feed_deep', 'efts', 'submissions', 'daily_index'] as const satisfies readonly DetectedVia[])
      .nullish(),
    source: z.enum(['feed', 'backfill', 'replay', 'manual']),
    /** Set while the documents are awaited (document-wait.ts): since when, checks so far. */
    documentWait: z.object({ since: z.string().datetime(), checks: z.number().int().nonnegative() }).nullish(),
  }),
);

export const backfillJob = defineJob('edgar.backfill', z.object({ cik: z.number().int().positive() }));

export const analyzeJob = defineJob('filings.analyze', z.object({ filingId: z.number().int().positive() }));

/** A company's cover named it for the first time or anew: its Forms 3/4/5 stored before are titled again (decision 384). */
export const retitleJob = defineJob('filings.retitle', z.object({ cik: z.number().int().positive() }));
