import { restTable } from '../../transport/rest/plugin';
import * as res from '../../transport/rest/response-schemas';
import { tickerSearchInput } from './tickers.schemas';

/** GET /api/tickers?q= -> [{ticker, name}] (SPEC.md section 7). */
export const tickersRest = restTable([
  {
    method: 'GET',
    path: '/tickers',
    procedure: 'tickers.search',
    tag: 'tickers',
    summary: 'Typeahead: at most 10 {ticker, name} (exact ticker, ticker prefix, then company names)',
    query: tickerSearchInput,
    response: res.tickerSearch,
  },
]);
