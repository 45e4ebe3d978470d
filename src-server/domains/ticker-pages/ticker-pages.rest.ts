import { restTable } from '../../transport/rest/plugin';
import * as res from '../../transport/rest/response-schemas';
import type { RestCall, RestParts } from '../../transport/rest/table';
import {
  restChartQuery,
  restFeedbackBody,
  restFilingParams,
  restFilingsQuery,
  restFiltersQuery,
  restTickerParams,
} from './ticker-pages.schemas';

/** REST names the lists in the singular (`form=8-K,4`); the procedures take `forms` / `importance`. */
const filtersOf = ({ params, query }: RestParts) => ({
  ticker: params.ticker,
  forms: query.form,
  importance: query.importance,
});

/**
 * Ticker pages for scripts, over the tickerPages.* procedures (snake_case bodies):
 * GET /api/ticker/:ticker?form=8-K,4&importance=HIGH,CRITICAL, GET /api/ticker/:ticker/filings?cursor=,
 * GET /api/ticker/:ticker/chart?range=1Y, GET /api/public/ticker/:ticker,
 * POST /api/filings/:id/analysis-feedback {vote: 'up'|'down'|null, comment?} (PRO).
 */
const TICKER_PAGE_CALLS: RestCall[] = [
  {
    method: 'GET',
    path: '/ticker/:ticker',
    procedure: 'tickerPages.get',
    tag: 'ticker pages',
    summary: "Company, quote line, facets and the first 50 filings; marks the caller's filings of the company seen",
    params: restTickerParams,
    query: restFiltersQuery,
    input: filtersOf,
    response: res.tickerPage,
    errors: [404],
  },
  {
    method: 'GET',
    path: '/ticker/:ticker/filings',
    procedure: 'tickerPages.filings',
    tag: 'ticker pages',
    summary: 'The next page of filings (cursor from the previous page), same filters',
    params: restTickerParams,
    query: restFilingsQuery,
    input: (parts) => ({ ...filtersOf(parts), cursor: parts.query.cursor, newSince: parts.query.new_since }),
    response: res.filingsPage,
    errors: [404],
  },
  {
    method: 'GET',
    path: '/ticker/:ticker/chart',
    procedure: 'tickerPages.chart',
    tag: 'ticker pages',
    summary: 'Daily (weekly past 1,300 points) closes with filing markers',
    params: restTickerParams,
    query: restChartQuery,
    input: (parts) => ({ ...filtersOf(parts), range: parts.query.range }),
    response: res.tickerChart,
    errors: [404],
  },
  {
    method: 'GET',
    path: '/public/ticker/:ticker',
    procedure: 'tickerPages.public',
    tag: 'ticker pages',
    summary: 'No login: company, quote line and the latest 20 filings',
    params: restTickerParams,
    input: ({ params }) => ({ ticker: params.ticker }),
    response: res.publicTickerPage,
    errors: [404],
  },
  {
    method: 'POST',
    path: '/filings/:id/analysis-feedback',
    procedure: 'tickerPages.analysisFeedback',
    tag: 'ticker pages',
    summary: "PRO: thumbs up/down (null clears) on a filing's AI analysis",
    params: restFilingParams,
    body: restFeedbackBody,
    session: 'required',
    input: ({ params, body }) => ({ filingId: params.id, vote: body.vote, comment: body.comment }),
    response: res.feedbackResult,
    errors: [401, 402, 403, 404],
  },
];

export const tickerPagesRest = restTable(TICKER_PAGE_CALLS);
