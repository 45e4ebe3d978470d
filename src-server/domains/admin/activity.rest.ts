import { z } from 'zod';
import { adminRow, pageQuery, pageResponse } from './admin-rest';

const auditItem = z.object({
  id: z.number(),
  adminUserId: z.string(),
  adminEmail: z.string().nullable(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  reason: z.string().nullable(),
  ip: z.string().nullable(),
  createdAt: z.string(),
});

export const activityRest = [
  adminRow({
    procedure: 'admin.activity.audit',
    method: 'GET',
    summary: 'The admin audit log, newest first (filters: action, targetType, targetId, adminUserId, from, to)',
    query: z
      .object({
        ...pageQuery,
        action: z.string().max(80).optional(),
        targetType: z.string().max(40).optional(),
        targetId: z.string().max(100).optional(),
        adminUserId: z.string().max(40).optional(),
        from: z.string().max(40).optional(),
        to: z.string().max(40).optional(),
      }),
    response: pageResponse(auditItem),
  }),
];
