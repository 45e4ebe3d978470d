import type { FastifyRequest } from 'fastify';
import { AppError } from '../../core/app-error';
import type { RestRoutes } from '../../transport/rest/plugin';
import { parseInput } from '../../transport/rest/validate';
import { bearerTokenFrom, sessionTokenFrom } from '../../transport/request-meta';
import { clearSessionCookie, setSessionCookie } from '../../transport/session-cookie';
import { adminLogout, adminLogin, cancelSubscription, deleteAccount, logout } from './account.service';
import * as schemas from './auth.schemas';
import { previewEmailLink, requestLogin, verifyLoginCode, verifyLoginLink } from './login.service';
import { getProfile, updateProfile, type ProfileChanges } from './profile.service';
import { messengerFor } from './request-info';
import { callerSession, linkPage, liveSessionIds, restRequestInfo } from './rest-helpers';
import { resolveSession, toUserDto } from './session.service';

/** SPEC.md section 7's account paths. */
export const authRest: RestRoutes = (app, deps) => {
  app.post('/login', async (request) => {
    const input = parseInput(schemas.loginInput, request.body);
    const presented = await liveSessionIds(deps, [sessionTokenFrom(request.headers)]);
    return requestLogin(deps.db, {
      identifier: input.identifier,
      sessionId: presented[0] ?? null,
      messenger: messengerFor(deps),
      request: restRequestInfo(deps, request),
    });
  });

  app.post('/verify-login-code', async (request, reply) => {
    const input = parseInput(schemas.verifyCodeInput, request.body);
    const result = await verifyLoginCode(deps.db, {
      identifier: input.identifier,
      code: input.code,
      presentedSessionIds: await liveSessionIds(deps, [input.previousSession, sessionTokenFrom(request.headers)]),
      request: restRequestInfo(deps, request),
    });
    setSessionCookie(reply, result.token, deps);
    return { session: result.token, user: toUserDto(result.user), merged: result.merged, rejected: result.rejected };
  });

  // The emailed link only shows which account it signs in to; a same-origin POST signs in.
  app.get('/verify-login', (request, reply) =>
    linkPage(request, reply, async () => {
      const { token } = parseInput(schemas.linkQuery, request.query);
      return { preview: await previewEmailLink(deps.db, { token, purpose: 'login' }), page: `/login/link#token=${token}` };
    }),
  );

  app.post('/verify-login', async (request, reply) => {
    const { token } = parseInput(schemas.verifyLinkInput, request.body);
    const result = await verifyLoginLink(deps.db, {
      token,
      presentedSessionIds: await liveSessionIds(deps, [request.caller.credential?.token]),
      request: restRequestInfo(deps, request),
    });
    setSessionCookie(reply, result.token, deps);
    return { session: result.token, user: toUserDto(result.user), merged: result.merged, rejected: result.rejected };
  });

  app.post('/logout', async (request, reply) => {
    const input = parseInput(schemas.rest.logout, request.body);
    const result = await logout(deps.db, { token: input.session ?? sessionTokenFrom(request.headers) });
    clearSessionCookie(reply);
    return result;
  });

  app.get('/profile', async (request) => {
    const { user } = await callerSession(deps, request, undefined);
    return { user: toUserDto(user), profile: await getProfile(deps.db, { userId: user.id }) };
  });

  const saveProfile = async (request: FastifyRequest, session: string | null | undefined, changes: ProfileChanges) => {
    const { user } = await callerSession(deps, request, { session });
    return { user: toUserDto(user), profile: await updateProfile(deps.db, { userId: user.id, changes }) };
  };
  app.post('/profile', (request) => {
    const { session, ...changes } = parseInput(schemas.rest.profile, request.body);
    return saveProfile(request, session, changes);
  });
  app.post('/update-notification-preferences', (request) => {
    const { session, ...changes } = parseInput(schemas.rest.notificationPreferences, request.body);
    return saveProfile(request, session, changes);
  });
  app.post('/update-alert-thresholds', (request) => {
    const { session, ...alertThresholds } = parseInput(schemas.rest.alertThresholds, request.body);
    return saveProfile(request, session, { alertThresholds });
  });

  app.post('/delete-account', async (request, reply) => {
    const input = parseInput(schemas.rest.deleteAccount, request.body);
    const { user } = await callerSession(deps, request, input);
    const result = await deleteAccount(deps.db, { userId: user.id, confirm: input.confirm === true });
    clearSessionCookie(reply);
    return result;
  });

  app.post('/cancel-subscription', async (request) => {
    const input = parseInput(schemas.sessionOnlyInput, request.body);
    const { user } = await callerSession(deps, request, input);
    return cancelSubscription(deps.db, { userId: user.id });
  });

  app.post('/admin/login', async (request) => {
    const input = parseInput(schemas.sessionOnlyInput, request.body);
    const session = await callerSession(deps, request, input);
    return adminLogin(deps.db, { session, ip: request.ip, userAgent: request.headers['user-agent'] ?? null });
  });

  app.post('/admin/logout', async (request) => {
    const session = await resolveSession(deps.db, { token: bearerTokenFrom(request.headers), kind: 'admin' });
    if (!session) throw new AppError('UNAUTHORIZED', 'Admin sign-in required.', { reason: 'admin_required' });
    return adminLogout(deps.db, { sessionId: session.sessionId });
  });
};
