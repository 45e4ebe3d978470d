import { z } from 'zod';
import { adminRow, pageQuery, pageResponse } from './admin-rest';

export const adminJobDto = z.looseObject({
  id: z.number(),
  kind: z.string(),
  status: z.enum(['queued', 'running', 'done', 'failed']),
  total: z.number().nullable(),
  done: z.number(),
  changed: z.number(),
});

export const jobsRest = [
  adminRow({
    procedure: 'admin.jobs.get',
    method: 'GET',
    summary: 'One admin job: status, done of total, changed, result or error (query: id)',
    query: z.object({ id: z.coerce.number().int().positive() }),
    response: adminJobDto,
    errors: [400, 401, 403, 404],
  }),
  adminRow({
    procedure: 'admin.jobs.list',
    method: 'GET',
    summary: 'Admin jobs newest first (query: kind)',
    query: z.object({ ...pageQuery, kind: z.string().max(40).optional() }),
    response: pageResponse(adminJobDto),
  }),
];
