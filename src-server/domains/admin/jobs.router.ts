import { z } from 'zod';
import { adminProcedure, router } from '../../transport/trpc/init';
import { ADMIN_JOB_KINDS, getAdminJob, listAdminJobs } from './admin-jobs.service';
import { decodeCursor, pageInput, pageOf } from './keyset';

/** Long admin operations (ticker refresh, rescore, bulk retry): the pages poll their progress here. */
export const jobsRouter = router({
  /** One job: status, done of total, how many things it changed, its result or error. */
  get: adminProcedure
    .input(z.object({ id: z.coerce.number().int().positive() }).strict())
    .query(({ ctx, input }) => getAdminJob(ctx.deps.db, input)),
  /** Jobs newest first, optionally of one kind. */
  list: adminProcedure
    .input(z.object({ ...pageInput, kind: z.enum(ADMIN_JOB_KINDS).nullish() }).strict())
    .query(async ({ ctx, input }) => {
      const key = decodeCursor(input.cursor, 1);
      const { jobs } = await listAdminJobs(ctx.deps.db, {
        kind: input.kind,
        limit: input.limit + 1,
        beforeId: key ? Number(key[0]) : null,
      });
      return pageOf(jobs, input.limit, (j) => [j.id]);
    }),
});
