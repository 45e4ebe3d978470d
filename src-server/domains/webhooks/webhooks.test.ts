/**
 * Outbound webhooks (issue #31) through a receiver peer on 127.0.0.1: the signed JSON, Slack and
 * Discord shapes, delivery as alerts (retries, receipts, auto-disable with an email, a burst gathered
 * into one delivery, a 10-K's change since last year in every format), and the
 * SSRF refusals through an injected resolver, so no test sends a packet outside 127.0.0.0/8.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEnv } from '../../config/env';
import { assertProductionStart } from '../../config/production-start';
import { type HostResolver, refusedKind } from '../../integrations/address-policy';
import { checkTarget } from '../../integrations/webhook/safe-post';
import { signatureHeader, verifySignature } from '../../integrations/webhook/signature';
import { follow, seedTickers } from '../../test/alerts';
import { startTestApp } from '../../test/app';
import { startWebhookReceiver } from '../../test/peers/webhook-receiver';
import { insertRealFilings, realFilings } from '../../test/real-filings';
import { APPLE_10K_PAIR, store10kPair } from '../../test/report-pair';
import { createSignedInUser } from '../../test/users';
import { listDevOutbox } from '../auth/dev-outbox.service';
import { deliverAlerts } from '../alerts/delivery.service';
import { requeueOrphans } from '../alerts/delivery.repo';
import { matchFiling } from '../alerts/match.service';

/** Names the tests use; anything else is unknown. Every answer but 127.0.0.1 is refused before a connection. */
const DNS: Record<string, string[]> = {
  'receiver.test': ['127.0.0.1'],
  'intranet.test': ['10.1.2.3'],
  'metadata.test': ['169.254.169.254'],
  'mapped.test': ['::ffff:192.168.0.7'],
  'mixed.test': ['127.0.0.1', '172.16.5.5'],
  'v6-private.test': ['fd00:ec2::254'],
};
const lookups: string[] = [];
const resolver: HostResolver = async (host) => {
  lookups.push(host);
  const found = DNS[host];
  if (!found) throw Object.assign(new Error('ENOTFOUND'), { code: 'ENOTFOUND' });
  return found.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
};

const receiver = await startWebhookReceiver();
const port = new URL(receiver.url).port;
const { url, deps } = await startTestApp({
  env: {
    WEBHOOKS_ALLOW_LOOPBACK: 'true',
    WEBHOOKS_TIMEOUT_MS: '400',
    WEBHOOKS_DISABLE_AFTER_FAILURES: '2',
    ALERT_RETRY_BASE_SECONDS: '0.01',
    ALERT_BURST_GATHER_SECONDS: '0',
    PUBLIC_URL: 'https://alerts.example',
    BRAND_HOSTS: 'alerts.example=8k,insiders.example=form4',
  },
  customise: (base) => ({ ...base, hostResolver: resolver }),
});
const db = deps.db;
type Json = Record<string, unknown>;

beforeAll(() => seedTickers(db));
afterAll(() => receiver.close());

async function call(method: string, path: string, options: { session?: string; token?: string; body?: unknown } = {}) {
  const response = await fetch(`${url}${path}`, {
    method,
    headers: {
      ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(options.session ? { 'x-session': options.session } : {}),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    },
    body: options.body !== undefined ? JSON.stringify(options.body) : undefined,
  });
  return { status: response.status, body: (await response.json()) as Json };
}

const pro = (email: string) => createSignedInUser(db, { email, planType: 'pro', planStatus: 'active' });

async function addHook(session: string, path: string, format: string, host = '127.0.0.1') {
  const r = await call('POST', '/api/hooks', { session, body: { url: `http://${host}:${port}${path}`, format } });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body as { id: string; secret: string };
}

