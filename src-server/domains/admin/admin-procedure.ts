import { z } from 'zod';
import { AppError } from '#shared/app-error';
import type { Db } from '../../db/client';
import type { AppDeps } from '../../deps';
import type { AuthedSession } from '../auth/session.service';
import { adminProcedure } from '../../transport/trpc/init';
import { recordAudit } from './audit';

/** The admin's note on why; stored with the audit row. */
export const reasonSchema = z.string().trim().max(500);

export const REASON_REQUIRED_MESSAGE =
  'A reason is required for this action: send "reason" with a short note on why (it is kept in the audit log).';

/** What a change reports back to the helper: what it touched, the state around it, the answer. */
export interface AuditedChange<R> {
  target: { type: string; id: string | number | null };
  before?: unknown;
  after?: unknown;
  result: R;
}

/** What a change runs with: the transaction (also as deps.db), the admin and the request. */
export interface AdminChangeContext {
  tx: Db;
  /** The app's deps with `db` set to the transaction. */
  deps: AppDeps;
  admin: AuthedSession;
  ip: string | null;
  reason: string | null;
}

/**
 * An admin mutation: checks the admin bearer (adminProcedure), takes the input plus an optional
 * `reason` (required when `destructive`: a clear 400 before anything runs), runs the change and
 * writes its audit row in ONE transaction. A change that throws writes no row and changes nothing.
 * Outside effects that cannot roll back (Stripe) belong before the database change inside `run`,
 * so a failure there aborts the whole thing.
 */
export function adminMutation<S extends z.ZodRawShape, R>(spec: {
  /** `<section>.<verb>`, as the audit log shows it. */
  action: string;
  input: S;
  destructive?: boolean;
  run: (input: z.infer<z.ZodObject<S>>, c: AdminChangeContext) => Promise<AuditedChange<R>>;
}) {
  const schema = z.object({ ...spec.input, reason: reasonSchema.optional() }).strict();
  return adminProcedure.input(schema).mutation(async ({ ctx, input }): Promise<R> => {
    const { reason: given, ...rest } = input as Record<string, unknown> & { reason?: string };
    const reason = given ? given : null;
    if (spec.destructive && !reason)
      throw new AppError('BAD_REQUEST', REASON_REQUIRED_MESSAGE, { reason: 'reason_required' });
    return ctx.deps.db.transaction(async (tx) => {
      const change = await spec.run(rest as z.infer<z.ZodObject<S>>, {
        tx,
        deps: { ...ctx.deps, db: tx },
        admin: ctx.admin,
        ip: ctx.ip,
        reason,
      });
      await recordAudit(tx, {
        adminUserId: ctx.admin.user.id,
        action: spec.action,
        target: change.target,
        before: change.before,
        after: change.after,
        reason,
        ip: ctx.ip,
      });
      return change.result;
    });
  });
}
