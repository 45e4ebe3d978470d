import { z } from 'zod';
import { adminProcedure, router } from '../../transport/trpc/init';
import { auditLog, exportCsv, securityLog } from './activity.service';
import { pageInput } from './keyset';
import { SECURITY_EVENT_KINDS } from './security-events';

const when = { from: z.iso.datetime({ offset: true }).nullish(), to: z.iso.datetime({ offset: true }).nullish() };
const auditFilter = {
  action: z.string().trim().max(80).nullish(),
  targetType: z.string().trim().max(40).nullish(),
  targetId: z.string().trim().max(100).nullish(),
  adminUserId: z.uuid().nullish(),
  ...when,
};
const securityFilter = {
  kind: z.enum(SECURITY_EVENT_KINDS as [string, ...string[]]).nullish(),
  subject: z.string().trim().max(200).nullish(),
  ip: z.string().trim().max(64).nullish(),
  ...when,
};
const dates = (input: { from?: string | null; to?: string | null }) => ({
  from: input.from ? new Date(input.from) : null,
  to: input.to ? new Date(input.to) : null,
});

/** /admin/activity: the audit log and security events, filtered on the server, exportable as CSV. */
export const activityRouter = router({
  /** Admin changes, newest first; filter by action, target, admin and time. */
  audit: adminProcedure
    .input(z.object({ ...pageInput, ...auditFilter }).strict())
    .query(({ ctx, input }) =>
      auditLog(ctx.deps.db, { limit: input.limit, cursor: input.cursor, filter: { ...input, ...dates(input) } }),
    ),
  /** Sign-ins, failed codes, rate-limit trips, webhook signature failures, newest first. */
  security: adminProcedure
    .input(z.object({ ...pageInput, ...securityFilter }).strict())
    .query(({ ctx, input }) =>
      securityLog(ctx.deps.db, { limit: input.limit, cursor: input.cursor, filter: { ...input, ...dates(input) } }),
    ),
  /** The filtered audit log or security events as CSV (newest 10,000). */
  exportCsv: adminProcedure
    .input(
      z
        .object({
          log: z.enum(['audit', 'security']),
          ...auditFilter,
          kind: securityFilter.kind,
          subject: securityFilter.subject,
          ip: securityFilter.ip,
        })
        .strict(),
    )
    .query(({ ctx, input }) =>
      exportCsv(ctx.deps.db, {
        log: input.log,
        audit: { ...input, ...dates(input) },
        security: { ...input, ...dates(input) },
      }),
    ),
});
