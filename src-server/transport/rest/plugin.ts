import type { FastifyInstance } from 'fastify';
import formbody from '@fastify/formbody';
import type { AppDeps } from '../../deps';
import { systemRest } from '../../domains/system/system.rest';
import { authRest } from '../../domains/auth/auth.rest';
import { contactsRest } from '../../domains/contacts/contacts.rest';
import { insidersRest } from '../../domains/insiders/insiders.rest';
import { latencyRest } from '../../domains/latency/latency.rest';
import { tickerPagesRest } from '../../domains/ticker-pages/ticker-pages.rest';
import { tickersRest } from '../../domains/tickers/tickers.rest';
import { watchlistRest } from '../../domains/watchlist/watchlist.rest';
import { notFound, restErrorHandler } from './errors';

/** A domain's REST routes, registered under /api. */
export type RestRoutes = (app: FastifyInstance, deps: AppDeps) => void | Promise<void>;

const ROUTES: RestRoutes[] = [systemRest, authRest, contactsRest, watchlistRest, tickersRest, tickerPagesRest, insidersRest, latencyRest];

/** The /api/* compatibility layer for scripts and older clients (SPEC.md section 7). */
export async function restPlugin(app: FastifyInstance, opts: { deps: AppDeps }) {
  await app.register(formbody, { bodyLimit: 64 * 1024 });
  app.setErrorHandler(restErrorHandler);
  app.setNotFoundHandler(notFound);
  for (const routes of ROUTES) await routes(app, opts.deps);
}
