import { createTRPCClient, createWSClient, httpBatchLink, wsLink } from '@trpc/client';
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startTestApp } from '../../test/app';
import type { AppRouter } from '../../transport/trpc/app-router';
import { TRPC_MAX_BATCH } from '#shared/trpc-batch';

const { url } = await startTestApp();

describe('health and transport', () => {
  it('GET /api/health answers after a real query', async () => {
    const response = await fetch(`${url}/api/health`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true, db: 'up' });
    expect(response.headers.get('x-request-id')).toMatch(/[\w-]+/);
  });

  it('unknown /api paths are a JSON 404', async () => {
    const response = await fetch(`${url}/api/does-not-exist`);
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toContain('application/json');
    expect(await response.json()).toMatchObject({ error: 'not_found' });
  });

  it('malformed JSON is a 400 with a message, never a 500', async () => {
    const response = await fetch(`${url}/api/health`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{not json',
    });
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
  });

  it('tRPC over HTTP batches queries', async () => {
    const client = createTRPCClient<AppRouter>({ links: [httpBatchLink({ url: `${url}/trpc` })] });
    const [a, b] = await Promise.all([client.system.health.query(), client.auth.me.query()]);
    expect(a).toEqual({ ok: true, db: 'up' });
    expect(b).toBeNull();
  });

  it('a tRPC batch larger than TRPC_MAX_BATCH is a 400', async () => {
    const batch = (n: number) => `${url}/trpc/${Array(n).fill('system.health').join(',')}?batch=1&input=%7B%7D`;
    expect((await fetch(batch(TRPC_MAX_BATCH))).status).toBe(200);
    expect((await fetch(batch(TRPC_MAX_BATCH + 1))).status).toBe(400);
  });

  it('a heartbeat subscription arrives over the websocket', async () => {
    const wsClient = createWSClient({ url: `${url.replace('http', 'ws')}/trpc`, WebSocket: WebSocket as never });
    const client = createTRPCClient<AppRouter>({ links: [wsLink({ client: wsClient })] });
    const beats = await new Promise<number[]>((resolve, reject) => {
      const seen: number[] = [];
      const sub = client.system.heartbeat.subscribe(
        { intervalMs: 200 },
        {
          onData: (beat) => {
            seen.push(beat.seq);
            if (seen.length === 2) {
              sub.unsubscribe();
              resolve(seen);
            }
          },
          onError: reject,
        },
      );
    });
    await wsClient.close();
    expect(beats).toEqual([1, 2]);
  });

  it('a mutation over the websocket without a session is a 401, not an internal error', async () => {
    const wsClient = createWSClient({ url: `${url.replace('http', 'ws')}/trpc`, WebSocket: WebSocket as never });
    const client = createTRPCClient<AppRouter>({ links: [wsLink({ client: wsClient })] });
    const error = await client.watchlist.subscribe.mutate({ tickers: 'AAPL', forms: ['8-K'] }).catch((e: unknown) => e);
    await wsClient.close();
    expect(error).toMatchObject({ data: { code: 'UNAUTHORIZED', reason: 'session_not_found' } });
  });

  it('an anonymous session is issued on the first session call and resolves afterwards', async () => {
    const first = await fetch(`${url}/trpc/auth.session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(first.status).toBe(200);
    const token = first.headers.get('x-session');
    expect(token).toMatch(/^[\w-]{43}$/);
    expect(first.headers.get('set-cookie')).toMatch(/session=.*HttpOnly.*SameSite=Lax/i);
    const me = await fetch(`${url}/trpc/auth.me`, { headers: { 'x-session': token! } });
    const body = (await me.json()) as { result: { data: { verified: boolean; email: null } } };
    expect(body.result.data).toMatchObject({ verified: false, email: null });
  });

  it('admin procedures refuse callers without an admin credential', async () => {
    const response = await fetch(`${url}/trpc/admin.me`);
    expect(response.status).toBe(401);
  });
});
