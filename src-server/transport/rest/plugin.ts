import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { registerCallerHook } from './caller-hook';
import { notFound, restErrorHandler } from './errors';
import { openApiRoutes } from './openapi';
import { registerRestTable, type RestCall, type RestScope } from './table';

/**
 * A domain's REST routes, registered under /api: table rows over its procedures (`restTable`)
 * and, where the call is not RPC-shaped, hand-written routes documented with
 * `{ config: { openapi: {...} } }` (see openapi-route.ts). The OpenAPI test names any route
 * registered without a document entry.
 */
export type RestRoutes = (app: FastifyInstance, deps: AppDeps, scope: RestScope) => void | Promise<void>;

/** Routes from table rows, plus optional hand-written ones. */
export function restTable(calls: RestCall[], handWritten?: RestRoutes): RestRoutes {
  return async (app, deps, scope) => {
    registerRestTable(app, scope, calls);
    await handWritten?.(app, deps, scope);
  };
}

/**
 * The /api/* compatibility layer for scripts and older clients (SPEC.md section 7), and its
 * OpenAPI document. The domains' route lists come from the app's entry (src-server/rest-routes.ts).
 */
export async function restPlugin(
  app: FastifyInstance,
  opts: { deps: AppDeps; scope: RestScope; routes: readonly RestRoutes[] },
) {
  // JSON only: form and text/plain bodies are what a cross-site <form> can send without asking.
  // (Twilio's form-encoded webhook has its own scope, transport/webhooks/twilio.ts.)
  app.removeContentTypeParser('text/plain');
  registerCallerHook(app, opts.deps);
  app.setErrorHandler(restErrorHandler);
  app.setNotFoundHandler(notFound);
  const document = openApiRoutes(app, opts.deps);
  for (const routes of opts.routes) await routes(app, opts.deps, opts.scope);
  document.register();
}
