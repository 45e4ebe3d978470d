import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../deps';
import type { AuthedSession } from '../../domains/auth/session.service';

export interface RestSession extends AuthedSession {
  /** Set when this request created the session; REST responses return it as `session`. */
  token?: string;
}

/** The caller's session (X-Session, the body's `session`, or the cookie); a 401 when absent or dead. */
export async function requireRestSession(_deps: AppDeps, request: FastifyRequest): Promise<RestSession> {
  return request.caller.requireSession();
}

/** Like requireRestSession, but a write without any token gets a new anonymous session. */
export async function ensureRestSession(_deps: AppDeps, request: FastifyRequest, _reply?: FastifyReply): Promise<RestSession> {
  return request.caller.ensureSession();
}
