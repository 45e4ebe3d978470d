/**
 * A push service on loopback that speaks RFC 8030 as a browser vendor's does, for the web push
 * tests (issue #31). It hands out subscriptions the way a browser would (a P-256 key pair and a
 * 16-byte auth secret per subscription, RFC 8291), and for every POST to an endpoint:
 * - requires TTL, Urgency (RFC 8030 5.3), Content-Encoding: aes128gcm and a Topic of at most 32
 *   base64url characters when present;
 * - verifies the VAPID Authorization header (RFC 8292): `vapid t=<JWT>, k=<key>`, ES256 over the
 *   JWT with k, k equal to the applicationServerKey the subscription was made with, aud = this
 *   origin, exp in the future and at most 24 h away, sub a mailto: or https: URL;
 * - decrypts the body with the subscription's private key and auth secret (ECDH + HKDF + AES-128-GCM
 *   in node:crypto, independently of web-push) and keeps the plaintext;
 * - answers 201 with a Location, or what the test told it (404/410 for a gone subscription, 429, 5xx).
 */
import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface PeerSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export interface ReceivedPush {
  endpoint: string;
  ttl: number;
  urgency: string;
  topic: string | null;
  /** The VAPID JWT's claims and the key it was signed with. */
  vapid: { aud: string; exp: number; sub: string; k: string };
  /** The decrypted payload, parsed as JSON. */
  payload: Record<string, unknown>;
  /** The record size and the encrypted body's length (an RFC 8188 single record). */
  recordSize: number;
  bodyLength: number;
  location: string;
}

export interface Rejection {
  endpoint: string;
  status: number;
  reason: string;
}

export interface PushPeer {
  origin: string;
  /** A browser's subscription to this service for an application server key (base64url). */
  subscribe(applicationServerKey: string): PeerSubscription;
  readonly received: ReceivedPush[];
  /** Requests it refused because they broke the protocol (bad VAPID, bad encryption...). */
  readonly rejected: Rejection[];
  /** From now on the endpoint answers this status (404, 410: gone; 429, 500: try later; 400...). */
  answer(endpoint: string, status: number): void;
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedPush[]>;
  close(): Promise<void>;
}

interface Held {
  ecdh: ReturnType<typeof createECDH>;
  auth: Buffer;
  serverKey: string;
}

const b64u = (b: Buffer) => b.toString('base64url');

