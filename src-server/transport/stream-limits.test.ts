import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startTestApp } from '../test/app';
import { createSignedInUser } from '../test/users';
import { StreamLimits } from './stream-limits';

describe('StreamLimits', () => {
  it('takes a slot under every key or none, names the full one, and releases once', () => {
    const limits = new StreamLimits({ perSocket: 2, perIp: 5, perUser: 1 });
    const a = limits.acquire([{ scope: 'perSocket', id: 's' }]);
    limits.acquire([{ scope: 'perSocket', id: 's' }]);
    expect(() => limits.acquire([{ scope: 'perSocket', id: 's' }])).toThrow(/already has 2 live streams/);
    const user = limits.acquire([
      { scope: 'perIp', id: 'ip' },
      { scope: 'perUser', id: 'u' },
    ]);
    // The user key is full: nothing is taken under the address either.
    expect(() =>
      limits.acquire([
        { scope: 'perIp', id: 'ip' },
        { scope: 'perUser', id: 'u' },
      ]),
    ).toThrow(/account/);
    expect(limits.count('perIp', 'ip')).toBe(1);
    a();
    a();
    expect(limits.count('perSocket', 's')).toBe(1);
    user();
    expect(limits.count('perUser', 'u')).toBe(0);
  });
});

const t = await startTestApp({ env: { STREAMS_PER_SOCKET: '3', STREAMS_PER_IP: '2', STREAMS_PER_USER: '4' } });
const wsUrl = `${t.url.replace('http', 'ws')}/trpc`;

/** A websocket from a given client address (behind the loopback proxy); its first message is connectionParams. */
function connect(ip: string) {
  return new Promise<{ status: number; socket?: WebSocket }>((resolve) => {
    const socket = new WebSocket(`${wsUrl}?connectionParams=1`, { headers: { origin: t.url, 'x-forwarded-for': ip } });
    socket.once('open', () => resolve({ status: 101, socket }));
    socket.once('unexpected-response', (req, res) => {
      resolve({ status: res.statusCode ?? 0 });
      req.destroy();
    });
  });
}

/** The first answer to a message id: 'started' or the error's HTTP status and message. */
function send(socket: WebSocket, message: { id: number } & Record<string, unknown>) {
  return new Promise<{ started: boolean; status?: number; message?: string }>((resolve) => {
    const onMessage = (data: WebSocket.RawData) => {
      const parsed = JSON.parse(String(data)) as {
        id?: number;
        result?: { type?: string };
        error?: { message: string; data?: { httpStatus?: number } };
      };
      if (parsed.id !== message.id) return;
      socket.off('message', onMessage);
      resolve(
        parsed.error
          ? { started: false, status: parsed.error.data?.httpStatus, message: parsed.error.message }
          : { started: parsed.result?.type === 'started' },
      );
    };
    socket.on('message', onMessage);
    socket.send(JSON.stringify(message));
  });
}

const heartbeat = (id: number) => ({
  id,
  method: 'subscription',
  params: { path: 'system.heartbeat', input: { intervalMs: 60_000 } },
});
const closed = (socket: WebSocket) => new Promise((resolve) => socket.once('close', resolve));

describe('open streams are capped per socket, per client address and per account', () => {
  it('a socket opens 3 subscriptions, the 4th is a 429 with a message, and a stopped one frees its slot', async () => {
    const { socket } = await connect('198.51.100.1');
    socket!.send(JSON.stringify({ method: 'connectionParams', data: {} }));
    for (const id of [1, 2, 3]) expect(await send(socket!, heartbeat(id))).toEqual({ started: true });
    const refused = await send(socket!, heartbeat(4));
    expect(refused).toMatchObject({ started: false, status: 429, message: expect.stringMatching(/already has 3/) });
    socket!.send(JSON.stringify({ id: 2, method: 'subscription.stop' }));
    expect(await send(socket!, heartbeat(5))).toEqual({ started: true });
    socket!.close();
    await closed(socket!);
  });

  it('an address holds 2 websockets; the 3rd upgrade is a 429; another address, or a closed socket, frees one', async () => {
    const first = await connect('198.51.100.2');
    const second = await connect('198.51.100.2');
    expect([first.status, second.status]).toEqual([101, 101]);
    expect((await connect('198.51.100.2')).status).toBe(429);
    const other = await connect('198.51.100.3');
    expect(other.status).toBe(101);
    first.socket!.close();
    await closed(first.socket!);
    const again = await connect('198.51.100.2');
    expect(again.status).toBe(101);
    for (const s of [second.socket, other.socket, again.socket]) s!.close();
  });

  it('an account holds 4 subscriptions across its sockets', async () => {
    const { session } = await createSignedInUser(t.deps.db, { email: 'streams@example.com' });
    const sockets: WebSocket[] = [];
    for (const ip of ['198.51.100.4', '198.51.100.5']) {
      const { socket } = await connect(ip);
      socket!.send(JSON.stringify({ method: 'connectionParams', data: { session } }));
      sockets.push(socket!);
    }
    const plan = (id: number) => ({ id, method: 'subscription', params: { path: 'billing.planChanges', input: null } });
    for (const id of [1, 2]) expect(await send(sockets[0]!, plan(id))).toEqual({ started: true });
    for (const id of [1, 2]) expect(await send(sockets[1]!, plan(id))).toEqual({ started: true });
    expect(await send(sockets[1]!, plan(3))).toMatchObject({ status: 429, message: expect.stringMatching(/account/) });
    for (const s of sockets) s.close();
  });
});
