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

const securityItem = z.object({
  id: z.number(),
  kind: z.string(),
  userId: z.string().nullable(),
  subject: z.string().nullable(),
  detail: z.unknown(),
  ip: z.string().nullable(),
  createdAt: z.string(),
});
const when = { from: z.string().max(40).optional(), to: z.string().max(40).optional() };
const auditQuery = {
  action: z.string().max(80).optional(),
  targetType: z.string().max(40).optional(),
  targetId: z.string().max(100).optional(),
  adminUserId: z.string().max(40).optional(),
  ...when,
};
const securityQuery = {
  kind: z.string().max(40).optional(),
  subject: z.string().max(200).optional(),
  ip: z.string().max(64).optional(),
  ...when,
};

export const activityRest = [
  adminRow({
    procedure: 'admin.activity.audit',
    method: 'GET',
    summary: 'The admin audit log, newest first (filters: action, targetType, targetId, adminUserId, from, to)',
    query: z.object({ ...pageQuery, ...auditQuery }),
    response: pageResponse(auditItem),
  }),
  adminRow({
    procedure: 'admin.activity.security',
    method: 'GET',
    summary:
      'Security events, newest first: sign_in, code_failed, rate_limited, webhook_signature_failed (filters: kind, subject, ip, from, to)',
    query: z.object({ ...pageQuery, ...securityQuery }),
    response: pageResponse(securityItem),
  }),
  adminRow({
    procedure: 'admin.activity.exportCsv',
    method: 'GET',
    summary: 'The audit log (log=audit) or security events (log=security) as CSV, newest 10,000, with the same filters',
    query: z.object({ log: z.enum(['audit', 'security']), ...auditQuery, ...securityQuery }),
    output: (result: { filename: string; csv: string }, { reply }) => {
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${result.filename}"`);
      return result.csv;
    },
    response: z.string().describe('text/csv'),
  }),
];
