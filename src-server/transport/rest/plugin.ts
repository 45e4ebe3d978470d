import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { systemRest } from '../../domains/system/system.rest';
import { adminRest } from '../../domains/admin/admin.rest';
import { assistantRest } from '../../domains/assistant/assistant.rest';
import { authRest } from '../../domains/auth/auth.rest';
import { billingRest } from '../../domains/billing/billing.rest';
import { contactsRest } from '../../domains/contacts/contacts.rest';
import { insidersRest } from '../../domains/insiders/insiders.rest';
import { latencyRest } from '../../domains/latency/latency.rest';
import { threadsRest } from '../../domains/threads/threads.rest';
import { tickerPagesRest } from '../../domains/ticker-pages/ticker-pages.rest';
import { tickersRest } from '../../domains/tickers/tickers.rest';
import { watchlistRest } from '../../domains/watchlist/watchlist.rest';
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

const ROUTES: RestRoutes[] = [systemRest, authRest, contactsRest, watchlistRest, tickersRest, tickerPagesRest, threadsRest, insidersRest, assistantRest, billingRest, latencyRest, adminRest];

/** The /api/* compatibility layer for scripts and older clients (SPEC.md section 7), and its OpenAPI document. */
export async function restPlugin(app: FastifyInstance, opts: { deps: AppDeps; scope: RestScope }) {
  // JSON only: form and text/plain bodies are what a cross-site <form> can send without asking.
  // (Twilio's form-encoded webhook has its own scope, transport/webhooks/twilio.ts.)
  app.removeContentTypeParser('text/plain');
  registerCallerHook(app, opts.deps);
  app.setErrorHandler(restErrorHandler);
  app.setNotFoundHandler(notFound);
  const document = openApiRoutes(app, opts.deps);
  for (const routes of ROUTES) await routes(app, opts.deps, opts.scope);
  document.register();
}
