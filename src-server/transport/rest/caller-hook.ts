import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../deps';
import { buildCaller, type Caller } from '../caller';
import { SESSION_HEADER } from '../request-meta';
import { setSessionCookie } from '../session-cookie';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the REST plugin's hook for every /api request. */
    caller: Caller;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function requestedBrand(request: FastifyRequest): string | undefined {
  const query = request.query as Record<string, unknown> | undefined;
  return (typeof query?.brand === 'string' ? query.brand : undefined) ?? (request.headers['x-brand'] as string | undefined);
}

/**
 * The REST side of the Caller: one per request (onRequest), and the origin rule before any
 * state-changing handler runs (preHandler, once a body's `session` is known).
 */
export function registerCallerHook(app: FastifyInstance, deps: AppDeps): void {
  app.decorateRequest('caller', null as unknown as Caller);
  app.addHook('onRequest', async (request, reply) => {
    request.caller = buildCaller(deps, {
      transport: 'http',
      headers: request.headers,
      ip: request.ip,
      requestedBrand: requestedBrand(request),
      issueToken(token) {
        reply.header(SESSION_HEADER, token);
        setSessionCookie(reply, token, deps);
      },
    });
  });
  app.addHook('preHandler', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    request.caller.useBodySession((request.body as { session?: unknown } | undefined)?.session);
    request.caller.assertMayWrite();
  });
}
