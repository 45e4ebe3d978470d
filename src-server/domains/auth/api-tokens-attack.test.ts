/**
 * An attacker's review of personal API tokens (issue #31 review): minting more tokens does not
 * buy more requests, and a token is not a credential on /trpc (tRPC over HTTP).
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MAX_API_TOKENS } from '#shared/integrations';
import { startTestApp } from '../../test/app';
import { createSignedInUser } from '../../test/users';
import { SESSION_COOKIE } from '../../transport/request-meta';

const { url, deps } = await startTestApp();
const db = deps.db;
type Json = Record<string, unknown>;

async function call(method: string, path: string, options: { token?: string; session?: string; body?: unknown } = {}) {
  const response = await fetch(`${url}${path}`, {
    method,
    headers: {
      ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.session ? { 'x-session': options.session } : {}),
    },
    body: options.body !== undefined ? JSON.stringify(options.body) : undefined,
  });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as Json) : {} };
}

async function newToken(session: string, scope: 'read' | 'write') {
  const r = await call('POST', '/api/tokens', { session, body: { name: `${scope} ${Math.random()}`, scope } });
  expect(r.status).toBe(201);
  return r.body as { id: string; token: string };
}

describe('personal API tokens under attack', () => {
  it(`stay at ${MAX_API_TOKENS} when the creates are sent all at once`, async () => {
    const { user, session } = await createSignedInUser(db, { email: 'token-burst@example.com' });
    const tries = MAX_API_TOKENS + 10;
    const results = await Promise.all(
      Array.from({ length: tries }, (_, i) =>
        call('POST', '/api/tokens', { session, body: { name: `burst ${i}`, scope: 'read' } }),
      ),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(MAX_API_TOKENS);
    expect(results.filter((r) => r.status === 409)).toHaveLength(tries - MAX_API_TOKENS);
    const [row] = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from api_tokens where user_id = ${user.id}`,
    );
    expect(row!.n).toBe(MAX_API_TOKENS);
  });

  it('share one rate budget per account: a second token does not get a fresh one', async () => {
    const { user, session } = await createSignedInUser(db, { email: 'many-tokens@example.com' });
    const first = await newToken(session, 'read');
    const second = await newToken(session, 'read');
    // 299 requests already spent by this account's tokens (the budget's own key), then one more by the first token.
    await db.execute(sql`insert into rate_limit_hits (bucket, key)
      select 'apiTokenRequests', ${`user:${user.id}`} from generate_series(1, 299)`);
    expect((await call('GET', '/api/tokens', { token: first.token })).status).toBe(200);
    expect((await call('GET', '/api/tokens', { token: second.token })).status).toBe(429);
    // The browser's session is not limited by its scripts' budget.
    expect((await call('GET', '/api/tokens', { session })).status).toBe(200);
  });

  it('are not a credential on /trpc over HTTP: a write token cannot make a token there', async () => {
    const { session } = await createSignedInUser(db, { email: 'trpc-token@example.com' });
    const write = await newToken(session, 'write');
    const before = await db.execute(sql`select count(*)::int as n from api_tokens`);
    const r = await call('POST', '/trpc/apiTokens.create', {
      token: write.token,
      body: { name: 'via trpc', scope: 'write' },
    });
    expect(r.status).toBe(401);
    expect(await db.execute(sql`select count(*)::int as n from api_tokens`)).toEqual(before);
    const list = await call('GET', '/trpc/apiTokens.list', { token: write.token });
    expect(list.status).toBe(401);
  });

  it('of a deleted account stop working at once', async () => {
    const { user, session } = await createSignedInUser(db, { email: 'gone@example.com' });
    const write = await newToken(session, 'write');
    await db.execute(sql`delete from users where id = ${user.id}`);
    expect((await call('GET', '/api/tokens', { token: write.token })).status).toBe(401);
  });

  it('cannot be created cross-site with the browser cookie, nor by a cookie without an Origin', async () => {
    const { session } = await createSignedInUser(db, { email: 'csrf-token@example.com' });
    const attempts: Record<string, string>[] = [
      { origin: 'https://evil.example' },
      { 'sec-fetch-site': 'cross-site' },
      {},
    ];
    for (const headers of attempts) {
      const response = await fetch(`${url}/api/tokens`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: `${SESSION_COOKIE}=${session}`, ...headers },
        body: JSON.stringify({ name: 'planted', scope: 'write' }),
      });
      expect(response.status, JSON.stringify(headers)).toBe(403);
    }
    const listed = await call('GET', '/api/tokens', { session });
    expect(listed.body.tokens).toEqual([]);
  });

  it('follow the owner’s plan as it is now: a PRO-only write is refused once the plan ends', async () => {
    const { user, session } = await createSignedInUser(db, {
      email: 'downgraded@example.com',
      planType: 'pro',
      planStatus: 'active',
    });
    const write = await newToken(session, 'write');
    expect((await call('GET', '/api/hooks', { token: write.token })).status).toBe(200);
    await db.execute(sql`update users set plan_type = 'free', plan_status = 'canceled' where id = ${user.id}`);
    // A literal public address: no DNS query, and creating a hook makes no connection.
    const r = await call('POST', '/api/hooks', {
      token: write.token,
      body: { url: 'https://8.8.8.8/x', format: 'json' },
    });
    expect(r.status).toBe(403);
  });
});
