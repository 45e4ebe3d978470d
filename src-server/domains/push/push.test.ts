/**
 * Web push end to end (issue #31), real PostgreSQL and the app over HTTP: a browser subscription
 * made by the RFC 8030 push peer is saved through tRPC, a real Tesla 8-K is matched and delivered,
 * and the peer verifies the VAPID JWT and decrypts the payload (RFC 8291) with the subscription's
 * own keys. Also: routing (PRO only, the push threshold, quiet hours, a burst gathered into one
 * push), a 10-K's change since last year in the body, receipts, 404/410 removal,
 * retries and refusals, and the surface as an attacker would use it (another user's endpoint,
 * non-https and private endpoints, cross-site).
 */
import { createTRPCClient, httpLink, TRPCClientError } from '@trpc/client';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppRouter } from '../../transport/trpc/app-router';
import { captureErrors, follow, seedTickers } from '../../test/alerts';
import { startTestApp } from '../../test/app';
import { startPushPeer } from '../../test/peers/push';
import { insertRealFilings, realFilings } from '../../test/real-filings';
import { createSignedInUser } from '../../test/users';
import { deliverAlerts } from '../alerts/delivery.service';
import { matchFiling } from '../alerts/match.service';
import { MAX_DEVICES } from './push.service';
import { until } from '../../test/until';
import { vapidKeys } from './vapid';
import webpush from 'web-push';
import { APPLE_10K_PAIR, store10kPair } from '../../test/report-pair';

const peer = await startPushPeer();
const t = await startTestApp({
  env: { PUSH_ALLOW_LOOPBACK: 'true', PUBLIC_URL: 'https://alerts.example', ALERT_BURST_GATHER_SECONDS: '0' },
});
const db = t.database.db;
const errors = captureErrors(t.deps);
const client = (session: string, headers: Record<string, string> = {}) =>
  createTRPCClient<AppRouter>({
    links: [httpLink({ url: `${t.url}/trpc`, headers: () => ({ 'x-session': session, ...headers }) })],
  });

beforeAll(() => seedTickers(db));
afterAll(async () => {
  await peer.close();
  expect(errors).toEqual([]);
});

const tesla8ks = realFilings('TSLA', { forms: ['8-K'] });
let next = 0;
async function tesla8k(importance: 'CRITICAL' | 'HIGH' | 'MEDIUM' | 'LOW'): Promise<number> {
  const [id] = await insertRealFilings(db, [tesla8ks[next++]!], { ticker: 'TSLA', importance });
  return id!;
}

async function proWithPush(name: string, devices = 1) {
  const { user, session } = await createSignedInUser(db, {
    email: `${name}@example.com`,
    planType: 'pro',
    planStatus: 'active',
    routing: 'defaults',
  });
  await follow(db, { userId: user.id, ticker: 'TSLA', forms: ['8-K'] });
  const api = client(session);
  const { publicKey } = await api.push.status.query();
  const subs = [];
  for (let i = 0; i < devices; i += 1) {
    const sub = peer.subscribe(publicKey);
    await api.push.subscribe.mutate({ ...sub, label: `Device ${i + 1}` });
    subs.push(sub);
  }
  return { user, session, api, subs, publicKey };
}

const alertRows = (filingId: number, userId: string) =>
  db.execute<Record<string, unknown>>(sql`
    select id::float8 as id, channel, route, status, error_code, provider_message_id, provider_status, provider_response,
      sent_at is not null as sent, delivered_at is not null as delivered, attempts
    from alerts where filing_id = ${filingId} and user_id = ${userId} and channel = 'push'`);

async function deliver(filingId: number, userId: string) {
  await matchFiling(db, { filingId });
  const [row] = await alertRows(filingId, userId);
  if (row) await deliverAlerts(t.deps, { alertIds: [Number(row.id)] });
  return (await alertRows(filingId, userId))[0];
}

