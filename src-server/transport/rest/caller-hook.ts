import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '#shared/app-error';
import type { AppDeps } from '../../deps';
import { isApiToken, resolveApiToken } from '../../domains/auth/api-tokens.service';
import { spend } from '../../domains/auth/rate-limit';
import { buildCaller, type Caller, type CallerInput } from '../caller';
import { bearerTokenFrom, SESSION_HEADER } from '../request-meta';
import { httpTokenHandlers } from '../session-cookie';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the REST plugin's hook for every /api request. */
    caller: Caller;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function requestedBrand(request: FastifyRequest): string | undefined {
  const query = request.query as Record<string, unknown> | undefined;
  return (
    (typeof query?.brand === 'string' ? query.brand : undefined) ?? (request.headers['x-brand'] as string | undefined)
  );
}

/** The admin part of the API: an admin bearer session only, never a personal API token. */
const ADMIN_PATH = /^\/api\/admin(?:[/?]|$)/;

/**
 * A personal API token presented as the bearer credential (and no X-Session): resolved before
 * anything else runs, so a forged, revoked or expired one is a 401 on every path (never an
 * anonymous visitor), an admin path a 403, and each use spends the token's own rate budget.
 */
async function presentedApiToken(deps: AppDeps, request: FastifyRequest): Promise<CallerInput['apiToken']> {
  const bearer = bearerTokenFrom(request.headers);
  if (!isApiToken(bearer) || request.headers[SESSION_HEADER]) return null;
  if (ADMIN_PATH.test(request.url)) {
    throw new AppError('FORBIDDEN', 'Personal API tokens are not valid for the admin API.', {
      reason: 'token_not_for_admin',
    });
  }
  const session = await resolveApiToken(deps.db, { token: bearer, ip: request.ip });
  if (!session) {
    throw new AppError('UNAUTHORIZED', 'This API token is not valid: it is unknown, revoked or expired.', {
      reason: 'token_invalid',
    });
  }
  // One budget per account, not per token: minting or rotating tokens buys no extra requests (decision 315).
  await spend(deps.db, { budget: 'apiTokenRequests', key: `user:${session.user.id}` });
  return { token: bearer, session };
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
      ...httpTokenHandlers(reply, deps),
      apiToken: await presentedApiToken(deps, request),
    });
  });
  app.addHook('preHandler', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    request.caller.adoptBodySession((request.body as { session?: unknown } | undefined)?.session);
    request.caller.assertMayWrite();
  });
}
