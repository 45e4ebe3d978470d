import { z } from 'zod';
import { text } from '../../core/input';
import { adminProcedure, router } from '../../transport/trpc/init';
import { adminMutation } from './admin-procedure';
import { listFeedback, markReviewed } from './feedback.service';
import { pageInput } from './keyset';

const kind = z.enum(['analysis', 'assistant']);

const feedbackFilter = {
  kind: kind.nullish(),
  vote: z.enum(['up', 'down']).nullish(),
  reviewed: z.boolean().nullish(),
  ticker: text().trim().max(20).nullish(),
  q: text().trim().max(200).nullish(),
  // useInfiniteQuery sends its paging direction with the input; the list only pages forward.
  direction: z.enum(['forward', 'backward']).nullish(),
};

/** /admin/ai-feedback: thumbs on AI analyses and assistant answers, and the review mark. */
export const feedbackRouter = router({
  /** Both kinds newest first, with the rated text, the filing and the comment; filter by kind, vote, review, ticker, words. */
  list: adminProcedure
    .input(z.object({ ...pageInput, ...feedbackFilter }).strict())
    .query(({ ctx, input }) => listFeedback(ctx.deps.db, { limit: input.limit, cursor: input.cursor, filter: input })),
  /** Marks one piece of feedback reviewed (or not reviewed again); audited. */
  markReviewed: adminMutation({
    action: 'feedback.markReviewed',
    input: { kind, id: z.number().int().positive(), reviewed: z.boolean().default(true) },
    run: async (input, { tx, admin }) => {
      const mark = await markReviewed(tx, { ...input, adminUserId: admin.user.id });
      return {
        target: { type: input.kind === 'analysis' ? 'analysis_feedback' : 'assistant_feedback', id: input.id },
        before: { reviewedAt: mark.before },
        after: { reviewedAt: mark.after },
        result: { kind: input.kind, id: input.id, reviewedAt: mark.after },
      };
    },
  }),
});
