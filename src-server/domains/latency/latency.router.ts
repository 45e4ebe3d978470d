import { edgarMode } from '../../config/env';
import { publicProcedure, router } from '../../transport/trpc/init';
import { latencyReport } from './latency.service';

export const latencyRouter = router({
  report: publicProcedure.query(({ ctx }) =>
    latencyReport(ctx.deps.db, { mode: ctx.deps.edgar?.mode ?? edgarMode(ctx.deps.env) }),
  ),
});
