import { z } from 'zod';
import { adminRow, pageQuery, pageResponse } from './admin-rest';

const feedbackItem = z.object({
  key: z.string(),
  kind: z.enum(['analysis', 'assistant']),
  id: z.number(),
  vote: z.enum(['up', 'down']),
  comment: z.string().nullable(),
  updatedAt: z.string(),
  reviewedAt: z.string().nullable(),
  reviewedBy: z.string().nullable(),
  user: z.string().nullable(),
  question: z.string().nullable(),
  text: z.string().nullable(),
  model: z.string().nullable(),
  filing: z
    .object({
      id: z.number(),
      ticker: z.string().nullable(),
      form: z.string().nullable(),
      oneLiner: z.string().nullable(),
      accessionNo: z.string().nullable(),
      link: z.string().nullable(),
    })
    .nullable(),
});

const flag = z.enum(['true', 'false']).transform((v) => v === 'true');

export const feedbackRest = [
  adminRow({
    procedure: 'admin.feedback.list',
    method: 'GET',
    summary:
      'Thumbs up/down on AI analyses and assistant answers, newest first (filters: kind, vote, reviewed, ticker, q)',
    query: z.object({
      ...pageQuery,
      kind: z.enum(['analysis', 'assistant']).optional(),
      vote: z.enum(['up', 'down']).optional(),
      reviewed: flag.optional(),
      ticker: z.string().max(20).optional(),
      q: z.string().max(200).optional(),
    }),
    response: pageResponse(feedbackItem),
  }),
  adminRow({
    procedure: 'admin.feedback.markReviewed',
    method: 'POST',
    summary: 'Mark one piece of feedback reviewed (body: kind, id, reviewed?, reason?); audited',
    response: z.object({ kind: z.enum(['analysis', 'assistant']), id: z.number(), reviewedAt: z.string().nullable() }),
    errors: [400, 401, 403, 404],
  }),
];
