import { z } from 'zod';
import { adminRow, pageQuery, pageResponse } from './admin-rest';
import { adminJobDto } from './jobs.rest';

const item = z.looseObject({
  id: z.number(),
  accessionNo: z.string(),
  form: z.string(),
  importance: z.string(),
  rulesImportance: z.string().nullable(),
  reviewedAt: z.string().nullable(),
});
const review = z.object({
  importance: z.string(),
  rulesImportance: z.string().nullable(),
  reviewReason: z.string().nullable(),
});
const rescore = z.object({ id: z.number(), before: z.string(), after: z.string(), changed: z.boolean() });
const withNotFound = [400, 401, 403, 404] as const;

export const filingsRest = [
  adminRow({
    procedure: 'admin.filings.search',
    method: 'GET',
    summary: 'Filings newest first (query: ticker, form, importance, from, to as YYYY-MM-DD)',
    query: z.object({
      ...pageQuery,
      ticker: z.string().max(10).optional(),
      form: z.string().max(20).optional(),
      importance: z.enum(['CRITICAL', 'HIGH', 'MEDIUM', 'LOW']).optional(),
      from: z.string().max(10).optional(),
      to: z.string().max(10).optional(),
    }),
    response: pageResponse(item),
  }),
  adminRow({
    procedure: 'admin.filings.get',
    method: 'GET',
    summary: "A filing's parsed facts, rules, score and review (query: id)",
    query: z.object({ id: z.coerce.number().int().positive() }),
    response: z.looseObject({ id: z.number(), facts: z.unknown(), reasons: z.array(z.string()) }),
    errors: [...withNotFound],
  }),
  adminRow({
    procedure: 'admin.filings.review',
    method: 'POST',
    summary: 'Set the importance by hand (body: id, importance, reason required); users see "reviewed"',
    response: review,
    errors: [...withNotFound],
  }),
  adminRow({
    procedure: 'admin.filings.clearReview',
    method: 'POST',
    summary: "Drop a review: the rules' importance applies again (body: id)",
    response: review,
    errors: [400, 401, 403, 404, 409],
  }),
  adminRow({
    procedure: 'admin.filings.rescore',
    method: 'POST',
    summary: "Rescore one filing with today's rules (body: id)",
    response: rescore,
    errors: [...withNotFound],
  }),
  adminRow({
    procedure: 'admin.filings.rescoreRange',
    method: 'POST',
    summary:
      'Rescore filings filed in a range of days (body: from, to, form?, refetch?: fetch each from EDGAR again first; a job)',
    response: adminJobDto,
  }),
  adminRow({
    procedure: 'admin.filings.reingest',
    method: 'POST',
    summary: 'Fetch the filing from EDGAR again, parse and rescore it (body: id)',
    response: rescore,
    errors: [400, 401, 403, 404, 409, 503],
  }),
];
