import { expect } from 'vitest';
import type { Db } from '../db/client';
import { ADMIN_REST } from '../domains/admin/admin.rest';
import { createSession } from '../domains/auth/session.service';
import { createSignedInUser } from './users';

/**
 * An admin with a verified email, their user session and an admin bearer credential, straight in
 * the database (the sign-in itself is covered by the auth tests).
 */
export async function createAdminBearer(db: Db, { email = 'admin@example.com' }: { email?: string } = {}) {
  const signed = await createSignedInUser(db, { email, isAdmin: true });
  const { token, session } = await createSession(db, { userId: signed.user.id, kind: 'admin' });
  return { user: signed.user, session: signed.session, bearer: token, adminSessionId: session.id };
}

/**
 * Calls /api/admin/* as a script would: `Authorization: Bearer`, JSON body for POST, query for GET.
 * `origin` sends an Origin header (cross-site attempts); the answer's status and JSON come back.
 * A 200 is checked against the row's documented response schema (the OpenAPI contract of
 * /api/admin/*, so every admin test also checks the document).
 */
export async function adminApi(
  url: string,
  path: string,
  options: {
    bearer?: string | null;
    method?: 'GET' | 'POST';
    body?: unknown;
    query?: Record<string, string>;
    origin?: string;
    headers?: Record<string, string>;
  } = {},
): Promise<{ status: number; body: any }> {
  const method = options.method ?? (options.body === undefined ? 'GET' : 'POST');
  const qs = options.query ? `?${new URLSearchParams(options.query)}` : '';
  const response = await fetch(`${url}/api${path}${qs}`, {
    method,
    headers: {
      ...(options.bearer ? { authorization: `Bearer ${options.bearer}` } : {}),
      ...(method === 'POST' ? { 'content-type': 'application/json' } : {}),
      ...(options.origin ? { origin: options.origin } : {}),
      ...options.headers,
    },
    body: method === 'POST' ? JSON.stringify(options.body ?? {}) : undefined,
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: the raw text (CSV exports)
  }
  if (response.status === 200) {
    const row = ADMIN_REST.find((r) => r.method === method && `${r.path}` === path);
    if (row) {
      const parsed = row.response.safeParse(body);
      expect(
        parsed.success,
        `${method} /api${path}: answer does not match its documented schema: ${JSON.stringify(parsed.error?.issues)}`,
      ).toBe(true);
    }
  }
  return { status: response.status, body };
}
