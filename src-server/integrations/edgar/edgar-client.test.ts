/** The EDGAR client against local HTTP peers: budget under a burst, gzip, User-Agent, retries, circuit. */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { EdgarCircuitOpenError, EdgarClient, EdgarHttpError } from './edgar-client';
import { RateLimiter } from './rate-limiter';

const UA = 'Filing Alerts Test ops@example.com';
let server: Server | null = null;

async function peer(
  handler: (
    path: string,
    headers: Record<string, unknown>,
  ) => { status: number; body?: string; headers?: Record<string, string> },
): Promise<string> {
  server = createServer((req, res) => {
    const out = handler(req.url ?? '/', req.headers);
    const gzip = /gzip/.test(String(req.headers['accept-encoding'])) && out.body;
    const body = gzip ? gzipSync(out.body ?? '') : Buffer.from(out.body ?? '');
    res.writeHead(out.status, { ...(out.headers ?? {}), ...(gzip ? { 'content-encoding': 'gzip' } : {}) });
    res.end(body);
  });
  await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

afterEach(async () => {
  await new Promise<void>((r) => (server ? server.close(() => r()) : r()));
  server = null;
});

function client(baseUrl: string, extra: Partial<ConstructorParameters<typeof EdgarClient>[0]> = {}) {
  return new EdgarClient({ baseUrl, dataBaseUrl: baseUrl, userAgent: UA, limiter: new RateLimiter(10), ...extra });
}

describe('EdgarClient', () => {
  it('never exceeds the per-second budget under a burst of concurrent calls', async () => {
    const arrivals: number[] = [];
    const url = await peer(() => {
      arrivals.push(performance.now());
      return { status: 200, body: 'ok' };
    });
    const c = client(url, { limiter: new RateLimiter(10) });
    // The process's first fetch pays undici's start-up (tens of ms); measure the burst after it.
    await c.get('/warm-up');
    arrivals.length = 0;
    await Promise.all(Array.from({ length: 25 }, (_, i) => c.get(`/doc/${i}`)));
    expect(arrivals).toHaveLength(25);
    // Counted where EDGAR would count them: any one-second window of arrivals at the server.
    const maxInWindow = Math.max(...arrivals.map((t) => arrivals.filter((u) => u >= t && u < t + 1000).length));
    expect(maxInWindow).toBeLessThanOrEqual(10);
  });

  it('declares the User-Agent, asks for gzip and decodes it', async () => {
    let seen: Record<string, unknown> = {};
    const url = await peer((_p, headers) => {
      seen = headers;
      return { status: 200, body: 'x'.repeat(5000) };
    });
    const res = await client(url).get('/Archives/edgar/data/1/000000000000000001/a.txt');
    expect(res).toMatchObject({ status: 200, text: 'x'.repeat(5000) });
    expect(seen['user-agent']).toBe(UA);
    expect(String(seen['accept-encoding'])).toMatch(/gzip/);
  });

  it('retries 5xx and 429 with exponential backoff and jitter, honouring Retry-After', async () => {
    const answers = [503, 500, 429, 200];
    const url = await peer(() => {
      const status = answers.shift() ?? 200;
      const headers: Record<string, string> = status === 429 ? { 'retry-after': '3' } : {};
      return { status, body: status === 200 ? 'done' : 'busy', headers };
    });
    const delays: number[] = [];
    const c = client(url, {
      sleep: async (ms) => void delays.push(ms),
      random: () => 0.5,
      backoffBaseMs: 500,
      backoffMaxMs: 15_000,
    });
    await expect(c.get('/x')).resolves.toMatchObject({ status: 200, text: 'done' });
    // 500 x 2^n scaled into [1/2, 1] by jitter (0.5 -> 3/4); Retry-After: 3 s lifts the third wait.
    expect(delays).toEqual([375, 750, 3000]);
  });

  it('returns 404 answers, fails fast on other 4xx', async () => {
    const url = await peer((p) => ({ status: p === '/missing' ? 404 : 400 }));
    const c = client(url, { sleep: async () => {} });
    await expect(c.get('/missing')).resolves.toMatchObject({ status: 404, text: '' });
    await expect(c.get('/bad')).rejects.toBeInstanceOf(EdgarHttpError);
  });

  it('stops every call for 10 minutes at the first 403 (retrying into a block extends it), then resumes', async () => {
    let hits = 0;
    let blocked = true;
    const url = await peer(() => {
      hits += 1;
      return blocked ? { status: 403, body: 'Request Rate Threshold Exceeded' } : { status: 200, body: 'ok' };
    });
    let now = 1_000_000;
    const pauses: number[] = [];
    const limiter = { take: async () => {}, pause: async (until: number) => void pauses.push(until) };
    const c = client(url, { sleep: async () => {}, now: () => now, maxRetries: 2, limiter });
    await expect(c.get('/a')).rejects.toMatchObject({ status: 403 });
    expect(hits).toBe(1);
    expect(pauses).toEqual([1_000_000 + 10 * 60_000]); // shared with every other process
    await expect(c.get('/b')).rejects.toBeInstanceOf(EdgarCircuitOpenError);
    expect(hits).toBe(1); // no request while paused
    expect(c.pausedUntil()?.getTime()).toBe(1_000_000 + 10 * 60_000);
    blocked = false;
    now += 10 * 60_000 + 1;
    await expect(c.get('/c')).resolves.toMatchObject({ status: 200 });
  });

  it('a persistent 429 opens the same circuit once its retries run out', async () => {
    let hits = 0;
    const url = await peer(() => {
      hits += 1;
      return { status: 429, body: 'slow down' };
    });
    const c = client(url, { sleep: async () => {}, now: () => 5_000, maxRetries: 2 });
    await expect(c.get('/a')).rejects.toMatchObject({ status: 429 });
    expect(hits).toBe(3);
    expect(c.pausedUntil()?.getTime()).toBe(5_000 + 10 * 60_000);
  });

  it('follows redirects to the answer, as a browser would', async () => {
    const base = await peer((path) =>
      path === '/old' ? { status: 301, headers: { location: '/new' } } : { status: 200, body: `at ${path}` },
    );
    await expect(client(base).get('/old')).resolves.toMatchObject({ status: 200, text: 'at /new' });
  });

  it('gives up on a peer that does not answer within the timeout', async () => {
    server = createServer(() => {}); // never answers
    await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const c = client(base, { timeoutMs: 100, maxRetries: 0 });
    await expect(c.get('/slow')).rejects.toMatchObject({ status: 0 });
    server.closeAllConnections();
  });

  it('retries network failures', async () => {
    const c = new EdgarClient({
      baseUrl: 'http://127.0.0.1:9',
      dataBaseUrl: 'http://127.0.0.1:9',
      userAgent: UA,
      limiter: new RateLimiter(10),
      sleep: async () => {},
      maxRetries: 2,
    });
    await expect(c.get('/x')).rejects.toMatchObject({ status: 0 });
  });
});