const tesla8ks = realFilings('TSLA', { forms: ['8-K'] });
let nextFiling = 0;
async function alertFor(userId: string): Promise<number[]> {
  await follow(db, { userId, ticker: 'TSLA', forms: ['8-K'] });
  const [filingId] = await insertRealFilings(db, [tesla8ks[nextFiling++]!], { ticker: 'TSLA', importance: 'HIGH' });
  await matchFiling(db, { filingId: filingId! });
  const rows = await db.execute<{ id: number }>(
    sql`select id::float8 as id from alerts where filing_id = ${filingId} and user_id = ${userId} and channel like 'hook:%'`,
  );
  return rows.map((r) => Number(r.id));
}

/** A retried alert's backoff has run out: the next send may lease it. */
const untilDue = (alertId: number) =>
  expect
    .poll(
      async () =>
        (
          await db.execute<{ due: boolean }>(
            sql`select next_attempt_at <= now() as due from alerts where id = ${alertId}`,
          )
        )[0]?.due,
      { timeout: 20_000 },
    )
    .toBe(true);

describe('the address policy', () => {
  it('refuses loopback, private, link-local, metadata and IPv4 hidden in IPv6', () => {
    const strict = { allowLoopback: false };
    expect(refusedKind('127.0.0.1', strict)).toBe('loopback');
    expect(refusedKind('::1', strict)).toBe('loopback');
    expect(refusedKind('10.0.0.1', strict)).toBe('private');
    expect(refusedKind('172.31.255.1', strict)).toBe('private');
    expect(refusedKind('192.168.1.1', strict)).toBe('private');
    expect(refusedKind('100.64.0.1', strict)).toBe('private');
    expect(refusedKind('fd12::1', strict)).toBe('private');
    expect(refusedKind('169.254.1.1', strict)).toBe('link-local');
    expect(refusedKind('fe80::1', strict)).toBe('link-local');
    expect(refusedKind('169.254.169.254', strict)).toBe('metadata');
    expect(refusedKind('fd00:ec2::254', strict)).toBe('metadata');
    expect(refusedKind('::ffff:127.0.0.1', strict)).toBe('loopback');
    expect(refusedKind('::ffff:a9fe:a9fe', strict)).toBe('metadata');
    expect(refusedKind('64:ff9b::10.0.0.1', strict)).toBe('private');
    expect(refusedKind('2002:c0a8:0101::1', strict)).toBe('private');
    expect(refusedKind('0.0.0.0', strict)).toBe('unspecified');
    expect(refusedKind('224.0.0.1', strict)).toBe('multicast');
    expect(refusedKind('8.8.8.8', strict)).toBeNull();
    expect(refusedKind('2606:4700::1111', strict)).toBeNull();
    expect(refusedKind('127.0.0.1', { allowLoopback: true })).toBeNull();
    expect(refusedKind('10.0.0.1', { allowLoopback: true })).toBe('private');
  });

  it('refuses a name that resolves to a refused address, before any connection', async () => {
    const strict = { allowLoopback: false, resolve: resolver };
    const cases: [string, string][] = [
      ['https://receiver.test/hook', 'target_loopback'],
      ['https://intranet.test/hook', 'target_private'],
      ['https://metadata.test/latest/meta-data', 'target_metadata'],
      ['https://mapped.test/', 'target_private'],
      ['https://mixed.test/', 'target_loopback'],
      ['https://v6-private.test/', 'target_metadata'],
      ['https://[::1]/', 'target_loopback'],
      ['https://169.254.169.254/', 'target_metadata'],
      ['https://nowhere.test/', 'host_unresolved'],
      ['http://8.8.8.8/', 'url_not_https'],
      ['https://user:pw@8.8.8.8/', 'url_credentials'],
      ['ftp://8.8.8.8/', 'url_not_https'],
    ];
    for (const [target, reason] of cases) {
      await expect(checkTarget(target, strict), target).rejects.toMatchObject({ reason });
    }
    // With loopback allowed, a name with one private answer among loopback ones is still refused.
    await expect(checkTarget('http://mixed.test/', { allowLoopback: true, resolve: resolver })).rejects.toMatchObject({
      reason: 'target_private',
    });
    await expect(checkTarget('https://8.8.8.8/hook', strict)).resolves.toMatchObject({ address: '8.8.8.8' });
  });

  it('production refuses WEBHOOKS_ALLOW_LOOPBACK at start', () => {
    const env = parseEnv({
      NODE_ENV: 'production',
      EDGAR_SOURCE: 'replay',
      ALLOW_DEV_OUTBOX_IN_PRODUCTION: 'true',
      WEBHOOKS_ALLOW_LOOPBACK: 'true',
    });
    expect(() => assertProductionStart(env)).toThrow(/WEBHOOKS_ALLOW_LOOPBACK/);
  });
});

