import { sql } from 'drizzle-orm';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { cookieSession, freshIp, startAuthTestApp, tokenFromText } from '../test/auth-client';
import { startTestApp } from '../test/app';
import { createSignedInUser } from '../test/users';
import { LOG_REDACT, LOG_SERIALIZERS } from './log-options';

/**
 * Each finding of the security review (issue 12) as the attack it was, now refused. The
 * attacker's page is played by requests carrying its Origin / Sec-Fetch-Site, as a browser sends them.
 */
const logLines: string[] = [];
const t = await startAuthTestApp();
const { api, smtp, twilio, database } = t;
const db = database.db;
const webhook = `${t.url}/api/sms/inbound`;
const EVIL = 'https://evil.example';

const profileStatus = async (session: string) => (await api.get('/api/profile', { session })).status;
const userRow = async (id: string) =>
  (
    await db.execute<{ email: string | null; phone: string | null; phone_verified_at: Date | null }>(
      sql`select email, phone, phone_verified_at from users where id = ${id}`,
    )
  )[0];

function trpcPost(path: string, body: string, headers: Record<string, string>) {
  return fetch(`${t.url}/trpc/${path}`, { method: 'POST', headers, body });
}

describe('1. session fixation through contact verification', () => {
  it('a token planted before an email is verified is dead after the verification; the click gets a fresh one', async () => {
    const planted = await t.anonymousSession();
    // The victim's browser uses the planted token: adds a ticker and an email, then confirms it.
    await api.post('/api/subscribe', { tickers: 'AAPL', forms: '8-K' }, { session: planted });
    await api.post('/api/notify', { email: 'victim1@example.com' }, { session: planted });
    const token = tokenFromText(
      (await smtp.waitFor((m) => m.envelopeTo.includes('victim1@example.com'))).text,
      '/api/verify-email',
    );
    const confirmed = await api.post<{ session: string }>(
      '/api/verify-email',
      { token },
      { headers: { origin: t.url } },
    );
    expect(confirmed.status).toBe(200);
    expect(await profileStatus(planted)).toBe(401);
    expect(await profileStatus(confirmed.body.session)).toBe(200);
  });

  it('a token planted before a phone is verified by YES is dead after it', async () => {
    const planted = await t.anonymousSession();
    await api.post('/api/notify', { phone: '+12025550133', notify_via: ['sms'] }, { session: planted });
    await twilio.waitFor((m) => m.to === '+12025550133');
    const yes = await twilio.sendInbound(webhook, { From: '+12025550133', Body: 'YES' });
    expect(yes.replies[0]).toContain('your number is verified');
    expect(await profileStatus(planted)).toBe(401);
  });
});

