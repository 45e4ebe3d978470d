import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { isPro } from '../../core/plans';
import type { AppDeps } from '../../deps';
import type { RestRoutes } from '../../transport/rest/plugin';
import { requireRestSession } from '../../transport/rest/session';
import { parseInput } from '../../transport/rest/validate';
import { sessionTokenFrom } from '../../transport/request-meta';
import { assertPro, resolveSession } from '../auth/session.service';
import { tickerCatalogue } from '../tickers/ticker-catalogue';
import { getTickerChart } from './chart.service';
import { setAnalysisFeedback } from './feedback.service';
import { getPublicTickerPage } from './public-page.service';
import { restChartQuery, restFeedbackBody, restFilingParams, restFilingsQuery, restFiltersQuery, restTickerParams } from './ticker-pages.schemas';
import { getTickerFilings, getTickerPage, type Viewer } from './ticker-pages.service';

async function viewerOf(deps: AppDeps, request: FastifyRequest): Promise<Viewer> {
  const session = await resolveSession(deps.db, { token: sessionTokenFrom(request.headers) });
  return { userId: session?.user.id ?? null, pro: isPro(session?.user) };
}

/** REST names the lists in the singular (`form=8-K,4`); the services take the tRPC filter shape. */
function filterOf(query: z.output<typeof restFiltersQuery>) {
  return { forms: query.form, importance: query.importance };
}

/**
 * Ticker pages for scripts, mirroring the tickerPages.* procedures (snake_case bodies):
 * GET /api/ticker/:ticker?form=8-K,4&importance=HIGH,CRITICAL, GET /api/ticker/:ticker/filings?cursor=,
 * GET /api/ticker/:ticker/chart?range=1Y, GET /api/public/ticker/:ticker,
 * POST /api/filings/:id/analysis-feedback {vote: 'up'|'down'|null, comment?} (PRO).
 */
export const tickerPagesRest: RestRoutes = (app, deps) => {
  app.get('/ticker/:ticker', async (request) => {
    const { ticker } = parseInput(restTickerParams, request.params);
    const query = parseInput(restFiltersQuery, request.query);
    return getTickerPage(deps.db, {
      index: await tickerCatalogue(deps).get(),
      quotes: deps.quotes,
      ticker,
      viewer: await viewerOf(deps, request),
      aiAvailable: Boolean(deps.llm),
      filter: filterOf(query),
    });
  });

  app.get('/ticker/:ticker/filings', async (request) => {
    const { ticker } = parseInput(restTickerParams, request.params);
    const query = parseInput(restFilingsQuery, request.query);
    return getTickerFilings(deps.db, {
      index: await tickerCatalogue(deps).get(),
      ticker,
      viewer: await viewerOf(deps, request),
      filter: filterOf(query),
      cursor: query.cursor ?? null,
      newSince: query.new_since ?? null,
    });
  });

  app.get('/ticker/:ticker/chart', async (request) => {
    const { ticker } = parseInput(restTickerParams, request.params);
    const query = parseInput(restChartQuery, request.query);
    return getTickerChart(deps.db, {
      index: await tickerCatalogue(deps).get(),
      ticker,
      range: query.range,
      filter: filterOf(query),
    });
  });

  app.get('/public/ticker/:ticker', async (request) => {
    const { ticker } = parseInput(restTickerParams, request.params);
    return getPublicTickerPage(deps.db, { index: await tickerCatalogue(deps).get(), quotes: deps.quotes, ticker });
  });

  app.post('/filings/:id/analysis-feedback', async (request) => {
    const { id } = parseInput(restFilingParams, request.params);
    const body = parseInput(restFeedbackBody, request.body);
    const session = await requireRestSession(deps, request);
    assertPro(session.user);
    return setAnalysisFeedback(deps.db, { userId: session.user.id, filingId: id, vote: body.vote, comment: body.comment });
  });
};
