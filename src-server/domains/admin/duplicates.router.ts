import { z } from 'zod';
import { adminProcedure, router } from '../../transport/trpc/init';
import { DUPLICATE_KINDS } from './duplicates.repo';
import { listDuplicates, markNotDuplicate } from './duplicates.service';
import { adminMutation } from './admin-procedure';
import { pageInput } from './keyset';

/** /admin/duplicates: one entity seen twice (share classes, moved tickers, insiders, shared contacts). Insiders merge via admin.insiders.merge. */
export const duplicatesRouter = router({
  /** Open findings by kind then key; kind filters. */
  list: adminProcedure
    .input(z.object({ ...pageInput, kind: z.enum(DUPLICATE_KINDS).nullish() }).strict())
    .query(({ ctx, input }) => listDuplicates(ctx.deps.db, input)),
  /** Mark a finding "not a duplicate" (reason required): stored, and it stops appearing. */
  markNotDuplicate: adminMutation({
    action: 'duplicates.markNotDuplicate',
    destructive: true,
    input: { kind: z.enum(DUPLICATE_KINDS), key: z.string().trim().min(1).max(300) },
    run: async (input, { tx, admin, reason }) => {
      const finding = await markNotDuplicate(tx, { ...input, note: reason, adminId: admin.user.id });
      return {
        target: { type: 'duplicate', id: `${input.kind}/${input.key}` },
        before: finding,
        after: { decision: 'not_duplicate' },
        result: { ...input, decision: 'not_duplicate' as const },
      };
    },
  }),
});