describe('2. CSRF', () => {
  it('refuses form posts to /api (the chains: change contacts, add a secondary email, clear the phone, logout)', async () => {
    const { user, session } = await createSignedInUser(db, {
      email: 'pro@example.com',
      phone: '+12025550134',
      planType: 'pro',
      planStatus: 'active',
    });
    const form = { 'content-type': 'application/x-www-form-urlencoded', cookie: `session=${session}`, origin: EVIL };
    for (const [path, body] of [
      ['/api/notify', 'email=attacker%40evil.example'],
      ['/api/add-secondary-contact', 'email=attacker%40evil.example'],
      ['/api/notify', 'email=pro%40example.com&phone='],
      ['/api/logout', ''],
      ['/api/delete-account', 'confirm=true'],
    ] as const) {
      const r = await api.post(path, body, { headers: form });
      expect(r.status, path).toBe(415);
    }
    const plain = await api.post('/api/notify', '{"email":"attacker@evil.example"}', {
      headers: { ...form, 'content-type': 'text/plain' },
    });
    expect(plain.status).toBe(415);
    expect(await userRow(user.id)).toMatchObject({ email: 'pro@example.com', phone: '+12025550134' });
    expect(await profileStatus(session)).toBe(200);
  });

  it('refuses JSON changes from another origin, and cookie-only changes without proof of origin', async () => {
    const { user, session } = await createSignedInUser(db, { email: 'json@example.com' });
    const cookie = { cookie: `session=${session}` };
    const foreign = await api.post('/api/delete-account', { confirm: true }, { headers: { ...cookie, origin: EVIL } });
    expect(foreign).toMatchObject({ status: 403, body: { error: 'cross_site_request' } });
    const site = await api.post(
      '/api/delete-account',
      { confirm: true },
      { headers: { ...cookie, 'sec-fetch-site': 'cross-site' } },
    );
    expect(site).toMatchObject({ status: 403, body: { error: 'cross_site_request' } });
    const nullOrigin = await api.post(
      '/api/delete-account',
      { confirm: true },
      { headers: { ...cookie, origin: 'null' } },
    );
    expect(nullOrigin.status).toBe(403);
    const bare = await api.post('/api/delete-account', { confirm: true }, { headers: cookie });
    expect(bare).toMatchObject({ status: 403, body: { error: 'origin_required' } });
    expect(await userRow(user.id)).toBeTruthy();
    // Our own origin with the cookie, or a script with X-Session, may.
    expect(
      (await api.post('/api/update-alert-thresholds', { email: 'HIGH' }, { headers: { ...cookie, origin: t.url } }))
        .status,
    ).toBe(200);
    expect((await api.post('/api/update-alert-thresholds', { email: 'LOW' }, { session })).status).toBe(200);
  });

  it('tRPC takes only JSON, and refuses a mutation from another origin', async () => {
    const { user, session } = await createSignedInUser(db, { email: 'trpc@example.com' });
    const multipart = new FormData();
    multipart.set('confirm', 'true');
    const mp = await fetch(`${t.url}/trpc/auth.deleteAccount`, {
      method: 'POST',
      headers: { cookie: `session=${session}`, origin: EVIL },
      body: multipart,
    });
    expect(mp.status).toBe(415);
    const asText = await trpcPost('auth.deleteAccount', '{"confirm":true}', {
      'content-type': 'text/plain',
      cookie: `session=${session}`,
    });
    expect(asText.status).toBe(415);
    const foreign = await trpcPost('auth.deleteAccount', '{"confirm":true}', {
      'content-type': 'application/json',
      cookie: `session=${session}`,
      origin: EVIL,
    });
    expect(foreign.status).toBe(403);
    expect(await userRow(user.id)).toBeTruthy();
  });

  it('login CSRF: a sign-in link posted from another site does not sign the browser in, and the link stays usable', async () => {
    await api.post('/api/login', { identifier: 'attacker@example.com' }, { ip: freshIp() });
    const token = tokenFromText(
      (await smtp.waitFor((m) => m.envelopeTo.includes('attacker@example.com'))).text,
      '/api/verify-login',
    );
    const forced = await api.post('/api/verify-login', { token }, { headers: { origin: EVIL } });
    expect(forced.status).toBe(403);
    expect(cookieSession(forced.headers)).toBeUndefined();
    const viaTrpc = await trpcPost('auth.verifyLink', JSON.stringify({ token }), {
      'content-type': 'application/json',
      'sec-fetch-site': 'cross-site',
    });
    expect(viaTrpc.status).toBe(403);
    // A mail scanner's GET does not use the link up either.
    await api.get(`/api/verify-login?token=${token}`, { headers: { accept: 'text/html' } });
    expect((await api.post('/api/verify-login', { token }, { headers: { origin: t.url } })).status).toBe(200);
  });
});

describe('3. cross-site websocket hijacking', () => {
  const open = (headers: Record<string, string>, params?: Record<string, string>) =>
    new Promise<{ status: number; socket?: WebSocket }>((resolve) => {
      const socket = new WebSocket(`${t.url.replace('http', 'ws')}/trpc${params ? `?connectionParams=1` : ''}`, {
        headers,
      });
      socket.once('open', () => resolve({ status: 101, socket }));
      socket.once('unexpected-response', (req, res) => {
        resolve({ status: res.statusCode ?? 0 });
        req.destroy();
      });
      socket.once('error', () => resolve({ status: 0 }));
    });
  const call = (socket: WebSocket, message: object) =>
    new Promise<Record<string, unknown>>((resolve) => {
      socket.on('message', (data) => {
        const parsed = JSON.parse(String(data)) as Record<string, unknown>;
        if (parsed.id === (message as { id: number }).id) resolve(parsed);
      });
      socket.send(JSON.stringify(message));
    });

  it('refuses an upgrade from another origin', async () => {
    const { session } = await createSignedInUser(db, {
      email: 'ws@example.com',
      planType: 'pro',
      planStatus: 'active',
    });
    expect((await open({ origin: EVIL, cookie: `session=${session}` })).status).toBe(403);
  });

  it('ignores the cookie on a websocket: the session comes only from connectionParams', async () => {
    const { session } = await createSignedInUser(db, { email: 'ws2@example.com' });
    const { socket } = await open({ origin: t.url, cookie: `session=${session}` }, {});
    socket!.send(JSON.stringify({ method: 'connectionParams', data: {} }));
    const me = await call(socket!, { id: 1, method: 'query', params: { path: 'auth.me', input: null } });
    expect((me.result as { data: unknown }).data).toBeNull();
    socket!.close();
  });
});

