import { z } from 'zod';
import { adminProcedure, router } from '../../transport/trpc/init';
import { adminMutation } from './admin-procedure';
import { pageInput } from './keyset';
import * as users from './users.service';

const userId = z.uuid();

/** /admin/users: find an account, see it whole, and the support actions (each audited). */
export const usersRouter = router({
  /** By email (part), phone (digits), id, or a watched ticker; newest first. */
  search: adminProcedure
    .input(z.object({ ...pageInput, q: z.string().trim().max(200).nullish() }).strict())
    .query(({ ctx, input }) => users.searchUsers(ctx.deps.db, input)),
  /** One account: plan and billing, limit, contacts, sessions, watchlist, alerts with receipts. */
  get: adminProcedure.input(z.object({ userId }).strict()).query(({ ctx, input }) => users.userDetail(ctx.deps, input)),
  /** Sets (a number) or clears (null) the ticker-limit override; items over a smaller limit pause. */
  setLimitOverride: adminMutation({
    action: 'users.setLimitOverride',
    input: { userId, limit: z.number().int().min(0).max(10_000).nullable() },
    run: (input, c) => users.setLimitOverride(c, input),
  }),
  /** PRO without Stripe until a date (ISO time), or null to end it now. */
  compPro: adminMutation({
    action: 'users.compPro',
    input: { userId, until: z.iso.datetime({ offset: true }).nullable() },
    run: (input, c) => users.compPro(c, input),
  }),
  /** Stops (paused: true) or restarts new alerts for the user. */
  setAlertsPaused: adminMutation({
    action: 'users.setAlertsPaused',
    input: { userId, paused: z.boolean() },
    run: (input, c) => users.setAlertsPaused(c, input),
  }),
  /** Signs the user out everywhere (or ends one session by id). */
  revokeSessions: adminMutation({
    action: 'users.revokeSessions',
    input: { userId, sessionId: z.uuid().nullish() },
    run: (input, c) => users.revokeUserSessions(c, input),
  }),
  /** Deletes the account (Stripe subscription canceled first); reason required. */
  delete: adminMutation({
    action: 'users.delete',
    destructive: true,
    input: { userId },
    run: (input, c) => users.deleteUser(c, input),
  }),
});
