import type { RestRoutes } from '../../transport/rest/plugin';
import { requestBrand } from '../../transport/rest/brand';
import { ensureRestSession, requireRestSession } from '../../transport/rest/session';
import { parseInput } from '../../transport/rest/validate';
import { pickEncoding } from '../../transport/rest/accept-encoding';
import { sessionTokenFrom } from '../../transport/request-meta';
import { tickerCatalogue } from '../tickers/ticker-catalogue';
import { readWatchlistForToken } from './watchlist-read.service';
import { subscribeInput, tickerInput } from './watchlist.schemas';
import { addTickers, parseSubscription, removeTicker } from './watchlist.service';

/** SPEC.md section 7: GET /api/watchlist, POST /api/subscribe, POST /api/unsubscribe. */
export const watchlistRest: RestRoutes = (app, deps) => {
  app.get('/watchlist', async (request, reply) => {
    const { body, encoding } = await readWatchlistForToken(deps, {
      token: sessionTokenFrom(request.headers),
      encoding: pickEncoding(request.headers['accept-encoding']),
    });
    reply.header('vary', 'Accept-Encoding').type('application/json; charset=utf-8');
    if (encoding !== 'identity') reply.header('content-encoding', encoding);
    return reply.send(body);
  });

  app.post('/subscribe', async (request, reply) => {
    const input = parseInput(subscribeInput, request.body);
    // Input problems answer before a visitor's anonymous session is created.
    const subscription = parseSubscription(await tickerCatalogue(deps).get(), input);
    const session = await ensureRestSession(deps, request, reply);
    const result = await addTickers(deps.db, { userId: session.user.id, brand: requestBrand(deps, request), subscription });
    return { ...result, session: session.token ?? null };
  });

  app.post('/unsubscribe', async (request) => {
    const { ticker } = parseInput(tickerInput, request.body);
    const session = await requireRestSession(deps, request);
    return removeTicker(deps.db, { userId: session.user.id, index: await tickerCatalogue(deps).get(), ticker });
  });
};
