/**
 * Personal API tokens (issue #31) as a script and as an attacker would use them: scope, expiry,
 * revocation, forged and replayed tokens, another user's tokens, admin paths, the rate budget.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { startTestApp } from '../../test/app';
import { createSignedInUser } from '../../test/users';
import { insertUser } from './session.repo';
import { createSession } from './session.service';

const { url, deps } = await startTestApp();
const db = deps.db;
type Json = Record<string, unknown>;

async function call(
  method: string,
  path: string,
  options: { token?: string; session?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<{ status: number; body: Json; headers: Headers }> {
  const response = await fetch(`${url}${path}`, {
    method,
    headers: {
      ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.session ? { 'x-session': options.session } : {}),
      ...options.headers,
    },
    body: options.body !== undefined ? JSON.stringify(options.body) : undefined,
  });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as Json) : {}, headers: response.headers };
}

async function newToken(
  session: string,
  scope: 'read' | 'write',
  extra: Json = {},
): Promise<{ id: string; token: string }> {
  const r = await call('POST', '/api/tokens', { session, body: { name: `${scope} script`, scope, ...extra } });
  expect(r.status).toBe(201);
  return r.body as { id: string; token: string };
}

const userCount = async () => (await db.execute<{ n: number }>(sql`select count(*)::int as n from users`))[0]!.n;

describe('personal API tokens', () => {
  it('are shown once, stored hashed and listed with their last use', async () => {
    const { session } = await createSignedInUser(db, { email: 'script@example.com' });
    const created = await newToken(session, 'write', { expiresAt: new Date(Date.now() + 86_400_000).toISOString() });
    expect(Object.keys(created).sort()).toEqual(['id', 'token']);
    expect(created.token).toMatch(/^fa_pat_[A-Za-z0-9_-]{43}$/);
    const [row] = await db.execute<Json>(sql`select * from api_tokens where id = ${created.id}`);
    expect(JSON.stringify(row)).not.toContain(created.token.slice(7));
    expect(row!.prefix).toBe(created.token.slice(0, 11));

    const listed = await call('GET', '/api/tokens', { token: created.token });
    expect(listed.status).toBe(200);
    const [entry] = listed.body.tokens as Json[];
    expect(entry).toMatchObject({ id: created.id, name: 'write script', scope: 'write', revokedAt: null });
    expect(entry!.lastUsedAt).not.toBeNull();
    expect(JSON.stringify(listed.body)).not.toContain(created.token);
  });

  it('act as their owner on /api paths; a read token cannot write', async () => {
    const { user, session } = await createSignedInUser(db, { email: 'owner@example.com' });
    const read = await newToken(session, 'read');
    const write = await newToken(session, 'write');
    const before = await userCount();

    const added = await call('POST', '/api/subscribe', { token: write.token, body: { tickers: 'AAPL', forms: '8-K' } });
    expect(added.status).toBe(200);
    expect(added.body.session).toBeNull();
    expect(await userCount()).toBe(before);
    const watched = await db.execute<{ ticker: string }>(
      sql`select ticker from watchlist_items where user_id = ${user.id}`,
    );
    expect(watched.map((r) => r.ticker)).toEqual(['AAPL']);

    const list = await call('GET', '/api/watchlist', { token: read.token });
    expect(list.status).toBe(200);
    expect((list.body.watchlist as Json[]).map((i) => i.ticker)).toEqual(['AAPL']);
    expect((await call('GET', '/api/profile', { token: read.token })).body.user).toMatchObject({ id: user.id });

    for (const [method, path, body] of [
      ['POST', '/api/subscribe', { tickers: 'MSFT', forms: '8-K' }],
      ['POST', '/api/unsubscribe', { ticker: 'AAPL' }],
      ['POST', '/api/tokens', { name: 'more', scope: 'write' }],
      ['DELETE', `/api/tokens/${write.id}`, undefined],
    ] as const) {
      const refused = await call(method, path, { token: read.token, body });
      expect(refused.status, `${method} ${path}`).toBe(403);
      expect(refused.body.error).toBe('token_read_only');
    }
    expect(
      await db.execute(sql`select 1 from watchlist_items where user_id = ${user.id} and ticker = 'MSFT'`),
    ).toHaveLength(0);
    expect((await call('GET', '/api/tokens', { token: write.token })).body.tokens).toHaveLength(2);
  });

  it('stop working the moment they are revoked, and replaying one changes nothing', async () => {
    const { session } = await createSignedInUser(db, { email: 'revoke@example.com' });
    const token = await newToken(session, 'write');
    expect((await call('GET', '/api/tokens', { token: token.token })).status).toBe(200);
    const revoked = await call('DELETE', `/api/tokens/${token.id}`, { token: token.token });
    expect(revoked).toMatchObject({ status: 200, body: { ok: true } });
    const before = await userCount();
    for (let i = 0; i < 2; i += 1) {
      const replay = await call('POST', '/api/subscribe', {
        token: token.token,
        body: { tickers: 'TSLA', forms: '4' },
      });
      expect(replay.status).toBe(401);
      expect(replay.body.error).toBe('token_invalid');
    }
    expect(await userCount()).toBe(before);
    expect((await call('DELETE', `/api/tokens/${token.id}`, { session })).status).toBe(404);
    const [listed] = (await call('GET', '/api/tokens', { session })).body.tokens as Json[];
    expect(listed!.revokedAt).not.toBeNull();
  });

  it('expire: refused after expiresAt, and an expiry in the past is a 400', async () => {
    const { session } = await createSignedInUser(db, { email: 'expiry@example.com' });
    const past = await call('POST', '/api/tokens', {
      session,
      body: { name: 'old', scope: 'read', expiresAt: new Date(Date.now() - 1000).toISOString() },
    });
    expect(past.status).toBe(400);
    expect(past.body.error).toBe('expiry_in_past');
    const token = await newToken(session, 'read', { expiresAt: new Date(Date.now() + 3_600_000).toISOString() });
    expect((await call('GET', '/api/watchlist', { token: token.token })).status).toBe(200);
    await db.execute(sql`update api_tokens set expires_at = now() - interval '1 second' where id = ${token.id}`);
    const expired = await call('GET', '/api/watchlist', { token: token.token });
    expect(expired.status).toBe(401);
    expect(expired.body.error).toBe('token_invalid');
  });

  it('refuses forged tokens and bad input, creating nobody', async () => {
    const { session } = await createSignedInUser(db, { email: 'forged@example.com' });
    const real = await newToken(session, 'write');
    const before = await userCount();
    const flipped = real.token.slice(0, -1) + (real.token.endsWith('A') ? 'B' : 'A');
    for (const forged of [
      flipped,
      `fa_pat_${randomBytes(32).toString('base64url')}`,
      'fa_pat_',
      `fa_pat_${'x'.repeat(300)}`,
    ]) {
      for (const path of ['/api/watchlist', '/api/tokens', '/api/health']) {
        const r = await call('GET', path, { token: forged });
        expect(r.status, `${forged.slice(0, 12)} ${path}`).toBe(401);
      }
      expect(
        (await call('POST', '/api/subscribe', { token: forged, body: { tickers: 'AAPL', forms: '4' } })).status,
      ).toBe(401);
    }
    expect(await userCount()).toBe(before);
    for (const body of [
      { name: '', scope: 'read' },
      { name: 'x', scope: 'admin' },
      { name: 'x', scope: 'read', expiresAt: 'tomorrow' },
      { name: 'x', scope: 'read', extra: 1 },
      { name: 'x'.repeat(61), scope: 'read' },
    ]) {
      expect((await call('POST', '/api/tokens', { session, body })).status, JSON.stringify(body)).toBe(400);
    }
    expect((await call('DELETE', '/api/tokens/not-a-uuid', { session })).status).toBe(400);
  });

  it('belong to one user: another never lists or revokes them', async () => {
    const alice = await createSignedInUser(db, { email: 'alice@example.com' });
    const bob = await createSignedInUser(db, { email: 'bob@example.com' });
    const aliceToken = await newToken(alice.session, 'write');
    const bobToken = await newToken(bob.session, 'write');
    const bobList = await call('GET', '/api/tokens', { token: bobToken.token });
    expect((bobList.body.tokens as Json[]).map((t) => t.id)).toEqual([bobToken.id]);
    for (const credential of [{ session: bob.session }, { token: bobToken.token }]) {
      const r = await call('DELETE', `/api/tokens/${aliceToken.id}`, credential);
      expect(r.status).toBe(404);
    }
    expect((await call('GET', '/api/tokens', { token: aliceToken.token })).status).toBe(200);
  });

  it('need a verified account to create, and a signed-in caller to list', async () => {
    const visitor = await insertUser(db, {});
    const { token: anon } = await createSession(db, { userId: visitor.id });
    const r = await call('POST', '/api/tokens', { session: anon, body: { name: 'x', scope: 'read' } });
    expect(r.status).toBe(403);
    expect((await call('GET', '/api/tokens')).status).toBe(401);
  });

  it('are never valid for admin paths, even an admin user’s', async () => {
    const admin = await createSignedInUser(db, { email: 'root@example.com', isAdmin: true });
    const token = await newToken(admin.session, 'write');
    for (const path of ['/api/admin/me', '/api/admin/users']) {
      const r = await call('GET', path, { token: token.token });
      expect(r.status, path).toBe(403);
      expect(r.body.error).toBe('token_not_for_admin');
    }
    // tRPC's admin procedures take the bearer as an admin session only: a token is none.
    const trpc = await fetch(`${url}/trpc/admin.me`, { headers: { authorization: `Bearer ${token.token}` } });
    expect(trpc.status).toBe(401);
    // The admin part of the OpenAPI document is for admin sessions only.
    const doc = (await call('GET', '/api/openapi.json', { token: token.token })).body as { paths: Json };
    expect(Object.keys(doc.paths).filter((p) => p.startsWith('/api/admin/'))).toEqual([]);
  });

  it('refuse a write from another website and a body session beside the token', async () => {
    const { session } = await createSignedInUser(db, { email: 'csrf@example.com' });
    const token = await newToken(session, 'write');
    const foreign = await call('POST', '/api/subscribe', {
      token: token.token,
      body: { tickers: 'AAPL', forms: '4' },
      headers: { origin: 'https://evil.example' },
    });
    expect(foreign.status).toBe(403);
    const mixed = await call('POST', '/api/subscribe', {
      token: token.token,
      body: { tickers: 'AAPL', forms: '4', session },
    });
    expect(mixed.status).toBe(400);
  });

  it('have their own rate budget (429 with Retry-After)', async () => {
    const { user, session } = await createSignedInUser(db, { email: 'busy@example.com' });
    const token = await newToken(session, 'read');
    await db.execute(sql`insert into rate_limit_hits (bucket, key)
      select 'apiTokenRequests', ${`user:${user.id}`} from generate_series(1, 300)`);
    const r = await call('GET', '/api/watchlist', { token: token.token });
    expect(r.status).toBe(429);
    expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(0);
    // The session is not limited by the token's budget.
    expect((await call('GET', '/api/watchlist', { session })).status).toBe(200);
  });

  it('are a security scheme of the OpenAPI document', async () => {
    const doc = (await call('GET', '/api/openapi.json')).body as {
      components: { securitySchemes: Json };
      paths: Record<string, Record<string, { security?: Json[] }>>;
    };
    expect(doc.components.securitySchemes.apiToken).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.paths['/api/tokens']!.post!.security).toContainEqual({ apiToken: [] });
  });
});