describe('4. "Reply YES" confirms whoever asked last', () => {
  it('with two accounts waiting on one number, YES confirms neither and says so', async () => {
    const victim = await createSignedInUser(db, { email: 'v4@example.com' });
    const attacker = await createSignedInUser(db, { email: 'a4@example.com' });
    const add = (who: { session: string }, email: string) =>
      t.approvedContactChange('/api/add-secondary-contact', { phone: '+12025550135' }, who.session, email);
    expect((await add(victim, 'v4@example.com')).status).toBe(200);
    expect((await add(attacker, 'a4@example.com')).status).toBe(200);
    const yes = await twilio.sendInbound(webhook, { From: '+12025550135', Body: 'YES' });
    expect(yes.replies[0]).toContain('two accounts asked to use this number');
    expect((await userRow(attacker.user.id))!.phone_verified_at).toBeNull();
    expect((await userRow(victim.user.id))!.phone_verified_at).toBeNull();
  });
});

describe('6. logout and contact changes end the admin bearer', () => {
  it('an admin bearer dies with the sign-out and with a contact change', async () => {
    for (const end of ['logout', 'contact'] as const) {
      const { user, session } = await createSignedInUser(db, { email: `admin-${end}@example.com`, isAdmin: true });
      const admin = await api.post<{ token: string }>('/api/admin/login', {}, { session });
      const bearer = { authorization: `Bearer ${admin.body.token}` };
      expect((await fetch(`${t.url}/trpc/admin.me`, { headers: bearer })).status).toBe(200);
      if (end === 'logout') await api.post('/api/logout', {}, { session });
      else
        expect(
          (
            await t.approvedContactChange(
              '/api/notify',
              { email: `moved-${end}@example.com` },
              session,
              `admin-${end}@example.com`,
            )
          ).status,
        ).toBe(200);
      expect((await fetch(`${t.url}/trpc/admin.me`, { headers: bearer })).status, end).toBe(401);
      expect(user.isAdmin).toBe(true);
    }
  });
});

