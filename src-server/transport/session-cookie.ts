import type { FastifyReply } from 'fastify';
import type { AppDeps } from '../deps';
import { SESSION_ABSOLUTE_MS } from '../domains/auth/session.service';
import { ADMIN_COOKIE, ADMIN_COOKIE_PATH, SESSION_COOKIE, SESSION_HEADER } from './request-meta';

/** HttpOnly, SameSite=Lax, Secure when the public URL is https. */
export function setSessionCookie(reply: FastifyReply, token: string, deps: Pick<AppDeps, 'env'>): void {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: (deps.env.PUBLIC_URL ?? '').startsWith('https:'),
    maxAge: Math.floor(SESSION_ABSOLUTE_MS / 1000),
  });
}

export function clearSessionCookie(reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
}

/** How an HTTP request hands a new session token to the client, and takes it back (a refused write). */
export function httpTokenHandlers(reply: FastifyReply, deps: Pick<AppDeps, 'env'>) {
  return {
    issueToken(token: string) {
      reply.header(SESSION_HEADER, token);
      setSessionCookie(reply, token, deps);
    },
    retractToken() {
      reply.removeHeader(SESSION_HEADER);
      clearSessionCookie(reply);
    },
    setAdminCookie(token: string, expiresAt: Date) {
      reply.setCookie(ADMIN_COOKIE, token, {
        path: ADMIN_COOKIE_PATH,
        httpOnly: true,
        sameSite: 'strict',
        secure: (deps.env.PUBLIC_URL ?? '').startsWith('https:'),
        expires: expiresAt,
      });
    },
    clearAdminCookie() {
      reply.clearCookie(ADMIN_COOKIE, { path: ADMIN_COOKIE_PATH });
    },
  };
}
