import { z } from 'zod';
import { publicProcedure, router } from '../../transport/trpc/init';
import { lastStoredCloses } from './prices.service';

export const pricesRouter = router({
  /** The last stored daily close and its day per ticker: what a card shows while live quotes are off. */
  lastCloses: publicProcedure
    .input(z.object({ tickers: z.array(z.string().trim().min(1).max(20)).max(200) }).strict())
    .query(({ ctx, input }) => lastStoredCloses(ctx.deps.db, input)),
});
