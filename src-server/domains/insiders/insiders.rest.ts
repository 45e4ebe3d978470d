import { z } from 'zod';
import { text } from '../../core/input';
import type { RestRoutes } from '../../transport/rest/plugin';
import { parseInput } from '../../transport/rest/validate';
import { cikInput, nameInput } from './insiders.schemas';
import { getInsiderByCik, getInsiderByName } from './insiders.service';

const cikParams = z.object({ cik: text().regex(/^\d{1,10}$/, 'cik must be 1 to 10 digits') });

/** GET /api/insider/cik/:cik and GET /api/insider/by-name/:name (URL-encoded), as insiders.byCik / byName. */
export const insidersRest: RestRoutes = (app, deps) => {
  app.get('/insider/cik/:cik', async (request) => {
    const { cik } = parseInput(cikParams, request.params);
    return getInsiderByCik(deps.db, parseInput(cikInput, { cik }));
  });
  app.get('/insider/by-name/:name', async (request) => getInsiderByName(deps.db, parseInput(nameInput, request.params)));
};
