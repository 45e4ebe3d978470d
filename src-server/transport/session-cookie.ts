import type { FastifyReply } from 'fastify';
import type { AppDeps } from '../deps';
import { SESSION_ABSOLUTE_MS } from '../domains/auth/session.service';
import { SESSION_COOKIE } from './request-meta';

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