describe('7. the admin credential in a browser is an HttpOnly cookie', () => {
  it('is set HttpOnly, SameSite=Strict and scoped to /trpc; works from our pages; a cross-site or origin-less change is refused', async () => {
    const { session } = await createSignedInUser(db, { email: 'admin-cookie@example.com', isAdmin: true });
    const login = await fetch(`${t.url}/trpc/auth.adminLogin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-session': session, origin: t.url },
      body: '{}',
    });
    expect(login.status).toBe(200);
    const setCookie = login.headers.getSetCookie().find((c) => c.startsWith('admin_session='))!;
    expect(setCookie).toMatch(/; Path=\/trpc/);
    expect(setCookie).toMatch(/; HttpOnly/);
    expect(setCookie).toMatch(/; SameSite=Strict/);
    const cookie = setCookie.split(';')[0]!;
    expect((await fetch(`${t.url}/trpc/admin.me`, { headers: { cookie, origin: t.url } })).status).toBe(200);
    const logout = (origin?: string) =>
      fetch(`${t.url}/trpc/auth.adminLogout`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie, ...(origin ? { origin } : {}) },
        body: '{}',
      });
    expect((await logout(EVIL)).status).toBe(403);
    expect((await logout()).status).toBe(403);
    const out = await logout(t.url);
    expect(out.status).toBe(200);
    expect(out.headers.getSetCookie().some((c) => /^admin_session=;/.test(c))).toBe(true);
    expect((await fetch(`${t.url}/trpc/admin.me`, { headers: { cookie, origin: t.url } })).status).toBe(401);
  });
});

describe('abuse and headers', () => {
  it('reads never create users, and anonymous users are limited per client address', async () => {
    const [before] = await db.execute<{ n: number }>(sql`select count(*)::int as n from users`);
    await fetch(`${t.url}/trpc/watchlist.get`);
    await fetch(`${t.url}/trpc/auth.profile`);
    await api.get('/api/watchlist');
    const [after] = await db.execute<{ n: number }>(sql`select count(*)::int as n from users`);
    expect(after!.n).toBe(before!.n);

    const ip = freshIp();
    const statuses: number[] = [];
    for (let i = 0; i < 61; i += 1)
      statuses.push((await api.post('/api/subscribe', { tickers: 'AAPL', forms: '8-K' }, { ip })).status);
    expect(statuses.slice(0, 60).filter((s) => s !== 200)).toEqual([]);
    expect(statuses[60]).toBe(429);
  });

  it('a refused write leaves no visitor behind and hands out no session (REST and tRPC)', async () => {
    const users = async () => (await db.execute<{ n: number }>(sql`select count(*)::int as n from users`))[0]!.n;
    const before = await users();
    // Eleven tickers pass the input check but not the free limit of 10 (a 403), which needs a user to count.
    const eleven = 'AAPL,MSFT,NVDA,TSLA,AMZN,GOOGL,META,NFLX,AMD,INTC,ORCL';
    const rest = await fetch(`${t.url}/api/subscribe`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': freshIp() },
      body: JSON.stringify({ tickers: eleven, forms: '8-K' }),
    });
    expect(rest.status).toBe(403);
    expect(rest.headers.get('x-session')).toBeNull();
    expect(rest.headers.get('set-cookie') ?? '').not.toMatch(/session=[^;]+;/);
    const trpc = await fetch(`${t.url}/trpc/watchlist.subscribe`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': freshIp() },
      body: JSON.stringify({ tickers: eleven, forms: ['8-K'] }),
    });
    expect(trpc.status).toBe(403);
    expect(trpc.headers.get('x-session')).toBeNull();
    expect(await users()).toBe(before);
    // The same write within the limit creates the visitor.
    const ok = await fetch(`${t.url}/api/subscribe`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': freshIp() },
      body: JSON.stringify({ tickers: 'AAPL', forms: '8-K' }),
    });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('x-session')).toBeTruthy();
    expect(await users()).toBe(before + 1);
  });

  it('no session in a URL: ?connectionParams= is refused', async () => {
    const { session } = await createSignedInUser(db, { email: 'url@example.com' });
    const r = await fetch(`${t.url}/trpc/auth.me?connectionParams=${encodeURIComponent(JSON.stringify({ session }))}`);
    expect(r.status).toBe(400);
  });

  it('a replayed Twilio MessageSid is refused without acting', async () => {
    const params = { From: '+12025550136', Body: 'STOP', MessageSid: `SM${'a'.repeat(32)}` };
    expect((await twilio.sendInbound(webhook, params)).status).toBe(200);
    await twilio.sendInbound(webhook, { From: '+12025550136', Body: 'START' });
    const replay = await twilio.sendInbound(webhook, params);
    expect(replay.status).toBe(409);
    const [opted] = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from sms_opt_outs where phone = '+12025550136'`,
    );
    expect(opted!.n).toBe(0);
  });

  it('every response carries the security headers; per-user JSON is never cached', async () => {
    const { session } = await createSignedInUser(db, { email: 'headers@example.com' });
    const r = await api.get('/api/profile', { session });
    const csp = r.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(r.headers.get('x-frame-options')).toBe('DENY');
    expect(csp).toContain("object-src 'none'");
    expect(r.headers.get('x-content-type-options')).toBe('nosniff');
    expect(r.headers.get('referrer-policy')).toBe('same-origin');
    expect(r.headers.get('cache-control')).toBe('private, no-store');
    expect(r.headers.get('strict-transport-security')).toBeNull();
    const trpc = await fetch(`${t.url}/trpc/auth.me`, { headers: { 'x-session': session } });
    expect(trpc.headers.get('cache-control')).toBe('private, no-store');

    const secure = await startTestApp({ env: { PUBLIC_URL: 'https://alerts.example', NODE_ENV: 'production' } });
    const health = await fetch(`${secure.url}/api/health`);
    expect(health.headers.get('strict-transport-security')).toContain('max-age=');
    expect((await fetch(`${secure.url}/assets/index-abc.js.map`)).status).toBe(404);
  });

  it('session tokens and database parameter values stay out of the logs', async () => {
    const logged = await startTestApp({
      customise: (deps) => ({
        ...deps,
        logger: pino(
          { level: 'trace', redact: LOG_REDACT, serializers: LOG_SERIALIZERS },
          { write: (line: string) => void logLines.push(line) },
        ),
      }),
    });
    const created = await fetch(`${logged.url}/trpc/auth.session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    const token = created.headers.get('x-session')!;
    await fetch(`${logged.url}/trpc/auth.me`, { headers: { 'x-session': token, cookie: `session=${token}` } });
    await fetch(
      `${logged.url}/trpc/auth.me?connectionParams=${encodeURIComponent(JSON.stringify({ session: token }))}`,
    );
    // A database error whose parameters hold an email: logged with the query, not the value.
    const failing = await db.execute(sql`select ${'leak@example.com'}::int`).catch((e: unknown) => e);
    logged.app.log.error({ err: failing }, 'db failure');
    const log = logLines.join('\n');
    expect(token.length).toBeGreaterThan(20);
    expect(log).not.toContain(token);
    expect(log).not.toContain('leak@example.com');
    expect(log).toContain('22P02');
  });
});
