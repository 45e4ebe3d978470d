import { z } from 'zod';
import { adminRow, pageQuery, pageResponse } from './admin-rest';
import { DUPLICATE_KINDS } from './duplicates.repo';

const finding = z.object({
  kind: z.enum(DUPLICATE_KINDS),
  key: z.string(),
  shared: z.string(),
  members: z.array(z.object({ id: z.string(), label: z.string() })),
});

export const duplicatesRest = [
  adminRow({
    procedure: 'admin.duplicates.list',
    method: 'GET',
    summary:
      'Open duplicate findings: share classes, moved tickers, insiders under two CIKs, shared contacts (query: kind)',
    query: z.object({ ...pageQuery, kind: z.enum(DUPLICATE_KINDS).optional() }),
    response: pageResponse(finding),
  }),
  adminRow({
    procedure: 'admin.duplicates.markNotDuplicate',
    method: 'POST',
    summary: 'Mark a finding "not a duplicate"; it stops appearing (body: kind, key, reason)',
    response: z.object({ kind: z.string(), key: z.string(), decision: z.literal('not_duplicate') }),
    errors: [400, 401, 403, 404],
  }),
];
