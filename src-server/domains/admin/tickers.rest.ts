import { z } from 'zod';
import { adminRow, pageQuery, pageResponse } from './admin-rest';
import { adminJobDto } from './jobs.rest';

const catalogueItem = z.object({
  ticker: z.string(),
  cik: z.number(),
  name: z.string(),
  active: z.boolean(),
  watchers: z.number(),
  override: z.object({ note: z.string(), at: z.string() }).nullable(),
});
const mapping = z.object({ ticker: z.string(), cik: z.number(), name: z.string(), active: z.boolean() });

export const tickersRest = [
  adminRow({
    procedure: 'admin.tickers.catalogue',
    method: 'GET',
    summary: 'Ticker catalogue with watchers per ticker (query: q, sort=watchers|ticker)',
    query: z.object({
      ...pageQuery,
      q: z.string().max(80).optional(),
      sort: z.enum(['watchers', 'ticker']).optional(),
    }),
    response: pageResponse(catalogueItem),
  }),
  adminRow({
    procedure: 'admin.tickers.setMapping',
    method: 'POST',
    summary: 'Add or correct a ticker->CIK mapping by hand (body: ticker, cik, name, note)',
    response: mapping,
  }),
  adminRow({
    procedure: 'admin.tickers.refresh',
    method: 'POST',
    summary: "Refresh the catalogue from SEC's ticker file (a job; poll /admin/jobs/get)",
    response: adminJobDto,
  }),
];
