import { z } from 'zod';
import { adminRow, pageQuery, pageResponse } from './admin-rest';

const insider = z.object({
  cik: z.number(),
  name: z.string(),
  display_name: z.string().nullable(),
  merged_into_cik: z.number().nullable(),
  merged_from: z.array(z.number()),
  filed_names: z.array(z.string()),
  companies: z.array(z.string()).nullable(),
  roles: z.array(z.string()).nullable(),
  filings: z.number(),
  last_filed_at: z.string(),
});

export const insidersRest = [
  adminRow({
    procedure: 'admin.insiders.list',
    method: 'GET',
    summary: 'Insider profiles by CIK: filed names, companies, roles, merges (query: q)',
    query: z.object({ ...pageQuery, q: z.string().max(200).optional() }),
    response: pageResponse(insider),
  }),
  adminRow({
    procedure: 'admin.insiders.setDisplayName',
    method: 'POST',
    summary: 'Set the name users see for an insider, null to clear (body: cik, displayName)',
    response: insider,
    errors: [400, 401, 403, 404],
  }),
  adminRow({
    procedure: 'admin.insiders.merge',
    method: 'POST',
    summary:
      'Merge one insider profile into another; the old URL opens the merged one (body: fromCik, intoCik, reason)',
    response: insider,
    errors: [400, 401, 403, 404, 409],
  }),
];
