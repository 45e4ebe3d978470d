import { z } from 'zod';
import { adminProcedure, router } from '../../transport/trpc/init';
import { auditLog } from './activity.service';
import { pageInput } from './keyset';

const auditFilter = {
  action: z.string().trim().max(80).nullish(),
  targetType: z.string().trim().max(40).nullish(),
  targetId: z.string().trim().max(100).nullish(),
  adminUserId: z.uuid().nullish(),
  from: z.iso.datetime({ offset: true }).nullish(),
  to: z.iso.datetime({ offset: true }).nullish(),
};

/** /admin/activity: the audit log (and security events). */
export const activityRouter = router({
  /** Admin changes, newest first; filter by action, target, admin and time. */
  audit: adminProcedure.input(z.object({ ...pageInput, ...auditFilter }).strict()).query(({ ctx, input }) =>
    auditLog(ctx.deps.db, {
      limit: input.limit,
      cursor: input.cursor,
      filter: { ...input, from: input.from ? new Date(input.from) : null, to: input.to ? new Date(input.to) : null },
    }),
  ),
});
