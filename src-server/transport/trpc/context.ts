import type { IncomingMessage } from 'node:http';
import type { CreateFastifyContextOptions } from '@trpc/server/adapters/fastify';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { BrandId } from '#shared/brands';
import type { AppDeps } from '../../deps';
import type { AuthedSession } from '../../domains/auth/session.service';
import { buildCaller, type Caller } from '../caller';
import { httpTokenHandlers } from '../session-cookie';
import type { StreamLimits } from '../stream-limits';

/** The tRPC context: the request's Caller, plus the short names procedures have always used. */
export interface Context {
  deps: AppDeps;
  caller: Caller;
  brand: BrandId;
  ip: string | null;
  userAgent: string | null;
  /** The Host header (brand hosts decide where emailed links point). */
  host: string | undefined;
  /** The presented session, resolved once per request (null when absent or dead). */
  getSession(): Promise<AuthedSession | null>;
  /** The session, creating an anonymous one when the caller has none (HTTP writes only). */
  ensureSession(): Promise<AuthedSession & { token?: string }>;
  getAdminSession(): Promise<AuthedSession | null>;
  /** Replaces the caller's session token (login): response header and cookie. */
  issueSessionToken(token: string): void;
  /** Clears the session cookie (and header) this response carries: logout. */
  clearSessionToken(): void;
  isWebSocket: boolean;
}

function isFastifyRequest(req: FastifyRequest | IncomingMessage): req is FastifyRequest {
  return 'raw' in req;
}

export function contextOf(caller: Caller): Context {
  return {
    deps: caller.deps,
    caller,
    brand: caller.brand,
    ip: caller.ip,
    userAgent: caller.userAgent,
    host: caller.host,
    isWebSocket: caller.transport === 'ws',
    getSession: caller.session,
    ensureSession: caller.ensureSession,
    getAdminSession: caller.admin,
    issueSessionToken: caller.issueSessionToken,
    clearSessionToken: caller.clearSessionToken,
  };
}

export function makeContextFactory(deps: AppDeps, options: { streams?: StreamLimits } = {}) {
  return async function createContext(
    opts:
      | CreateFastifyContextOptions
      | { req: IncomingMessage; res: unknown; info: CreateFastifyContextOptions['info'] },
  ): Promise<Context> {
    const req = opts.req as FastifyRequest | IncomingMessage;
    if (isFastifyRequest(req)) {
      const reply = opts.res as FastifyReply;
      // HTTP: the token comes from X-Session or the cookie, never from ?connectionParams= (a URL).
      return contextOf(
        buildCaller(deps, {
          transport: 'http',
          headers: req.headers,
          ip: req.ip,
          requestedBrand: req.headers['x-brand'] as string | undefined,
          ...httpTokenHandlers(reply, deps),
          streams: options.streams,
        }),
      );
    }
    // Websocket: the session comes only from connectionParams (a cookie would let any site that
    // opens a socket to us act as the visitor); the Origin was checked on the upgrade.
    const params = opts.info.connectionParams ?? {};
    return contextOf(
      buildCaller(deps, {
        transport: 'ws',
        headers: req.headers,
        ip: req.socket.remoteAddress ?? null,
        requestedBrand: params.brand,
        connectionParams: params,
        streams: options.streams,
      }),
    );
  };
}
