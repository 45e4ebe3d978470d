/** The queue task behind admin jobs: one task, a handler per job kind (each idempotent). */
import { z } from 'zod';
import type { AppDeps } from '../../deps';
import { defineTask } from '../../jobs/registry';
import { adminJob } from './admin.jobs';
import { retryAllDead } from '../alerts/deliveries-admin.service';
import { rescoreRange } from '../filings/filings-admin.service';
import { refreshCatalogueViaEdgar } from '../tickers/tickers-admin.service';
import { runAdminJob, type AdminJobHandler, type AdminJobKind } from './admin-jobs.service';

const rescoreParams = z.object({
  from: z.string(),
  to: z.string(),
  form: z.string().nullish(),
  refetch: z.boolean().optional(),
});

export function adminJobHandlers(deps: AppDeps): Record<AdminJobKind, AdminJobHandler> {
  const edgarClient = (job: string) => {
    if (!deps.edgar) throw new Error(`${job} needs the EDGAR integration (deps.edgar).`);
    return deps.edgar.start();
  };
  return {
    'tickers.refresh': async (_params, { progress }) => {
      return refreshCatalogueViaEdgar(deps.db, { client: await edgarClient('The ticker refresh'), progress });
    },
    'filings.rescore': async (params, { progress }) => {
      const { from, to, form, refetch } = rescoreParams.parse(params);
      const client = refetch ? await edgarClient('Fetching filings again') : undefined;
      return rescoreRange(deps.db, { from, to, form: form ?? null, progress, client });
    },
    'alerts.retry_dead': (_params, { progress }) => retryAllDead(deps.db, { progress }),
  };
}

export const adminJobTask = defineTask({
  ...adminJob,
  async handler({ jobId }, { deps, job }) {
    await runAdminJob(deps.db, {
      jobId,
      handlers: adminJobHandlers(deps),
      lastAttempt: job.attempts >= job.maxAttempts,
    });
  },
});

export const adminTasks = [adminJobTask];