describe('web push delivery through an RFC 8030 push service', () => {
  it('pushes a HIGH 8-K: VAPID verified, payload decrypted with the subscription keys, receipts recorded', async () => {
    const { user, subs, publicKey } = await proWithPush('trader');
    const before = peer.received.length;
    const filingId = await tesla8k('HIGH');
    const row = await deliver(filingId, user.id);
    const [got] = (await peer.waitFor(before + 1)).slice(before);
    expect(peer.rejected).toEqual([]);
    expect(got).toMatchObject({
      endpoint: subs[0]!.endpoint,
      ttl: 6 * 3600,
      urgency: 'high',
      topic: `alert-${row!.id}`,
      vapid: { aud: peer.origin, sub: 'https://alerts.example', k: publicKey },
      payload: {
        title: expect.stringMatching(/^TSLA 8-K · HIGH$/),
        url: `/ticker/TSLA#filing-${filingId}`,
        tag: `filing-${filingId}`,
      },
    });
    expect(String(got!.payload.body).length).toBeGreaterThan(10);
    expect(row).toMatchObject({
      route: 'realtime_push',
      status: 'sent',
      provider_message_id: got!.location,
      provider_status: 'accepted',
      provider_response: '1 of 1 push service(s) accepted (201)',
      sent: true,
      delivered: true,
    });
    const [device] = await db.execute<{ pushed: boolean }>(
      sql`select last_sent_at is not null as pushed from push_subscriptions where endpoint = ${subs[0]!.endpoint}`,
    );
    expect(device?.pushed).toBe(true);
  });

  it('follows the routing: below the push threshold, free plan, quiet hours', async () => {
    const { user, api } = await proWithPush('thresholds');
    await api.push.setMinRank.mutate({ minRank: 4 });
    const high = await tesla8k('HIGH');
    await matchFiling(db, { filingId: high });
    expect(await alertRows(high, user.id)).toEqual([]);

    const free = await createSignedInUser(db, { email: 'free-push@example.com', routing: 'defaults' });
    await follow(db, { userId: free.user.id, ticker: 'TSLA', forms: ['8-K'] });
    const sub = peer.subscribe((await client(free.session).push.status.query()).publicKey);
    await expect(client(free.session).push.subscribe.mutate(sub)).rejects.toMatchObject({
      data: { reason: 'pro_required' },
    });
    // Even a row left from PRO days routes nothing once the plan is free.
    await db.execute(
      sql`insert into push_subscriptions (user_id, endpoint, p256dh, auth) values (${free.user.id}, ${sub.endpoint}, ${sub.keys.p256dh}, ${sub.keys.auth})`,
    );
    const critical = await tesla8k('CRITICAL');
    await matchFiling(db, { filingId: critical });
    expect(await alertRows(critical, free.user.id)).toEqual([]);

    const quiet = await proWithPush('quiet');
    await db.execute(
      sql`update users set time_zone = 'UTC', quiet_start_minute = 0, quiet_end_minute = 1439 where id = ${quiet.user.id}`,
    );
    const held = await tesla8k('CRITICAL');
    const before = peer.received.length;
    const row = await deliver(held, quiet.user.id);
    expect(row).toMatchObject({ status: 'queued', sent: false });
    expect(peer.received.filter((r) => r.endpoint === quiet.subs[0]!.endpoint)).toHaveLength(0);
    expect(peer.received.length).toBeGreaterThanOrEqual(before);
  });

  it('removes subscriptions the push service says are gone (410, 404) and cancels when none is left', async () => {
    const { user, subs } = await proWithPush('expiring', 3);
    peer.answer(subs[0]!.endpoint, 410);
    peer.answer(subs[1]!.endpoint, 404);
    const first = await deliver(await tesla8k('CRITICAL'), user.id);
    expect(first).toMatchObject({
      status: 'sent',
      provider_response: '1 of 3 push service(s) accepted (201), 2 expired subscription(s) removed',
    });
    const left = await db.execute<{ endpoint: string }>(
      sql`select endpoint from push_subscriptions where user_id = ${user.id}`,
    );
    expect(left.map((r) => r.endpoint)).toEqual([subs[2]!.endpoint]);

    peer.answer(subs[2]!.endpoint, 410);
    const second = await deliver(await tesla8k('CRITICAL'), user.id);
    expect(second).toMatchObject({ status: 'cancelled', error_code: 'push_expired', sent: false });
    expect(await db.execute(sql`select 1 from push_subscriptions where user_id = ${user.id}`)).toHaveLength(0);
  });

  it('retries a 429/5xx and dead-letters a 400 (a request the push service will never take)', async () => {
    const busy = await proWithPush('busy');
    peer.answer(busy.subs[0]!.endpoint, 503);
    const retried = await deliver(await tesla8k('CRITICAL'), busy.user.id);
    expect(retried).toMatchObject({ status: 'queued', error_code: '503', attempts: 1, sent: false });

    const refused = await proWithPush('refused');
    peer.answer(refused.subs[0]!.endpoint, 400);
    const dead = await deliver(await tesla8k('CRITICAL'), refused.user.id);
    expect(dead).toMatchObject({ status: 'dead', error_code: '400', sent: false });
  });
});

