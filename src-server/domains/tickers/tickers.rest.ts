import type { RestRoutes } from '../../transport/rest/plugin';
import { parseInput } from '../../transport/rest/validate';
import { tickerCatalogue } from './ticker-catalogue';
import { tickerSearchInput } from './tickers.schemas';
import { searchTickers } from './tickers.service';

/** GET /api/tickers?q= -> [{ticker, name}] (SPEC.md section 7). */
export const tickersRest: RestRoutes = (app, deps) => {
  app.get('/tickers', async (request) => {
    const { q } = parseInput(tickerSearchInput, request.query);
    return searchTickers(await tickerCatalogue(deps).get(), { q });
  });
};
