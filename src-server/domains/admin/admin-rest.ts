import { z } from 'zod';
import type { RestCall } from '../../transport/rest/table';

/**
 * One admin REST row (the table of transport/rest/table.ts, decision 072), with the admin
 * defaults filled in: tag `admin`, bearer auth, 400/401/403 documented, and the path derived from
 * the procedure (`admin.users.setLimitOverride` -> `/admin/users/set-limit-override`), so a
 * script finds a procedure's REST call without a lookup.
 *
 * GET rows take their input from the query string: declare `query` with z.coerce for numbers and
 * booleans. POST rows take the JSON body as the procedure's input (reason included).
 */
export function adminRow(row: {
  procedure: `admin.${string}`;
  method: 'GET' | 'POST';
  summary: string;
  response: z.ZodType;
  query?: z.ZodType;
  description?: string;
  input?: RestCall['input'];
  errors?: RestCall['errors'];
  output?: RestCall['output'];
}): RestCall {
  return {
    method: row.method,
    path: adminRestPath(row.procedure),
    procedure: row.procedure,
    tag: 'admin',
    auth: 'admin',
    summary: row.summary,
    description: row.description,
    query: row.query,
    input: row.input ?? (row.method === 'GET' ? ({ query }) => query : undefined),
    response: row.response,
    output: row.output,
    errors: row.errors ?? [400, 401, 403],
  };
}

const kebab = (segment: string) => segment.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/** `admin.users.setLimitOverride` -> `/admin/users/set-limit-override` (under /api). */
export function adminRestPath(procedure: string): string {
  return `/${procedure.split('.').map(kebab).join('/')}`;
}

/** An admin list page as REST documents it (items stay open: each section's rows differ). */
export const pageResponse = (item: z.ZodType = z.looseObject({})) =>
  z.object({ items: z.array(item), nextCursor: z.string().nullable() });

/** Query-string paging for GET rows (z.coerce: the query string carries text). */
export const pageQuery = {
  limit: z.coerce.number().int().min(1).max(200).optional(),
  cursor: z.string().max(300).optional(),
};
