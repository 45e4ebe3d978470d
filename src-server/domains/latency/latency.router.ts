import { publicProcedure, router } from '../../transport/trpc/init';
import { latencyReport } from './latency.service';

export const latencyRouter = router({
  report: publicProcedure.query(({ ctx }) => latencyReport(ctx.deps.db, { mode: ctx.deps.edgar?.mode ?? (ctx.deps.env.EDGAR_USER_AGENT ? 'live' : 'replay') })),
});
