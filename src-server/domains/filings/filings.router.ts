import { z } from 'zod';
import { proProcedure, publicProcedure, router } from '../../transport/trpc/init';
import { analyseFiling } from './analysis.service';
import { getScoringRules } from './rules.service';

export const filingsRouter = router({
  /** The importance rules table (public: the /about-our-ai page). */
  rules: publicProcedure.query(() => getScoringRules()),
  /** PRO: the AI analysis of one filing (the model's, generated once and cached; else the rule-based one). */
  analysis: proProcedure.input(z.object({ filingId: z.number().int().positive() }).strict()).query(({ ctx, input }) =>
    analyseFiling(ctx.deps.db, {
      llm: ctx.deps.llm,
      filingId: input.filingId,
      userId: ctx.user.id,
      dailyLlmCalls: ctx.deps.env.LLM_DAILY_CALLS_PER_USER,
    }),
  ),
});
