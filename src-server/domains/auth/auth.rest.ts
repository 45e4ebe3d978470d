import type { z } from 'zod';
import type { RestRoutes } from '../../transport/rest/plugin';
import { restTable } from '../../transport/rest/plugin';
import * as res from '../../transport/rest/response-schemas';
import type { RestCall } from '../../transport/rest/table';
import { parseInput } from '../../transport/rest/validate';
import { clearSessionCookie } from '../../transport/session-cookie';
import type { Context } from '../../transport/trpc/context';
import * as schemas from './auth.schemas';
import { previewEmailLink } from './login.service';
import { linkPage } from './rest-helpers';
import { toUserDto } from './session.service';

/** REST's profile answers carry the caller's user beside the profile. */
async function withUser(profile: unknown, { ctx }: { ctx: Context }) {
  const session = await ctx.getSession();
  return { user: toUserDto(session!.user), profile };
}

const profileCall = (path: string, procedure: string, body: z.ZodType, summary: string): RestCall => ({
  method: 'POST',
  path,
  procedure,
  tag: 'account',
  summary,
  body,
  session: 'required',
  output: withUser,
  response: res.userAndProfile,
});

/** SPEC.md section 7's account paths. */
const AUTH_CALLS: RestCall[] = [
  {
    method: 'POST',
    path: '/verify-login',
    procedure: 'auth.verifyLink',
    tag: 'sign-in',
    summary: "The confirm page's click on a sign-in link (same origin): signs in, merging the visitor's watchlist",
    body: schemas.verifyLinkInput,
    response: res.signedIn,
    errors: [400, 403],
  },
  {
    method: 'POST',
    path: '/login',
    procedure: 'auth.login',
    tag: 'sign-in',
    summary: 'Send a sign-in link (email) or code (phone); the answer never says whether an account exists',
    body: schemas.loginInput,
    response: res.loginSent,
    errors: [429],
  },
  {
    method: 'POST',
    path: '/verify-login-code',
    procedure: 'auth.verifyCode',
    tag: 'sign-in',
    summary: 'Exchange a texted code for a session (the visitor session and previousSession are merged in)',
    body: schemas.verifyCodeInput,
    response: res.signedIn,
    errors: [401, 429],
  },
  {
    method: 'POST',
    path: '/logout',
    procedure: 'auth.logout',
    tag: 'sign-in',
    summary: 'End the session (body session or X-Session) and clear the cookie',
    body: schemas.rest.logout,
    output: (result, { reply }) => {
      clearSessionCookie(reply);
      return result;
    },
    response: res.logoutResult,
  },
  {
    method: 'GET',
    path: '/profile',
    procedure: 'auth.profile',
    tag: 'account',
    summary: "The caller's user and settings",
    session: 'required',
    output: withUser,
    response: res.userAndProfile,
    errors: [401],
  },
  profileCall(
    '/profile',
    'auth.updateProfile',
    schemas.rest.profile,
    'Change settings (time zone, channels, digest, quiet hours, thresholds)',
  ),
  profileCall(
    '/update-notification-preferences',
    'auth.updateNotificationPreferences',
    schemas.rest.notificationPreferences,
    'Change notification settings (channels, digest, quiet hours, time zone)',
  ),
  profileCall(
    '/update-alert-thresholds',
    'auth.updateAlertThresholds',
    schemas.rest.alertThresholds,
    'Change the lowest importance alerted per channel',
  ),
  {
    method: 'POST',
    path: '/delete-account',
    procedure: 'auth.deleteAccount',
    tag: 'account',
    summary: 'Delete the account and its data (confirm: true)',
    body: schemas.rest.deleteAccount,
    session: 'required',
    output: (result, { reply }) => {
      clearSessionCookie(reply);
      return result;
    },
    response: res.deleted,
    errors: [401],
  },
  {
    method: 'POST',
    path: '/admin/login',
    procedure: 'auth.adminLogin',
    tag: 'admin',
    summary: "Exchange a verified admin's session for the admin bearer credential",
    body: schemas.sessionOnlyInput,
    session: 'required',
    response: res.adminSession,
    errors: [401, 403],
  },
  {
    method: 'POST',
    path: '/admin/logout',
    procedure: 'auth.adminLogout',
    tag: 'admin',
    summary: 'End the admin session of the bearer credential',
    auth: 'admin',
    input: () => undefined,
    response: res.ok,
    errors: [401],
  },
];

/** The emailed sign-in link: a page a person opens, so it stays hand-written (preview, never acts). */
const linkRoutes: RestRoutes = (app, deps) => {
  app.get(
    '/verify-login',
    {
      config: {
        openapi: {
          summary:
            'The emailed sign-in link: says which account it signs in to (a browser is sent to the confirm page); never acts',
          tag: 'sign-in',
          query: schemas.linkQuery,
          responses: {
            200: { description: 'The masked address and how to confirm' },
            303: { description: 'Browser: to /login/link#token=…' },
          },
          errors: [400],
        },
      },
    },
    (request, reply) =>
      linkPage(request, reply, async () => {
        const { token } = parseInput(schemas.linkQuery, request.query);
        return {
          preview: await previewEmailLink(deps.db, { token, purpose: 'login' }),
          page: `/login/link#token=${token}`,
        };
      }),
  );
};

export const authRest = restTable(AUTH_CALLS, linkRoutes);
