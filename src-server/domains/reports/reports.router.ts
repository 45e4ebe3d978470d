import { z } from 'zod';
import { text } from '#shared/input';
import { publicProcedure, router } from '../../transport/trpc/init';
import { reportChangeOfFiling, reportHistory } from './reports-read.service';

/** Report diffs are computed from public filings: public like the filings they describe. */
export const reportsRouter = router({
  /** A 10-K/10-Q compared with its comparable report (null: not computed, or not a periodic report). */
  forFiling: publicProcedure
    .input(z.object({ filingId: z.number().int().positive().max(Number.MAX_SAFE_INTEGER) }).strict())
    .query(({ ctx, input }) => reportChangeOfFiling(ctx.deps.db, input)),
  /** The company's report diffs across years (the ticker page's history). */
  history: publicProcedure
    .input(z.object({ ticker: text().trim().min(1, 'ticker is required').max(20) }).strict())
    .query(({ ctx, input }) => reportHistory(ctx.deps.db, input)),
});
