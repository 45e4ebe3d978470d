import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { systemRest } from '../../domains/system/system.rest';
import { authRest } from '../../domains/auth/auth.rest';
import { contactsRest } from '../../domains/contacts/contacts.rest';
import { insidersRest } from '../../domains/insiders/insiders.rest';
import { tickerPagesRest } from '../../domains/ticker-pages/ticker-pages.rest';
import { tickersRest } from '../../domains/tickers/tickers.rest';
import { watchlistRest } from '../../domains/watchlist/watchlist.rest';
import { registerCallerHook } from './caller-hook';
import { notFound, restErrorHandler } from './errors';

/** A domain's REST routes, registered under /api. */
export type RestRoutes = (app: FastifyInstance, deps: AppDeps) => void | Promise<void>;

const ROUTES: RestRoutes[] = [systemRest, authRest, contactsRest, watchlistRest, tickersRest, tickerPagesRest, insidersRest];

/** The /api/* compatibility layer for scripts and older clients (SPEC.md section 7). */
export async function restPlugin(app: FastifyInstance, opts: { deps: AppDeps }) {
  // JSON only: form and text/plain bodies are what a cross-site <form> can send without asking.
  // (Twilio's form-encoded webhook is its own plugin, transport/webhooks/twilio.ts.)
  app.removeContentTypeParser('text/plain');
  registerCallerHook(app, opts.deps);
  app.setErrorHandler(restErrorHandler);
  app.setNotFoundHandler(notFound);
  for (const routes of ROUTES) await routes(app, opts.deps);
}
