import { adminProcedure, publicProcedure, router, sessionProcedure, signedInProcedure } from '../../transport/trpc/init';
import type { Context } from '../../transport/trpc/context';
import { addSecondaryContact, saveContacts } from '../contacts/contacts.service';
import { adminLogin, adminLogout, deleteAccount, logout } from './account.service';
import * as schemas from './auth.schemas';
import { requestLogin, verifyLoginCode, verifyLoginLink } from './login.service';
import { getProfile, updateProfile } from './profile.service';
import { messengerFor, requestInfo } from './request-info';
import { resolveSession, toUserDto } from './session.service';
import type { SignInResult } from './sign-in';

const infoOf = (ctx: Context) => requestInfo(ctx.deps, ctx);

/** Sign-in answers carry the new token (also set as header and cookie) and the merge counts. */
function signedIn(ctx: Context, result: SignInResult) {
  ctx.issueSessionToken(result.token);
  return { session: result.token, user: toUserDto(result.user), merged: result.merged, rejected: result.rejected };
}

async function presentedSessionIds(ctx: Context, extraToken?: string | null): Promise<string[]> {
  const ids = [(await ctx.getSession())?.sessionId];
  if (extraToken) ids.push((await resolveSession(ctx.deps.db, { token: extraToken }))?.sessionId);
  return ids.filter((id): id is string => Boolean(id));
}

export const authRouter = router({
  /** The caller's user object, or null without a session. */
  me: publicProcedure.query(async ({ ctx }) => {
    const session = await ctx.getSession();
    return session ? toUserDto(session.user) : null;
  }),
  /**
   * Ensures the caller has a session (anonymous on first visit) and returns it with its user.
   * After the emailed link (`/?loggedin=1`) the token arrives in the HttpOnly cookie; this hands
   * it to the app for local storage.
   */
  session: sessionProcedure.mutation(({ ctx }) => ({
    user: toUserDto(ctx.user),
    session: 'token' in ctx.session ? (ctx.session.token as string) : (ctx.presentedToken ?? null),
  })),

  login: publicProcedure.input(schemas.loginInput).mutation(async ({ ctx, input }) =>
    requestLogin(ctx.deps.db, {
      identifier: input.identifier,
      sessionId: (await ctx.getSession())?.sessionId ?? null,
      messenger: messengerFor(ctx.deps),
      request: infoOf(ctx),
    }),
  ),
  verifyCode: publicProcedure.input(schemas.verifyCodeInput).mutation(async ({ ctx, input }) =>
    signedIn(
      ctx,
      await verifyLoginCode(ctx.deps.db, {
        identifier: input.identifier,
        code: input.code,
        presentedSessionIds: await presentedSessionIds(ctx, input.previousSession),
        request: infoOf(ctx),
      }),
    ),
  ),
  /** The emailed link's token, for a page that confirms sign-in with a POST. */
  verifyLink: publicProcedure.input(schemas.verifyLinkInput).mutation(async ({ ctx, input }) =>
    signedIn(
      ctx,
      await verifyLoginLink(ctx.deps.db, { token: input.token, presentedSessionIds: await presentedSessionIds(ctx), request: infoOf(ctx) }),
    ),
  ),
  logout: publicProcedure.mutation(({ ctx }) => logout(ctx.deps.db, { token: ctx.presentedToken })),

  profile: sessionProcedure.query(({ ctx }) => getProfile(ctx.deps.db, { userId: ctx.user.id })),
  updateProfile: sessionProcedure
    .input(schemas.profileInput)
    .mutation(({ ctx, input }) => updateProfile(ctx.deps.db, { userId: ctx.user.id, changes: input })),
  updateNotificationPreferences: sessionProcedure
    .input(schemas.notificationPreferencesInput)
    .mutation(({ ctx, input }) => updateProfile(ctx.deps.db, { userId: ctx.user.id, changes: input })),
  updateAlertThresholds: sessionProcedure
    .input(schemas.alertThresholdsInput)
    .mutation(({ ctx, input }) => updateProfile(ctx.deps.db, { userId: ctx.user.id, changes: { alertThresholds: input } })),

  notify: sessionProcedure.input(schemas.notifyInput).mutation(({ ctx, input }) =>
    saveContacts(ctx.deps.db, {
      userId: ctx.user.id,
      email: input.email,
      phone: input.phone,
      notifyVia: input.notifyVia,
      sessionId: ctx.session.sessionId,
      messenger: messengerFor(ctx.deps),
      request: infoOf(ctx),
    }),
  ),
  addSecondaryContact: sessionProcedure.input(schemas.secondaryContactInput).mutation(({ ctx, input }) =>
    addSecondaryContact(ctx.deps.db, {
      userId: ctx.user.id,
      ...input,
      sessionId: ctx.session.sessionId,
      messenger: messengerFor(ctx.deps),
      request: infoOf(ctx),
    }),
  ),

  deleteAccount: signedInProcedure
    .input(schemas.deleteAccountInput)
    .mutation(({ ctx, input }) => deleteAccount(ctx.deps.db, { userId: ctx.user.id, confirm: input.confirm === true })),

  /** Exchanges a verified admin's session for the admin area's bearer credential. */
  adminLogin: signedInProcedure.mutation(({ ctx }) =>
    adminLogin(ctx.deps.db, { session: ctx.session, ip: ctx.ip, userAgent: ctx.userAgent }),
  ),
  adminLogout: adminProcedure.mutation(({ ctx }) => adminLogout(ctx.deps.db, { sessionId: ctx.admin.sessionId })),
});