describe('the signature', () => {
  it('verifies as documented, and refuses tampered, re-signed and stale bodies', () => {
    const now = 1_764_000_000;
    const body = '{"id":"alert:1"}';
    const header = signatureHeader('fa_whsec_test', now, body);
    expect(header).toMatch(/^t=1764000000,v1=[0-9a-f]{64}$/);
    expect(verifySignature('fa_whsec_test', header, body, now + 10)).toBe(true);
    expect(verifySignature('fa_whsec_test', header, `${body} `, now)).toBe(false);
    expect(verifySignature('fa_whsec_other', header, body, now)).toBe(false);
    expect(verifySignature('fa_whsec_test', header.replace(`t=${now}`, `t=${now + 1}`), body, now)).toBe(false);
    expect(verifySignature('fa_whsec_test', header, body, now + 301)).toBe(false);
    expect(verifySignature('fa_whsec_test', undefined, body, now)).toBe(false);
  });
});

describe('webhooks over the API', () => {
  it('json: the receiver verifies the signature with the secret shown once', async () => {
    const { session } = await pro('json@example.com');
    const hook = await addHook(session, '/json', 'json');
    expect(hook.secret).toMatch(/^fa_whsec_/);
    receiver.secretFor('/json', hook.secret);
    const test = await call('POST', `/api/hooks/${hook.id}/test`, { session, body: {} });
    expect(test.body).toEqual({ ok: true, status: 200, error: null });
    const got = await receiver.received.waitFor((r) => r.path === '/json', 2000, 'json test');
    expect(got.signatureValid).toBe(true);
    expect(got.json).toMatchObject({ type: 'test', data: { filings: expect.any(Array) } });
    expect(got.headers['filing-delivery']).toMatch(/^test:/);
    const listed = await call('GET', '/api/hooks', { session });
    expect(JSON.stringify(listed.body)).not.toContain(hook.secret);
    expect((listed.body.hooks as Json[])[0]).toMatchObject({ id: hook.id, format: 'json', enabled: true });
  });

  it('slack and discord: their webhook shapes, filing text escaped and pinging nobody', async () => {
    const { user, session } = await pro('chat@example.com');
    const slack = await addHook(session, '/slack', 'slack');
    const discord = await addHook(session, '/discord', 'discord');
    const ids = await alertFor(user.id);
    expect(ids).toHaveLength(2);
    await deliverAlerts(deps, { alertIds: ids });
    const s = await receiver.received.waitFor((r) => r.path === '/slack', 2000, 'slack');
    expect(typeof s.json.text).toBe('string');
    expect(s.json.text).toMatch(/^<https:\/\/www\.sec\.gov\/.+\|TSLA 8-K · HIGH: .+>$/);
    expect(s.json.blocks).toEqual(expect.arrayContaining([expect.objectContaining({ type: 'section' })]));
    expect(s.headers['filing-signature']).toBeUndefined();
    const d = await receiver.received.waitFor((r) => r.path === '/discord', 2000, 'discord');
    expect(d.json.allowed_mentions).toEqual({ parse: [] });
    expect(d.json.content).toMatch(/^TSLA 8-K · HIGH: /);
    const [embed] = d.json.embeds as Json[];
    expect(embed).toMatchObject({ title: 'TSLA 8-K · HIGH', url: expect.stringMatching(/^https:\/\/www\.sec\.gov\//) });
    expect(typeof embed!.color).toBe('number');
    expect(slack.id).not.toBe(discord.id);
  });

  it('refuses private, metadata and unresolvable targets when added', async () => {
    const { session } = await pro('ssrf@example.com');
    for (const [target, reason] of [
      ['https://intranet.test/hook', 'target_private'],
      ['https://metadata.test/', 'target_metadata'],
      ['https://169.254.169.254/latest', 'target_metadata'],
      ['https://[fe80::1]/', 'target_link_local'],
      ['https://nowhere.test/', 'host_unresolved'],
      ['http://8.8.8.8/', 'url_not_https'],
      ['not a url', undefined],
    ] as const) {
      const r = await call('POST', '/api/hooks', { session, body: { url: target, format: 'json' } });
      expect(r.status, target).toBe(400);
      if (reason) expect(r.body.error, target).toBe(reason);
    }
    expect((await call('GET', '/api/hooks', { session })).body.hooks).toEqual([]);
  });

  it('belong to one user; free users, read tokens and other users are refused', async () => {
    const alice = await pro('alice-hooks@example.com');
    const bob = await pro('bob-hooks@example.com');
    const hook = await addHook(alice.session, '/alice', 'json');
    for (const [method, path] of [
      ['DELETE', `/api/hooks/${hook.id}`],
      ['POST', `/api/hooks/${hook.id}/test`],
    ] as const) {
      expect(
        (await call(method, path, { session: bob.session, body: method === 'POST' ? {} : undefined })).status,
      ).toBe(404);
    }
    expect((await call('GET', '/api/hooks', { session: bob.session })).body.hooks).toEqual([]);
    const free = await createSignedInUser(db, { email: 'free-hooks@example.com' });
    const refused = await call('POST', '/api/hooks', {
      session: free.session,
      body: { url: `http://127.0.0.1:${port}/free`, format: 'json' },
    });
    expect(refused.status).toBe(403);
    const read = await call('POST', '/api/tokens', { session: alice.session, body: { name: 'r', scope: 'read' } });
    const write = await call('POST', '/api/tokens', { session: alice.session, body: { name: 'w', scope: 'write' } });
    const readToken = read.body.token as string;
    const writeToken = write.body.token as string;
    expect((await call('GET', '/api/hooks', { token: readToken })).status).toBe(200);
    expect((await call('DELETE', `/api/hooks/${hook.id}`, { token: readToken })).status).toBe(403);
    expect((await call('DELETE', `/api/hooks/${hook.id}`, { token: writeToken })).status).toBe(200);
    expect((await call('GET', '/api/hooks', { token: writeToken })).body.hooks).toEqual([]);
  });
});

describe('webhook delivery', () => {
  it('is an alert: signed, receipted, same alert id on a retry; response bodies are not stored', async () => {
    const { user, session } = await pro('deliver@example.com');
    const hook = await addHook(session, '/deliver', 'json', 'receiver.test');
    receiver.secretFor('/deliver', hook.secret);
    receiver.answer('/deliver', { status: 503, body: 'BODY-THAT-MUST-NOT-BE-STORED' });
    const [alertId] = await alertFor(user.id);
    expect((await deliverAlerts(deps, { alertIds: [alertId!] })).retry).toBe(1);
    const lookupsBefore = lookups.length;
    receiver.answer('/deliver', { status: 204 });
    await untilDue(alertId!);
    expect((await deliverAlerts(deps, { alertIds: [alertId!] })).sent).toBe(1);
    // The name was resolved once per send and the socket used that answer (no second lookup).
    expect(lookups.length - lookupsBefore).toBe(1);
    const got = receiver.received.items.filter((r) => r.path === '/deliver');
    expect(got).toHaveLength(2);
    expect(got.every((r) => r.signatureValid)).toBe(true);
    expect(new Set(got.map((r) => r.headers['filing-delivery']))).toEqual(new Set([`alert:${alertId}`]));
    expect(got[1]!.json).toMatchObject({ type: 'filing.alert', data: { filings: [{ ticker: 'TSLA', form: '8-K' }] } });
    const [row] = await db.execute<Json>(sql`select * from alerts where id = ${alertId}`);
    expect(row).toMatchObject({ status: 'sent', provider_status: 'accepted', provider_response: 'HTTP 204' });
    expect(row!.delivered_at).not.toBeNull();
    const stored = JSON.stringify(
      await db.execute(
        sql`select a.*, h.* from alerts a, webhooks h where h.user_id = a.user_id and a.user_id = ${user.id}`,
      ),
    );
    expect(stored).not.toContain('BODY-THAT-MUST-NOT-BE-STORED');
  });

  it('follows the routing: its own importance threshold and the account’s quiet hours', async () => {
    const { user, session } = await pro('routing-hooks@example.com');
    const strict = await call('POST', '/api/hooks', {
      session,
      body: { url: `http://127.0.0.1:${port}/critical-only`, format: 'json', minImportance: 'CRITICAL' },
    });
    expect(strict.status).toBe(201);
    // A HIGH filing: below this hook's CRITICAL threshold, so no row for it.
    expect(await alertFor(user.id)).toEqual([]);
    await db.execute(sql`update webhooks set min_rank = null where user_id = ${user.id}`);
    // Quiet hours around the clock in the user's zone: the alert is held, not sent.
    await db.execute(sql`update users set quiet_start_minute = 0, quiet_end_minute = 1439 where id = ${user.id}`);
    const [held] = await alertFor(user.id);
    expect((await deliverAlerts(deps, { alertIds: [held!] })).held).toBe(1);
    expect(receiver.received.items.filter((r) => r.path === '/critical-only')).toHaveLength(0);
  });

  it('does not follow redirects, times out, dead-letters a 4xx, and disables after repeated failures with an email', async () => {
    const { user, session } = await pro('failing@example.com');
    const hook = await addHook(session, '/failing', 'json');
    receiver.answer('/failing', { status: 302, location: `http://127.0.0.1:${port}/elsewhere` });
    const [first] = await alertFor(user.id);
    expect((await deliverAlerts(deps, { alertIds: [first!] })).dead).toBe(1);
    expect(receiver.received.items.filter((r) => r.path === '/elsewhere')).toHaveLength(0);
    receiver.answer('/failing', 'hang');
    const [second] = await alertFor(user.id);
    expect((await deliverAlerts(deps, { alertIds: [second!] })).retry).toBe(1);
    const [h] = await db.execute<Json>(sql`select * from webhooks where id = ${hook.id}`);
    expect(h).toMatchObject({ consecutive_failures: 2 });
    expect(h!.disabled_at).not.toBeNull();
    expect(String(h!.last_error)).toMatch(/did not answer within 400 ms/);
    const mail = (await listDevOutbox(db, { limit: 20 })).find((m) => m.to === 'failing@example.com');
    expect(mail?.subject).toMatch(/webhook was turned off/);
    // A disabled hook gets no new alert rows, and its queued one is cancelled at send time.
    expect(await alertFor(user.id)).toEqual([]);
    await untilDue(second!);
    expect((await deliverAlerts(deps, { alertIds: [second!] })).cancelled).toBe(1);
    // A successful test turns it back on.
    receiver.answer('/failing', { status: 200 });
    expect((await call('POST', `/api/hooks/${hook.id}/test`, { session, body: {} })).body.ok).toBe(true);
    expect((await call('GET', '/api/hooks', { session })).body.hooks).toMatchObject([
      { enabled: true, consecutiveFailures: 0 },
    ]);
  });
});

describe('links a webhook message carries', () => {
  it('go to the owner’s brand host: the test event’s page link and the turned-off email’s settings link', async () => {
    const insider = await createSignedInUser(db, {
      email: 'insider-hooks@example.com',
      brand: 'form4',
      planType: 'pro',
      planStatus: 'active',
    });
    await insertRealFilings(db, [tesla8ks[nextFiling++]!], { ticker: 'TSLA', importance: 'HIGH' });
    const hook = await addHook(insider.session, '/insider', 'json');
    receiver.secretFor('/insider', hook.secret);
    const test = await call('POST', `/api/hooks/${hook.id}/test`, { session: insider.session, body: {} });
    expect(test.body.ok).toBe(true);
    const got = await receiver.received.waitFor((r) => r.path === '/insider', 2000, 'insider test');
    const [sample] = (got.json.data as { filings: { pageUrl: string }[] }).filings;
    expect(sample!.pageUrl).toBe('https://insiders.example/ticker/TSLA');

    receiver.answer('/insider', { status: 500 });
    for (let i = 0; i < 2; i++) {
      const ids = await alertFor(insider.user.id);
      await deliverAlerts(deps, { alertIds: ids });
    }
    const mail = (await listDevOutbox(db, { limit: 50 })).find((m) => m.to === 'insider-hooks@example.com');
    expect(mail?.subject).toMatch(/webhook was turned off/);
    expect(mail!.body).toContain('https://insiders.example/settings');
    expect(mail!.body).not.toContain('alerts.example');
  });
});

/** Delivers `alertIds` as their job does, again until one is sent (a held burst comes due after its gather window). */
async function deliverWhenDue(alertIds: number[], timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const counts = await deliverAlerts(deps, { alertIds });
    if (counts.sent > 0 || Date.now() > deadline) return counts;
    await new Promise((r) => setTimeout(r, 100));
  }
}

const hookAlertIds = async (filingId: number, userId: string) =>
  (
    await db.execute<{ id: number }>(
      sql`select id::float8 as id from alerts where filing_id = ${filingId} and user_id = ${userId} and channel like 'hook:%' order by id`,
    )
  ).map((r) => Number(r.id));

describe('webhook alerts: reports and bursts', () => {
  it("carry a 10-K's change since last year: the two-line summary and the risk factor counts in every format", async () => {
    const { user, session } = await pro('reports-hooks@example.com');
    const json = await addHook(session, '/report-json', 'json');
    receiver.secretFor('/report-json', json.secret);
    await addHook(session, '/report-slack', 'slack');
    await addHook(session, '/report-discord', 'discord');
    await follow(db, { userId: user.id, ticker: 'AAPL', forms: ['10-K'] });
    const filingId = await store10kPair(db, APPLE_10K_PAIR);
    await matchFiling(db, { filingId });
    const ids = await hookAlertIds(filingId, user.id);
    expect(ids).toHaveLength(3);
    expect((await deliverAlerts(deps, { alertIds: ids })).sent).toBe(3);
    const headline = /^Risk factors: 2\d% of the text is new since last year; 0 new risk factors, 1 removed$/;

    const j = await receiver.received.waitFor((r) => r.path === '/report-json', 2000, 'json');
    expect(j.signatureValid).toBe(true);
    const [filing] = (j.json.data as { filings: Json[] }).filings;
    expect(filing).toMatchObject({ ticker: 'AAPL', form: '10-K', importance: 'HIGH' });
    expect(filing!.reportChange).toEqual({
      headline: expect.stringMatching(headline),
      detail: expect.stringMatching(/^Legal proceedings \d+% new, MD&A \d+% new, Business \d+% new$/),
      newRiskFactors: 0,
      removedRiskFactors: 1,
    });
    const { headline: line1, detail: line2 } = filing!.reportChange as { headline: string; detail: string };

    const s = await receiver.received.waitFor((r) => r.path === '/report-slack', 2000, 'slack');
    const slackLines = String(s.json.text).split('\n');
    expect(slackLines).toHaveLength(3);
    expect(slackLines[0]).toMatch(/^<https:\/\/www\.sec\.gov\/.+\|AAPL 10-K · HIGH: .+>$/);
    expect(slackLines.slice(1)).toEqual([
      `>What changed since last year: ${line1}`,
      `>${line2.replace(/&/g, '&amp;')}`,
    ]);

    const d = await receiver.received.waitFor((r) => r.path === '/report-discord', 2000, 'discord');
    const [embed] = d.json.embeds as Json[];
    expect(String(embed!.description).split('\n').slice(1, 3)).toEqual([
      `What changed since last year: ${line1}`,
      line2,
    ]);
  });

  it('gather a burst like email: two 8-Ks of one company wait out the gather window and go as one delivery', async () => {
    const { user, session } = await pro('burst-hooks@example.com');
    const hook = await addHook(session, '/burst', 'json');
    receiver.secretFor('/burst', hook.secret);
    await follow(db, { userId: user.id, ticker: 'TSLA', forms: ['8-K'] });
    // Both stored before either is matched: the company is mid-burst for each.
    const filingIds = await insertRealFilings(db, [tesla8ks[nextFiling++]!, tesla8ks[nextFiling++]!], {
      ticker: 'TSLA',
      importance: 'HIGH',
    });
    // What the alerts worker passes from ALERT_BURST_GATHER_SECONDS (this app's is 0).
    for (const filingId of filingIds) await matchFiling(db, { filingId, burstGatherSeconds: 1 });
    const [first, second] = await Promise.all(filingIds.map(async (id) => (await hookAlertIds(id, user.id))[0]!));
    const mine = () => receiver.received.items.filter((r) => r.path === '/burst');
    // Held for the window: the first filing's delivery job finds nothing due yet.
    expect((await deliverAlerts(deps, { alertIds: [first!] })).sent).toBe(0);
    expect(mine()).toHaveLength(0);
    expect((await deliverWhenDue([first!])).sent).toBe(1);
    // The second filing's own job finds it sent inside the first one's delivery.
    expect((await deliverAlerts(deps, { alertIds: [second!] })).sent).toBe(0);
    const got = mine();
    expect(got).toHaveLength(1);
    expect(got[0]!.signatureValid).toBe(true);
    expect(got[0]!.headers['filing-delivery']).toBe(`alert:${first}`);
    const filings = (got[0]!.json.data as { filings: Json[] }).filings;
    expect(filings.map((f) => f.filingId).sort()).toEqual([...filingIds].sort());
    const rows = await db.execute<{ status: string; burst_lead_id: number | null }>(
      sql`select status, burst_lead_id::float8 as burst_lead_id from alerts where id in (${first!}, ${second!}) order by id`,
    );
    expect(rows).toEqual([
      { status: 'sent', burst_lead_id: null },
      { status: 'sent', burst_lead_id: first },
    ]);
  });
});

describe('webhook alerts a crash left behind', () => {
  it('are requeued by the sweep like the other channels: a lost job, a dead sender', async () => {
    const { user, session } = await pro('orphan-hooks@example.com');
    await addHook(session, '/orphan', 'json');
    const [lostJob, deadSender] = [(await alertFor(user.id))[0]!, (await alertFor(user.id))[0]!];
    const jobsOf = async (alertId: number) =>
      (
        await db.execute<{ id: string; key: string | null; payload: { alertIds: number[] } }>(
          sql`select id::text as id, key, payload from graphile_worker._private_jobs where task_id = (select id from graphile_worker._private_tasks where identifier = 'alerts.deliver')`,
        )
      ).filter((j) => j.payload.alertIds.map(Number).includes(alertId));
    // Their jobs are gone (a crash between the commit and the queue); one is overdue, the other was
    // leased by a sender whose identity no process holds any more.
    for (const id of [lostJob, deadSender])
      for (const job of await jobsOf(id))
        await db.execute(sql`delete from graphile_worker._private_jobs where id = ${job.id}::int8`);
    await db.execute(sql`update alerts set next_attempt_at = now() - interval '10 minutes' where id = ${lostJob}`);
    await db.execute(sql`update alerts set claimed_by = 2147483000 where id = ${deadSender}`);
    await requeueOrphans(db, { limit: 5_000, overdueSeconds: 120 });
    for (const id of [lostJob, deadSender]) {
      const jobs = await jobsOf(id);
      expect(
        jobs.map((j) => j.key?.split(':')[0]),
        `alert ${id}`,
      ).toEqual(['alerts-sweep']);
    }
  });
});
