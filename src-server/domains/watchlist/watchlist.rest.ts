import type { RestRoutes } from '../../transport/rest/plugin';
import { restTable } from '../../transport/rest/plugin';
import { pickEncoding } from '../../transport/rest/accept-encoding';
import * as res from '../../transport/rest/response-schemas';
import type { RestCall } from '../../transport/rest/table';
import { sessionTokenFrom } from '../../transport/request-meta';
import { readWatchlistForToken, readWatchlistForUser } from './watchlist-read.service';
import { subscribeInput, tickerInput } from './watchlist.schemas';

/** SPEC.md section 7: POST /api/subscribe, POST /api/unsubscribe (GET /api/watchlist below). */
const WATCHLIST_CALLS: RestCall[] = [
  {
    method: 'POST',
    path: '/subscribe',
    procedure: 'watchlist.subscribe',
    tag: 'watchlist',
    summary:
      'Add or update tickers (comma-joined text or lists) with the forms to follow; creates an anonymous session when none is sent',
    body: subscribeInput,
    // A session that is presented must be alive; without one, the procedure creates one.
    session: 'alive',
    output: async (result: object, { ctx }) => {
      const session = await ctx.getSession();
      return { ...result, session: session && 'token' in session ? (session.token as string) : null };
    },
    response: res.subscribeResult,
    errors: [401, 403],
  },
  {
    method: 'POST',
    path: '/unsubscribe',
    procedure: 'watchlist.unsubscribe',
    tag: 'watchlist',
    summary: 'Remove a ticker from the watchlist',
    body: tickerInput,
    session: 'required',
    response: res.unsubscribeResult,
    errors: [401, 404],
  },
];

/** GET /api/watchlist answers pre-compressed bodies from the watchlist body cache: hand-written. */
const watchlistRead: RestRoutes = (app, deps) => {
  app.get(
    '/watchlist',
    {
      config: {
        openapi: {
          summary:
            "The caller's watchlist with quotes and recent filings (br/gzip per Accept-Encoding); an empty list without a session",
          tag: 'watchlist',
          auth: 'session',
          responses: { 200: { description: 'OK', schema: res.watchlistResponse } },
        },
      },
    },
    async (request, reply) => {
      const encoding_ = pickEncoding(request.headers['accept-encoding']);
      // A personal API token was resolved by the REST hook; a session goes through the batched lookup.
      const { body, encoding } =
        request.caller.credential?.source === 'token'
          ? await readWatchlistForUser(deps, {
              user: (await request.caller.session())?.user ?? null,
              encoding: encoding_,
            })
          : await readWatchlistForToken(deps, { token: sessionTokenFrom(request.headers), encoding: encoding_ });
      reply.header('vary', 'Accept-Encoding').type('application/json; charset=utf-8');
      if (encoding !== 'identity') reply.header('content-encoding', encoding);
      return reply.send(body);
    },
  );
};

export const watchlistRest = restTable(WATCHLIST_CALLS, watchlistRead);
