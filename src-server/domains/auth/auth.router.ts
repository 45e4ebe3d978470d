import {
  adminProcedure,
  publicProcedure,
  router,
  sessionProcedure,
  signedInProcedure,
  withSession,
} from '../../transport/trpc/init';
import type { Context } from '../../transport/trpc/context';
import { addSecondaryContact, saveContacts, verifyEmailLink } from './contacts.service';
import { adminLogin, adminLogout, closeAccount, logout } from './account.service';
import * as schemas from './auth.schemas';
import { previewEmailLink, requestLogin, verifyLoginCode, verifyLoginLink } from './login.service';
import { getProfile, saveBrowserTimeZone, updateProfile } from './profile.service';
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
   * Ensures the caller has a session (anonymous on first write) and returns it with its user.
   * The token is returned only when this call created it or the caller sent it itself: a token
   * that arrived only in the HttpOnly cookie is never handed to script.
   */
  session: sessionProcedure.mutation(({ ctx }) => ({
    user: toUserDto(ctx.user),
    session: ctx.caller.revealableToken(),
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
  /** What an emailed link (sign-in or email confirmation) would do, without using it: the masked address. */
  previewLink: publicProcedure
    .input(schemas.previewLinkInput)
    .mutation(({ ctx, input }) => previewEmailLink(ctx.deps.db, input)),
  /** The confirm page's click on an email-confirmation link: verifies, ends every other session, returns a fresh one. */
  verifyEmail: publicProcedure.input(schemas.verifyLinkInput).mutation(async ({ ctx, input }) => {
    const result = await verifyEmailLink(ctx.deps.db, { token: input.token, ip: ctx.ip, userAgent: ctx.userAgent });
    ctx.issueSessionToken(result.token);
    return { session: result.token, user: result.user };
  }),
  /** The emailed link's token, for a page that confirms sign-in with a POST. */
  verifyLink: publicProcedure.input(schemas.verifyLinkInput).mutation(async ({ ctx, input }) =>
    signedIn(
      ctx,
      await verifyLoginLink(ctx.deps.db, {
        token: input.token,
        presentedSessionIds: await presentedSessionIds(ctx),
        request: infoOf(ctx),
      }),
    ),
  ),
  /** Ends the session and clears its HttpOnly cookie, as `POST /api/logout` does (the browser cannot). */
  logout: publicProcedure.mutation(async ({ ctx }) => {
    const result = await logout(ctx.deps.db, { token: ctx.caller.credential?.token });
    ctx.clearSessionToken();
    return result;
  }),

  profile: sessionProcedure.query(({ ctx }) => getProfile(ctx.deps.db, { userId: ctx.user.id })),
  updateProfile: publicProcedure
    .input(schemas.profileInput)
    .use(withSession)
    .mutation(({ ctx, input }) => updateProfile(ctx.deps.db, { userId: ctx.user.id, changes: input })),
  browserTimeZone: publicProcedure
    .input(schemas.browserTimeZoneInput)
    .use(withSession)
    .mutation(({ ctx, input }) => saveBrowserTimeZone(ctx.deps.db, { userId: ctx.user.id, timeZone: input.timeZone })),
  updateNotificationPreferences: publicProcedure
    .input(schemas.notificationPreferencesInput)
    .use(withSession)
    .mutation(({ ctx, input }) => updateProfile(ctx.deps.db, { userId: ctx.user.id, changes: input })),
  updateAlertThresholds: publicProcedure
    .input(schemas.alertThresholdsInput)
    .use(withSession)
    .mutation(({ ctx, input }) =>
      updateProfile(ctx.deps.db, { userId: ctx.user.id, changes: { alertThresholds: input } }),
    ),

  notify: publicProcedure
    .input(schemas.notifyInput)
    .use(withSession)
    .mutation(({ ctx, input }) =>
      saveContacts(ctx.deps.db, {
        userId: ctx.user.id,
        email: input.email,
        phone: input.phone,
        notifyVia: input.notifyVia,
        approvalCode: input.approvalCode,
        sessionId: ctx.session.sessionId,
        messenger: messengerFor(ctx.deps),
        request: infoOf(ctx),
      }),
    ),
  addSecondaryContact: publicProcedure
    .input(schemas.secondaryContactInput)
    .use(withSession)
    .mutation(({ ctx, input }) =>
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
    .mutation(({ ctx, input }) => closeAccount(ctx.deps, { userId: ctx.user.id, confirm: input.confirm === true })),

  /** Exchanges a verified admin's session for the admin area's bearer credential. */
  adminLogin: signedInProcedure.mutation(async ({ ctx }) => {
    const result = await adminLogin(ctx.deps.db, { session: ctx.session, ip: ctx.ip, userAgent: ctx.userAgent });
    ctx.caller.issueAdminCookie(result.token, new Date(result.expiresAt));
    return result;
  }),
  adminLogout: adminProcedure.mutation(async ({ ctx }) => {
    const result = await adminLogout(ctx.deps.db, { sessionId: ctx.admin.sessionId });
    ctx.caller.clearAdminCookie();
    return result;
  }),
});
