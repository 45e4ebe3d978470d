import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../core/app-error';
import { COPY } from '../../core/copy';
import type { AppDeps } from '../../deps';
import {
  createAnonymousSession,
  resolveSession,
  type AuthedSession,
} from '../../domains/auth/session.service';
import { SESSION_HEADER, sessionTokenFrom } from '../request-meta';
import { setSessionCookie } from '../session-cookie';
import { requestBrand } from './brand';

export interface RestSession extends AuthedSession {
  /** Set when this request created the session; REST responses return it as `session`. */
  token?: string;
}

/** The X-Session (or cookie, or body `session`) caller; a 401 when absent or dead. */
export async function requireRestSession(
  deps: AppDeps,
  request: FastifyRequest,
  bodySession?: unknown,
): Promise<RestSession> {
  const token = sessionTokenFrom(request.headers) ?? (typeof bodySession === 'string' ? bodySession : undefined);
  const session = await resolveSession(deps.db, { token });
  if (!session) throw new AppError('UNAUTHORIZED', COPY.sessionNotFound, { reason: 'session_not_found' });
  return session;
}

/** Like requireRestSession, but a caller without any token gets a new anonymous session. */
export async function ensureRestSession(
  deps: AppDeps,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<RestSession> {
  const token = sessionTokenFrom(request.headers);
  if (token) return requireRestSession(deps, request);
  const created = await createAnonymousSession(deps.db, {
    brand: requestBrand(deps, request),
    ip: request.ip,
    userAgent: request.headers['user-agent'] ?? null,
  });
  reply.header(SESSION_HEADER, created.token);
  setSessionCookie(reply, created.token, deps);
  return created;
}
