import type { IncomingMessage } from 'node:http';
import type { CreateFastifyContextOptions } from '@trpc/server/adapters/fastify';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../core/app-error';
import { resolveBrand, type BrandId } from '../../core/brands';
import { COPY } from '../../core/copy';
import type { AppDeps } from '../../deps';
import {
  createAnonymousSession,
  resolveSession,
  type AuthedSession,
} from '../../domains/auth/session.service';
import { brandHostsFor } from '../rest/brand';
import { setSessionCookie } from '../session-cookie';
import { bearerTokenFrom, SESSION_HEADER, sessionTokenFrom } from '../request-meta';

export interface Context {
  deps: AppDeps;
  brand: BrandId;
  ip: string | null;
  userAgent: string | null;
  /** The Host header (brand hosts decide where emailed links point). */
  host: string | undefined;
  /** The session token the caller presented (header, cookie or connection param), if any. */
  presentedToken: string | undefined;
  /** The presented session, resolved once per request (null when absent or dead). */
  getSession(): Promise<AuthedSession | null>;
  /** The session, creating an anonymous one when the caller has none (HTTP only). */
  ensureSession(): Promise<AuthedSession & { token?: string }>;
  getAdminSession(): Promise<AuthedSession | null>;
  /** Replaces the caller's session token (login): response header and cookie. */
  issueSessionToken(token: string): void;
  isWebSocket: boolean;
}

function isFastifyRequest(req: FastifyRequest | IncomingMessage): req is FastifyRequest {
  return 'raw' in req;
}

export function makeContextFactory(deps: AppDeps) {
  const hostMap = brandHostsFor(deps);

  return async function createContext(
    opts: CreateFastifyContextOptions | { req: IncomingMessage; res: unknown; info: CreateFastifyContextOptions['info'] },
  ): Promise<Context> {
    const req = opts.req as FastifyRequest | IncomingMessage;
    const reply = isFastifyRequest(req) ? (opts.res as FastifyReply) : null;
    const headers = req.headers;
    const params = opts.info.connectionParams ?? {};
    const presented = params.session || sessionTokenFrom(headers);
    const ip = isFastifyRequest(req) ? req.ip : (req.socket.remoteAddress ?? null);
    const userAgent = (headers['user-agent'] as string | undefined) ?? null;
    const brand = resolveBrand({
      host: headers.host,
      requested: params.brand ?? (headers['x-brand'] as string | undefined),
      hostMap,
    });

    let sessionPromise: Promise<AuthedSession | null> | undefined;
    const lookUp = () => resolveSession(deps.db, { token: presented }).then((s) => s ?? null);
    // A websocket connection outlives plan changes (a checkout paid in another tab): each call on
    // it reads the session and the user afresh, so a PRO check sees the plan as it is now.
    const getSession = () => (isFastifyRequest(req) ? (sessionPromise ??= lookUp()) : lookUp());

    const issueSessionToken = (token: string) => {
      if (!reply) return;
      reply.header(SESSION_HEADER, token);
      setSessionCookie(reply, token, deps);
    };

    return {
      deps,
      brand,
      ip,
      userAgent,
      host: headers.host,
      presentedToken: presented || undefined,
      isWebSocket: reply === null,
      getSession,
      async ensureSession() {
        const existing = await getSession();
        if (existing) return existing;
        // Websocket callers cannot receive a new token (no response headers): they must present one.
        if (!reply) throw new AppError('UNAUTHORIZED', COPY.sessionNotFound, { reason: 'session_not_found' });
        const created = await createAnonymousSession(deps.db, { brand, ip, userAgent });
        issueSessionToken(created.token);
        sessionPromise = Promise.resolve(created);
        return created;
      },
      getAdminSession: () => {
        const token = params.adminSession || bearerTokenFrom(headers);
        return resolveSession(deps.db, { token, kind: 'admin' }).then((s) => s ?? null);
      },
      issueSessionToken,
    };
  };
}