/** Delivers `alertIds` as their job does, again until one is sent (a held burst comes due after its gather window). */
async function deliverWhenDue(alertIds: number[], timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const counts = await deliverAlerts(t.deps, { alertIds });
    if (counts.sent > 0 || Date.now() > deadline) return counts;
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('push alerts: reports and bursts', () => {
  it("carries a 10-K's change since last year under the one-liner: the summary with the new and removed risk factors", async () => {
    const { user, subs } = await proWithPush('reports');
    await follow(db, { userId: user.id, ticker: 'AAPL', forms: ['10-K'] });
    const filingId = await store10kPair(db, APPLE_10K_PAIR);
    const before = peer.received.length;
    const row = await deliver(filingId, user.id);
    expect(row).toMatchObject({ status: 'sent' });
    const [got] = (await peer.waitFor(before + 1)).slice(before);
    expect(got).toMatchObject({ endpoint: subs[0]!.endpoint, payload: { title: 'AAPL 10-K · HIGH' } });
    const body = String(got!.payload.body);
    const [oneLiner, change] = body.split('\n');
    expect(oneLiner!.length).toBeGreaterThan(20);
    expect(change).toMatch(/^Risk factors: 2\d% of the text is new since last year; 0 new risk factors, 1 removed$/);
    expect(body.length).toBeLessThanOrEqual(180);
  });

  it('gathers a burst like email: two 8-Ks of one company wait out the gather window and go as one push, "+1 more"', async () => {
    const { user, subs } = await proWithPush('burst');
    // Both stored before either is matched: the company is mid-burst for each.
    const ids = [await tesla8k('HIGH'), await tesla8k('HIGH')];
    // What the alerts worker passes from ALERT_BURST_GATHER_SECONDS (this app's is 0).
    for (const id of ids) await matchFiling(db, { filingId: id, burstGatherSeconds: 1 });
    const [first, second] = await Promise.all(ids.map(async (id) => (await alertRows(id, user.id))[0]!));
    const alertIds = [Number(first!.id), Number(second!.id)];
    const mine = () => peer.received.filter((r) => r.endpoint === subs[0]!.endpoint);
    // Held for the window: the first filing's delivery job finds nothing due yet.
    expect((await deliverAlerts(t.deps, { alertIds: [alertIds[0]!] })).sent).toBe(0);
    expect(mine()).toHaveLength(0);
    expect((await deliverWhenDue([alertIds[0]!])).sent).toBe(1);
    // The second filing's own job finds it sent inside the first one's push.
    expect((await deliverAlerts(t.deps, { alertIds: [alertIds[1]!] })).sent).toBe(0);
    const pushes = mine();
    expect(pushes).toHaveLength(1);
    expect(pushes[0]!.payload).toMatchObject({ title: 'TSLA 8-K · HIGH +1 more', tag: `filing-${ids[0]}` });
    const settled = await Promise.all(ids.map(async (id) => (await alertRows(id, user.id))[0]!));
    expect(settled.map((r) => r.status)).toEqual(['sent', 'sent']);
    const [lead] = await db.execute<{ burst_lead_id: number | null }>(
      sql`select burst_lead_id::float8 as burst_lead_id from alerts where id = ${alertIds[1]!}`,
    );
    expect(lead?.burst_lead_id).toBe(alertIds[0]);
  });
});

describe('push subscriptions as an attacker would use them', () => {
  it("one user can neither take over nor remove another user's endpoint", async () => {
    const victim = await proWithPush('victim');
    const attacker = await proWithPush('attacker', 0);
    const stolen = victim.subs[0]!;
    await expect(attacker.api.push.subscribe.mutate(stolen)).rejects.toMatchObject({
      data: { httpStatus: 409, reason: 'push_endpoint_taken' },
    });
    await expect(attacker.api.push.unsubscribe.mutate({ endpoint: stolen.endpoint })).rejects.toMatchObject({
      data: { httpStatus: 404, reason: 'push_not_found' },
    });
    const [victimDevice] = (await victim.api.push.status.query()).devices;
    await expect(attacker.api.push.unsubscribe.mutate({ id: victimDevice!.id })).rejects.toMatchObject({
      data: { httpStatus: 404 },
    });
    expect((await attacker.api.push.status.query()).devices).toEqual([]);
    const [row] = await db.execute<{ user_id: string; p256dh: string }>(
      sql`select user_id, p256dh from push_subscriptions where endpoint = ${stolen.endpoint}`,
    );
    expect(row).toEqual({ user_id: victim.user.id, p256dh: stolen.keys.p256dh });
    // The owner removes it.
    await victim.api.push.unsubscribe.mutate({ endpoint: stolen.endpoint });
    expect((await victim.api.push.status.query()).devices).toEqual([]);
  });

  it('refuses endpoints that are not https or point at private, link-local or metadata addresses', async () => {
    const { api, publicKey } = await proWithPush('ssrf', 0);
    const keys = peer.subscribe(publicKey).keys;
    const refusals: [string, string][] = [
      ['http://push.example.com/x', 'push_endpoint_not_https'],
      ['ftp://push.example.com/x', 'push_endpoint_not_https'],
      ['https://user:pw@push.example.com/x', 'push_endpoint_credentials'],
      ['https://push.example.com:8443/x', 'push_endpoint_port'],
      ['https://10.0.0.5/x', 'push_endpoint_private_address'],
      ['https://192.168.1.1/x', 'push_endpoint_private_address'],
      ['https://169.254.169.254/latest/meta-data', 'push_endpoint_private_address'],
      ['https://[fd00::1]/x', 'push_endpoint_private_address'],
      ['https://[::ffff:10.0.0.1]/x', 'push_endpoint_private_address'],
      ['https://[fe80::1]/x', 'push_endpoint_private_address'],
      ['not a url', 'push_endpoint_not_url'],
    ];
    for (const [endpoint, reason] of refusals) {
      await expect(api.push.subscribe.mutate({ endpoint, keys }), endpoint).rejects.toMatchObject({
        data: { httpStatus: 400, reason },
      });
    }
    await expect(
      api.push.subscribe.mutate({ endpoint: `${peer.origin}/push/x`, keys: { p256dh: keys.auth, auth: keys.auth } }),
    ).rejects.toMatchObject({ data: { httpStatus: 400, reason: 'push_keys_invalid' } });
    await expect(
      api.push.subscribe.mutate({ endpoint: `${peer.origin}/push/x`, keys, extra: 1 } as never),
    ).rejects.toBeInstanceOf(TRPCClientError);
    expect(
      await db.execute(
        sql`select 1 from push_subscriptions p join users u on u.id = p.user_id where u.email = 'ssrf@example.com'`,
      ),
    ).toHaveLength(0);
  });

  it('caps the browsers of one account (each alert is a POST per browser)', async () => {
    const { user, api, publicKey } = await proWithPush('many', 0);
    await db.execute(sql`insert into push_subscriptions (user_id, endpoint, p256dh, auth)
      select ${user.id}, 'https://push.example/' || i, 'k', 'a' from generate_series(1, ${MAX_DEVICES}) i`);
    await expect(api.push.subscribe.mutate(peer.subscribe(publicKey))).rejects.toMatchObject({
      data: { httpStatus: 409, reason: 'push_device_limit' },
    });
  });

  it('refuses a cross-site subscribe riding on the session cookie', async () => {
    const { session, publicKey } = await proWithPush('cookie', 0);
    const response = await fetch(`${t.url}/trpc/push.subscribe`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: `session=${session}`, origin: 'https://evil.example' },
      body: JSON.stringify(peer.subscribe(publicKey)),
    });
    expect(response.status).toBe(403);
  });
});

