import { z } from 'zod';
import { adminRow } from './admin-rest';

const problems = z.array(z.object({ field: z.string(), reason: z.string(), message: z.string() }));

/** REST rows of /admin/message-templates. */
export const messageTemplatesRest = [
  adminRow({
    procedure: 'admin.messageTemplates.list',
    method: 'GET',
    summary: 'Editable message templates with variables, code defaults, active version and versions',
    input: () => undefined,
    response: z.array(
      z.looseObject({
        id: z.string(),
        activeVersionId: z.number().nullable(),
        versions: z.array(z.looseObject({ id: z.number(), version: z.number() })),
      }),
    ),
  }),
  adminRow({
    procedure: 'admin.messageTemplates.preview',
    method: 'GET',
    summary: 'A template rendered for real filings (query: id, and draft subject/intro/title/text)',
    query: z.object({
      id: z.string().max(40),
      subject: z.string().max(1000).optional(),
      intro: z.string().max(1000).optional(),
      title: z.string().max(1000).optional(),
      text: z.string().max(1000).optional(),
    }),
    input: ({ query }) => {
      const { id, ...draft } = query as Record<string, string>;
      return { id, fields: Object.keys(draft).length ? draft : null };
    },
    response: z.looseObject({ channel: z.enum(['email', 'sms']), text: z.string(), problems }),
    errors: [400, 401, 403, 404],
  }),
  adminRow({
    procedure: 'admin.messageTemplates.save',
    method: 'POST',
    summary: 'Store copy as a new version and send it from now on (body: id, fields, reason?)',
    response: z.object({ id: z.string(), versionId: z.number(), version: z.number() }),
    errors: [400, 401, 403, 404],
  }),
  adminRow({
    procedure: 'admin.messageTemplates.revert',
    method: 'POST',
    summary: 'Send an earlier version again, or the code default with versionId null (body: id, versionId, reason?)',
    response: z.object({ id: z.string(), versionId: z.number().nullable() }),
    errors: [400, 401, 403, 404],
  }),
];
