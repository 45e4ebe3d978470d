/** Story threads over tRPC: a ticker's threads (public, like the ticker page); the admin's undo is admin.undoThreadLink. */
import { z } from 'zod';
import { publicProcedure, router } from '../../transport/trpc/init';
import { loadHeader } from '../ticker-pages/ticker-pages.service';
import { companyDeadlines } from './deadlines.repo';
import { companyThreads } from './threads.service';

export const threadsRouter = router({
  /** The company's story threads (newest first) and its open report deadlines. */
  forTicker: publicProcedure
    .input(z.object({ ticker: z.string().trim().min(1, 'ticker is required').max(20) }).strict())
    .query(async ({ ctx, input }) => {
      const header = await loadHeader(ctx.deps.db, { index: await ctx.deps.tickers.get(), ticker: input.ticker });
      const [threads, deadlines] = await Promise.all([
        companyThreads(ctx.deps.db, { cik: header.cik }),
        companyDeadlines(ctx.deps.db, { cik: header.cik }),
      ]);
      return { ticker: header.ticker, threads, deadlines: deadlines.map((d) => ({ ...d, id: Number(d.id) })) };
    }),
});
