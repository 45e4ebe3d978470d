import { z } from 'zod';
import { publicProcedure, router } from '../../transport/trpc/init';
import { checkHealth, checkReadiness, heartbeat } from './system.service';

export const systemRouter = router({
  health: publicProcedure.query(({ ctx }) => checkHealth(ctx.deps.db)),
  /** Database reachable, migrations applied, job queue running, not stopping. */
  ready: publicProcedure.query(({ ctx }) => checkReadiness(ctx.deps)),
  heartbeat: publicProcedure
    .input(z.object({ intervalMs: z.number().int().min(200).max(60_000).default(5_000) }).strict().optional())
    .subscription(({ input, signal }) => heartbeat({ intervalMs: input?.intervalMs ?? 5_000, signal })),
});
