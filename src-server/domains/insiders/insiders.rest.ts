import { z } from 'zod';
import { text } from '#shared/input';
import { restTable } from '../../transport/rest/plugin';
import * as res from '../../transport/rest/response-schemas';
import { nameInput } from './insiders.schemas';

const cikParams = z.object({ cik: text().regex(/^\d{1,10}$/, 'cik must be 1 to 10 digits') });

/** GET /api/insider/cik/:cik and GET /api/insider/by-name/:name (URL-encoded), as insiders.byCik / byName. */
export const insidersRest = restTable([
  {
    method: 'GET',
    path: '/insider/cik/:cik',
    procedure: 'insiders.byCik',
    tag: 'insiders',
    summary: 'The profile of one reporting owner (companies, totals, holdings, every transaction)',
    params: cikParams,
    input: ({ params }) => ({ cik: params.cik }),
    response: res.insiderLookup.options[0].shape.profile,
    errors: [404],
  },
  {
    method: 'GET',
    path: '/insider/by-name/:name',
    procedure: 'insiders.byName',
    tag: 'insiders',
    summary: 'A profile for one person, or the choices when several share the name',
    params: nameInput,
    input: ({ params }) => ({ name: params.name }),
    response: res.insiderLookup,
    errors: [404],
  },
]);
