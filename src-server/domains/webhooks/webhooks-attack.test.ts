/**
 * An attacker's review of outbound webhooks (issue #31 review): the refusal messages are not a
 * map of our internal network, "send test" is not a free SSRF/port-scan oracle, and a receiver
 * that streams an endless body cannot hold our socket. Names resolve through an injected resolver;
 * the only connections go to peers on 127.0.0.1.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { type HostResolver, refusedKind } from '../../integrations/address-policy';
import { checkTarget, safePost } from '../../integrations/webhook/safe-post';
import { startTestApp } from '../../test/app';
import { createSignedInUser } from '../../test/users';

const DNS: Record<string, string[]> = {
  'rebinds.test': ['127.0.0.1'],
  'intranet.test': ['10.1.2.3'],
  'v6-intranet.test': ['fd12:3456::7'],
};
const resolver: HostResolver = async (host) => {
  const found = DNS[host];
  if (!found) throw Object.assign(new Error('ENOTFOUND'), { code: 'ENOTFOUND' });
  return found.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
};

/** A receiver that answers 200 at once and then never ends its body (a byte every 20 ms). */
let endlessClosed: Promise<void> = Promise.resolve();
const endless: Server = createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'text/plain' });
  const timer = setInterval(() => res.write('x'), 20);
  endlessClosed = new Promise((resolve) =>
    res.on('close', () => {
      clearInterval(timer);
      resolve();
    }),
  );
});
await new Promise<void>((resolve) => endless.listen(0, '127.0.0.1', resolve));
const endlessPort = (endless.address() as AddressInfo).port;

const { url, deps } = await startTestApp({
  env: { WEBHOOKS_ALLOW_LOOPBACK: 'true', WEBHOOKS_TIMEOUT_MS: '400' },
  customise: (base) => ({ ...base, hostResolver: resolver }),
});
const db = deps.db;
type Json = Record<string, unknown>;

afterAll(async () => {
  endless.closeAllConnections();
  await new Promise((resolve) => endless.close(resolve));
});

async function call(method: string, path: string, options: { session: string; body?: unknown }) {
  const response = await fetch(`${url}${path}`, {
    method,
    headers: {
      ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
      'x-session': options.session,
    },
    body: options.body !== undefined ? JSON.stringify(options.body) : undefined,
  });
  return { status: response.status, body: (await response.json()) as Json };
}

const pro = (email: string) => createSignedInUser(db, { email, planType: 'pro', planStatus: 'active' });

describe('IPv6 ranges that can carry or reach an internal IPv4 address', () => {
  it('refuses IPv4-translated (::ffff:0:0/96), local-use NAT64 (64:ff9b:1::/48), Teredo and the IETF special block (2001::/23), SRv6 and the new documentation net', () => {
    const strict = { allowLoopback: false };
    for (const address of [
      '::ffff:0:7f00:1',
      '::ffff:0:a00:1',
      '64:ff9b:1::a00:1',
      '2001:0:4136:e378:8000:63bf:80ff:fffe',
      '2001:2::1',
      '5f00::1',
      '3fff::1',
    ]) {
      expect(refusedKind(address, strict), address).not.toBeNull();
    }
    // Public unicast stays allowed (well-known public resolvers).
    expect(refusedKind('2001:4860:4860::8888', strict)).toBeNull();
    expect(refusedKind('2606:4700::1111', strict)).toBeNull();
  });
});

describe('webhook refusals reveal no internal network detail', () => {
  it('names the kind of refused address, never the address a name resolved to', async () => {
    const strict = { allowLoopback: false, resolve: resolver };
    for (const [target, hidden] of [
      ['https://intranet.test/hook', '10.1.2.3'],
      ['https://v6-intranet.test/hook', 'fd12:3456::7'],
    ] as const) {
      const error = await checkTarget(target, strict).catch((e: Error) => e);
      expect(error).toBeInstanceOf(Error);
      expect((error as Error).message).toMatch(/refused address/);
      expect((error as Error).message).not.toContain(hidden);
    }
    const { session } = await pro('oracle-add@example.com');
    const r = await call('POST', '/api/hooks', { session, body: { url: 'https://intranet.test/x', format: 'json' } });
    expect(r.status).toBe(400);
    expect(r.body.error).toBe('target_private');
    expect(JSON.stringify(r.body)).not.toContain('10.1.2.3');
  });

  it('send test after the name rebinds to a private address says "refused address" and stores no address', async () => {
    const { session } = await pro('oracle-test@example.com');
    const added = await call('POST', '/api/hooks', {
      session,
      body: { url: `http://rebinds.test:${endlessPort}/hook`, format: 'json' },
    });
    expect(added.status).toBe(201);
    DNS['rebinds.test'] = ['10.9.8.7'];
    try {
      const r = await call('POST', `/api/hooks/${added.body.id}/test`, { session, body: {} });
      expect(r.status).toBe(200);
      expect(r.body.ok).toBe(false);
      expect(String(r.body.error)).toMatch(/refused address/);
      expect(JSON.stringify(r.body)).not.toContain('10.9.8.7');
    } finally {
      DNS['rebinds.test'] = ['127.0.0.1'];
    }
  });
});

describe('send test is not an amplifier or a scanner', () => {
  it('is rate limited per account (429 after the budget)', async () => {
    const { session } = await pro('test-flood@example.com');
    const ok = await call('POST', '/api/hooks', {
      session,
      body: { url: `http://127.0.0.1:${endlessPort}/flood`, format: 'json' },
    });
    expect(ok.status).toBe(201);
    // The flood target now refuses at send time (no packet leaves): only the budget is measured.
    await db.execute(sql`update webhooks set url = 'https://intranet.test/flood' where id = ${ok.body.id as string}`);
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      statuses.push((await call('POST', `/api/hooks/${ok.body.id}/test`, { session, body: {} })).status);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(200));
    expect(statuses.slice(10)).toEqual([429, 429]);
  });
});

describe('a receiver cannot hold our socket', () => {
  it('a 2xx with an endless body: the status is kept and the connection closed, not drained forever', async () => {
    const result = await safePost(
      `http://127.0.0.1:${endlessPort}/endless`,
      { body: '{}', headers: { 'content-type': 'application/json' }, timeoutMs: 400 },
      { allowLoopback: true, resolve: resolver },
    );
    expect(result.status).toBe(200);
    // Without the fix the client reads the body for ever and this never settles (the test times out).
    await endlessClosed;
  });
});
