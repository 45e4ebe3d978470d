import { z } from 'zod';
import { publicProcedure, router } from '../../transport/trpc/init';
import { dataSource } from './data-source';
import { checkHealth, checkReadiness, heartbeat } from './system.service';

export const systemRouter = router({
  health: publicProcedure.query(({ ctx }) => checkHealth(ctx.deps.db)),
  /** Database reachable, migrations applied, job queue running, not stopping. */
  ready: publicProcedure.query(({ ctx }) => checkReadiness(ctx.deps)),
  /** Live EDGAR or the replay of recorded filings, for the dashboard's note. */
  dataSource: publicProcedure.query(({ ctx }) => dataSource(ctx.deps)),
  heartbeat: publicProcedure
    .input(
      z
        .object({ intervalMs: z.number().int().min(200).max(60_000).default(5_000) })
        .strict()
        .optional(),
    )
    .subscription(({ input, signal }) => heartbeat({ intervalMs: input?.intervalMs ?? 5_000, signal })),
});
