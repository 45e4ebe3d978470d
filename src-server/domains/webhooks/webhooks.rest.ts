import { z } from 'zod';
import { IMPORTANCE_LEVELS } from '#shared/importance';
import { idInput, WEBHOOK_FORMATS, webhookCreateInput } from '#shared/integrations';
import { restTable } from '../../transport/rest/plugin';
import type { RestCall } from '../../transport/rest/table';

const webhookDto = z.object({
  id: z.uuid(),
  url: z.string(),
  format: z.enum(WEBHOOK_FORMATS),
  minImportance: z.enum(IMPORTANCE_LEVELS).nullable(),
  createdAt: z.string(),
  enabled: z.boolean(),
  disabledAt: z.string().nullable(),
  consecutiveFailures: z.number().int(),
  lastSuccessAt: z.string().nullable(),
  lastFailureAt: z.string().nullable(),
  lastError: z.string().nullable(),
});

const DESCRIPTION = [
  'Outbound webhooks (PRO): alerts POSTed to your HTTPS endpoint with the same routing as email and texts.',
  '`json`: `{ id, type, created, brand, data: { filings } }` signed with `Filing-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, t + "." + raw body)>`;',
  '`slack`: a Slack incoming-webhook message; `discord`: a Discord webhook message.',
  'Targets must resolve to public addresses; redirects are not followed. The inbound /api/webhooks/* paths are the providers’ and unrelated.',
].join(' ');

/** Issue #31: /api/hooks (the session or a write token, PRO). */
const HOOK_CALLS: RestCall[] = [
  {
    method: 'POST',
    path: '/hooks',
    procedure: 'webhooks.create',
    tag: 'webhooks',
    summary: 'Add a webhook (the signing secret is in this answer only)',
    description: DESCRIPTION,
    body: webhookCreateInput,
    session: 'required',
    output: (result: { id: string; secret: string }) => ({ id: result.id, secret: result.secret }),
    status: () => 201,
    successStatus: 201,
    response: z.object({ id: z.uuid(), secret: z.string().describe('signs the json format; shown once') }),
    errors: [401, 403, 409, 429],
  },
  {
    method: 'GET',
    path: '/hooks',
    procedure: 'webhooks.list',
    tag: 'webhooks',
    summary: "The caller's webhooks with their delivery health (never the secret)",
    session: 'required',
    response: z.object({ hooks: z.array(webhookDto) }),
    errors: [401, 403, 429],
  },
  {
    method: 'DELETE',
    path: '/hooks/:id',
    procedure: 'webhooks.remove',
    tag: 'webhooks',
    summary: 'Remove a webhook (alerts queued for it are cancelled)',
    params: idInput,
    session: 'required',
    response: z.object({ ok: z.literal(true) }),
    errors: [401, 403, 404, 429],
  },
  {
    method: 'POST',
    path: '/hooks/:id/test',
    procedure: 'webhooks.test',
    tag: 'webhooks',
    summary: 'Send a test message now; a success turns a disabled webhook back on',
    params: idInput,
    session: 'required',
    input: ({ params }) => params,
    response: z.object({ ok: z.boolean(), status: z.number().int().nullable(), error: z.string().nullable() }),
    errors: [401, 403, 404, 429],
  },
];

export const webhooksRest = restTable(HOOK_CALLS);
