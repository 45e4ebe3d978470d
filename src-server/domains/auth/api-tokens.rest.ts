import { z } from 'zod';
import { API_TOKEN_SCOPES, apiTokenCreateInput, idInput } from '#shared/integrations';
import { restTable } from '../../transport/rest/plugin';
import type { RestCall } from '../../transport/rest/table';

const apiTokenDto = z.object({
  id: z.uuid(),
  name: z.string(),
  scope: z.enum(API_TOKEN_SCOPES),
  prefix: z.string().describe('the first characters of the token'),
  createdAt: z.string(),
  expiresAt: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});

const DESCRIPTION =
  'Personal API tokens: `Authorization: Bearer fa_pat_...` on any /api path (not /api/admin). A read token may only GET; a write token may also change things. Shown once, stored hashed.';

/** Issue #31: POST/GET /api/tokens, DELETE /api/tokens/:id (the session or a write token). */
const TOKEN_CALLS: RestCall[] = [
  {
    method: 'POST',
    path: '/tokens',
    procedure: 'apiTokens.create',
    tag: 'tokens',
    summary: 'Create a personal API token (the token is in this answer only)',
    description: DESCRIPTION,
    body: apiTokenCreateInput,
    session: 'required',
    output: (result: { id: string; token: string }) => ({ id: result.id, token: result.token }),
    status: () => 201,
    successStatus: 201,
    response: z.object({ id: z.uuid(), token: z.string().describe('fa_pat_...: shown once, never again') }),
    errors: [401, 403, 409, 429],
  },
  {
    method: 'GET',
    path: '/tokens',
    procedure: 'apiTokens.list',
    tag: 'tokens',
    summary: "The caller's tokens with their last use (never the token itself)",
    session: 'required',
    response: z.object({ tokens: z.array(apiTokenDto) }),
    errors: [401, 429],
  },
  {
    method: 'DELETE',
    path: '/tokens/:id',
    procedure: 'apiTokens.revoke',
    tag: 'tokens',
    summary: 'Revoke a token at once',
    params: idInput,
    session: 'required',
    response: z.object({ ok: z.literal(true) }),
    errors: [401, 403, 404, 429],
  },
];

export const apiTokensRest = restTable(TOKEN_CALLS);