/** RFC 8291 section 3.4 + RFC 8188: the plaintext of an aes128gcm body. */
export function decryptAes128gcm(body: Buffer, ecdh: ReturnType<typeof createECDH>, authSecret: Buffer): Buffer {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20]!;
  const asPublic = body.subarray(21, 21 + idLength);
  const records = body.subarray(21 + idLength);
  if (idLength !== 65 || records.length > recordSize)
    throw new Error('not a single aes128gcm record with a P-256 keyid');
  const uaPublic = ecdh.getPublicKey();
  const ecdhSecret = ecdh.computeSecret(asPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, asPublic]);
  const ikm = Buffer.from(hkdfSync('sha256', ecdhSecret, authSecret, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(records.subarray(records.length - 16));
  const padded = Buffer.concat([decipher.update(records.subarray(0, records.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02 followed by zero or more 0x00 of padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error('missing the last-record delimiter');
  return padded.subarray(0, end);
}

/** RFC 8292: the claims of a VAPID JWT signed with ES256 by the key `k`. */
export function verifyVapid(header: string, audience: string): { aud: string; exp: number; sub: string; k: string } {
  const t = /(?:^|[\s,])t=([\w.-]+)/.exec(header)?.[1];
  const k = /(?:^|[\s,])k=([\w-]+)/.exec(header)?.[1];
  if (!header.startsWith('vapid ') || !t || !k) throw new Error('Authorization is not "vapid t=..., k=..."');
  const [h, p, s] = t.split('.');
  const jwtHeader = JSON.parse(Buffer.from(h!, 'base64url').toString()) as { alg?: string; typ?: string };
  if (jwtHeader.alg !== 'ES256') throw new Error(`JWT alg ${jwtHeader.alg}`);
  const point = Buffer.from(k, 'base64url');
  if (point.length !== 65 || point[0] !== 4) throw new Error('k is not an uncompressed P-256 point');
  const key = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: b64u(point.subarray(1, 33)), y: b64u(point.subarray(33)) },
    format: 'jwk',
  });
  const signed = verify(
    'sha256',
    Buffer.from(`${h}.${p}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(s!, 'base64url'),
  );
  if (!signed) throw new Error('JWT signature does not verify with k');
  const claims = JSON.parse(Buffer.from(p!, 'base64url').toString()) as { aud: string; exp: number; sub: string };
  const now = Date.now() / 1000;
  if (claims.aud !== audience) throw new Error(`aud ${claims.aud} is not ${audience}`);
  if (!(claims.exp > now && claims.exp <= now + 24 * 3600 + 60)) throw new Error('exp not within the next 24 h');
  if (!/^(mailto:|https:)/.test(claims.sub ?? '')) throw new Error('sub is not a mailto: or https: URL');
  return { ...claims, k };
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/** Checks one push request and returns what the peer keeps of it (throws the reason to refuse it). */
function accept(
  req: IncomingMessage,
  body: Buffer,
  held: Held,
  origin: string,
  endpoint: string,
): Omit<ReceivedPush, 'location'> {
  const ttl = Number(req.headers.ttl);
  if (req.headers.ttl === undefined || !Number.isInteger(ttl) || ttl < 0)
    throw new Error('TTL missing or not an integer');
  const urgency = String(req.headers.urgency ?? '');
  if (!['very-low', 'low', 'normal', 'high'].includes(urgency)) throw new Error(`Urgency ${urgency}`);
  const topic = req.headers.topic === undefined ? null : String(req.headers.topic);
  if (topic !== null && !/^[\w-]{1,32}$/.test(topic)) throw new Error('Topic must be at most 32 base64url characters');
  if (req.headers['content-encoding'] !== 'aes128gcm') throw new Error('Content-Encoding is not aes128gcm');
  const vapid = verifyVapid(String(req.headers.authorization ?? ''), origin);
  if (vapid.k !== held.serverKey) throw new Error('k is not the applicationServerKey of the subscription');
  const plain = decryptAes128gcm(body, held.ecdh, held.auth);
  return {
    endpoint,
    ttl,
    urgency,
    topic,
    vapid,
    payload: JSON.parse(plain.toString('utf8')) as Record<string, unknown>,
    recordSize: body.readUInt32BE(16),
    bodyLength: body.length,
  };
}

export async function startPushPeer(): Promise<PushPeer> {
  const subscriptions = new Map<string, Held>();
  const answers = new Map<string, number>();
  const received: ReceivedPush[] = [];
  const rejected: Rejection[] = [];
  const waiters: (() => void)[] = [];
  let origin = '';
  let next = 0;
  const server = createServer((req, res) => {
    void readBody(req).then((body) => {
      const endpoint = `${origin}${req.url ?? ''}`;
      const held = subscriptions.get(endpoint);
      const told = answers.get(endpoint);
      if (req.method !== 'POST' || !held) return res.writeHead(404).end('no such subscription');
      if (told && told !== 201) return res.writeHead(told).end(`told to answer ${told}`);
      try {
        const got = accept(req, body, held, origin, endpoint);
        next += 1;
        const location = `${origin}/m/${next}`;
        received.push({ ...got, location });
        for (const wake of waiters.splice(0)) wake();
        res.writeHead(201, { location }).end();
      } catch (error) {
        rejected.push({ endpoint, status: 400, reason: (error as Error).message });
        res.writeHead(400).end((error as Error).message);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    received,
    rejected,
    subscribe(applicationServerKey) {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      const endpoint = `${origin}/push/${randomBytes(12).toString('base64url')}`;
      subscriptions.set(endpoint, { ecdh, auth, serverKey: applicationServerKey });
      return { endpoint, keys: { p256dh: b64u(ecdh.getPublicKey()), auth: b64u(auth) } };
    },
    answer(endpoint, status) {
      answers.set(endpoint, status);
    },
    async waitFor(count, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > deadline) throw new Error(`push peer: ${received.length} of ${count} messages`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 100);
        });
      }
      return received.slice(0, count);
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