describe('the installable app', () => {
  it('serves the manifest with PNG icons of the sizes it names, per brand', async () => {
    const response = await fetch(`${t.url}/manifest.webmanifest`);
    expect(response.headers.get('content-type')).toBe('application/manifest+json; charset=utf-8');
    const manifest = (await response.json()) as { icons: { src: string; sizes: string; purpose: string }[] } & Record<
      string,
      unknown
    >;
    expect(manifest).toMatchObject({
      id: '/',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      name: '8-K Alerts',
      theme_color: '#1d4ed8',
    });
    expect(manifest.icons.map((i) => i.purpose)).toEqual(['any', 'any', 'maskable']);
    for (const icon of [
      ...manifest.icons,
      { src: '/icons/badge-96.png', sizes: '96x96' },
      { src: '/icons/apple-touch-icon.png', sizes: '180x180' },
    ]) {
      const png = Buffer.from(await (await fetch(`${t.url}${icon.src}`)).arrayBuffer());
      expect(png.subarray(1, 4).toString(), icon.src).toBe('PNG');
      expect(`${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`, icon.src).toBe(icon.sizes);
    }
    const form4 = (await (await fetch(`${t.url}/manifest.webmanifest?brand=form4`)).json()) as Record<string, unknown>;
    expect(form4).toMatchObject({ name: 'Insider Trades Alerts', theme_color: '#047857' });
    expect((await fetch(`${t.url}/icons/..%2F..%2Fpackage.json`)).status).toBe(404);
    expect((await fetch(`${t.url}/icons/nope.png`)).status).toBe(404);
  });

  it('serves the service worker as JavaScript, revalidated on every load, allowed the whole origin', async () => {
    const response = await fetch(`${t.url}/sw.js`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(response.headers.get('service-worker-allowed')).toBe('/');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    const js = await response.text();
    expect(js).toContain("addEventListener('push'");
    expect(js).toContain("addEventListener('notificationclick'");
  });

  it('reads the stored VAPID pair once per process, not at every send', async () => {
    let reads = 0;
    // The same database handle, its queries counted (a fresh handle: a cache of its own).
    const counted = new Proxy(db, {
      get: (target, key, receiver) =>
        key === 'execute'
          ? (...args: Parameters<typeof db.execute>) => {
              reads += 1;
              return target.execute(...args);
            }
          : Reflect.get(target, key, receiver),
    });
    const deps = { ...t.deps, db: counted };
    const keys = await Promise.all([vapidKeys(deps), vapidKeys(deps), vapidKeys(deps)]);
    expect((await vapidKeys(deps)).publicKey).toBe(keys[0]!.publicKey);
    expect(reads).toBe(1);
  });

  it('picks up a rotated VAPID key (the signing_keys row changed by an operator) without a restart', async () => {
    const { user, api, subs, publicKey: before } = await proWithPush('rotation');
    const first = await deliver(await tesla8k('CRITICAL'), user.id);
    expect(first).toMatchObject({ status: 'sent' });
    const rotated = webpush.generateVAPIDKeys();
    await db.execute(sql`update signing_keys set secret = ${JSON.stringify(rotated)} where name = 'vapid'`);
    // Every process hears the change (NOTIFY): the page hands browsers the new key ...
    await until(async () => (await api.push.status.query()).publicKey === rotated.publicKey, 'the rotated key');
    expect(rotated.publicKey).not.toBe(before);
    // ... a browser subscribes again with it, and the next push is signed with it.
    await api.push.unsubscribe.mutate({ endpoint: subs[0]!.endpoint });
    const renewed = peer.subscribe(rotated.publicKey);
    await api.push.subscribe.mutate({ ...renewed, label: 'Renewed' });
    const received = peer.received.length;
    const row = await deliver(await tesla8k('CRITICAL'), user.id);
    expect(row).toMatchObject({ status: 'sent' });
    const [got] = (await peer.waitFor(received + 1)).slice(received);
    expect(got).toMatchObject({ endpoint: renewed.endpoint, vapid: { k: rotated.publicKey } });
    expect(peer.rejected).toEqual([]);
  });

  it('keeps the VAPID key pair generated at first start across restarts', async () => {
    const [row] = await db.execute<{ secret: string }>(sql`select secret from signing_keys where name = 'vapid'`);
    const kept = JSON.parse(row!.secret) as { publicKey: string };
    const api = client((await createSignedInUser(db, { email: 'keys@example.com' })).session);
    expect((await api.push.status.query()).publicKey).toBe(kept.publicKey);
    expect(Buffer.from(kept.publicKey, 'base64url')).toHaveLength(65);
  });
});
