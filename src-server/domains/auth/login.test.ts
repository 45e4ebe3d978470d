import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { codeFromText, cookieSession, freshIp, startAuthTestApp, tokenFromText } from '../../test/auth-client';
import { createSignedInUser } from '../../test/users';
import { BUDGETS } from './rate-limit';

const t = await startAuthTestApp();
const { api, smtp, twilio, database } = t;
const db = database.db;

type Body = Record<string, unknown>;
type LoginBody = { session: string; user: Body; merged: number; rejected: number };

async function addItems(userId: string, tickers: string[]) {
  for (const ticker of tickers) {
    await db.execute(sql`insert into watchlist_items (user_id, ticker, forms) values (${userId}, ${ticker}, '{8-K}')`);
  }
}
async function userIdOf(session: string): Promise<string> {
  const me = await api.get<{ user: { id: string } }>('/api/profile', { session });
  return me.body.user.id;
}
async function tickersOf(userId: string): Promise<string[]> {
  const rows = await db.execute<{ ticker: string }>(
    sql`select ticker from watchlist_items where user_id = ${userId} order by ticker`,
  );
  return rows.map((r) => r.ticker);
}
async function requestCode(phone: string, ip = freshIp()): Promise<string> {
  const before = twilio.to(phone).length;
  const sent = await api.post('/api/login', { identifier: phone }, { ip });
  expect(sent.status).toBe(200);
  const sms = await twilio.waitFor((m) => m.to === phone && twilio.to(phone).indexOf(m) >= before);
  return codeFromText(sms.body);
}

describe('login by emailed link', () => {
  it('creates the account from the anonymous visitor, rotates the token and sets a safe cookie', async () => {
    const anon = await t.anonymousSession();
    const anonId = await userIdOf(anon);
    await addItems(anonId, ['AAPL', 'MSFT']);

    const sent = await api.post(
      '/api/login',
      { identifier: '  New.User@Example.com ' },
      { session: anon, ip: freshIp() },
    );
    expect(sent).toMatchObject({ status: 200, body: { method: 'email' } });
    const mail = await smtp.waitFor((m) => m.envelopeTo.includes('new.user@example.com'));
    expect(mail.subject).toBe('Your 8-K Alerts sign-in link');
    expect(mail.html).toContain('/api/verify-login?token=');
    const token = tokenFromText(mail.text, '/api/verify-login');
    expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(16);
    const [stored] = await db.execute<{ token_hash: string }>(
      sql`select token_hash from email_tokens where email = 'new.user@example.com'`,
    );
    expect(stored!.token_hash).not.toContain(token);

    // The link's GET (a person, or a mail scanner) only says which account it is for.
    const preview = await api.get(`/api/verify-login?token=${token}`);
    expect(preview).toMatchObject({ status: 200, body: { purpose: 'login', account: 'n•••@example.com' } });
    const page = await api.get(`/api/verify-login?token=${token}`, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(303);
    expect(page.headers.get('location')).toBe(`/login/link#token=${token}`);
    expect(cookieSession(page.headers)).toBeUndefined();
    expect((await api.get('/api/profile', { session: anon })).status).toBe(200);

    const followed = await api.post<{ merged: number }>(
      '/api/verify-login',
      { token },
      { headers: { origin: t.url }, session: anon },
    );
    expect(followed.status).toBe(200);
    expect(followed.body.merged).toBe(2);
    const cookie = followed.headers.getSetCookie().find((c) => c.startsWith('session='))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/Secure/i);
    const session = cookieSession(followed.headers)!;
    expect(session).not.toBe(anon);

    const profile = await api.get<{ user: Body }>('/api/profile', { session });
    expect(profile.body.user).toMatchObject({
      id: anonId,
      email: 'new.user@example.com',
      verified: true,
      isAdmin: false,
      planType: 'free',
    });
    expect(await tickersOf(anonId)).toEqual(['AAPL', 'MSFT']);
    expect((await api.get('/api/profile', { session: anon })).status).toBe(401);

    // No procedure hands the HttpOnly cookie's token to script.
    const claimed = await fetch(`${t.url}/trpc/auth.session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: `session=${session}`, origin: t.url },
      body: '{}',
    });
    expect(((await claimed.json()) as { result: { data: { session: string | null } } }).result.data.session).toBeNull();
  });

  it('refuses a used link (JSON for API clients, a page for browsers) and an expired one', async () => {
    await t.signInByEmail('replay@example.com');
    const mail = smtp.to('replay@example.com').at(-1)!;
    const token = tokenFromText(mail.text, '/api/verify-login');
    const again = await api.post('/api/verify-login', { token }, { headers: { origin: t.url } });
    expect(again).toMatchObject({ status: 400, body: { error: 'link_used' } });
    expect(await api.get(`/api/verify-login?token=${token}`)).toMatchObject({
      status: 400,
      body: { error: 'link_used' },
    });
    expect(cookieSession(again.headers)).toBeUndefined();
    const page = await api.get(`/api/verify-login?token=${token}`, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(400);
    expect(String(page.body)).toContain('already used');

    await api.post('/api/login', { identifier: 'late@example.com' }, { ip: freshIp() });
    const late = tokenFromText(
      (await smtp.waitFor((m) => m.envelopeTo.includes('late@example.com'))).text,
      '/api/verify-login',
    );
    await db.execute(
      sql`update email_tokens set expires_at = now() - interval '1 second' where email = 'late@example.com'`,
    );
    expect(await api.get(`/api/verify-login?token=${late}`)).toMatchObject({
      status: 400,
      body: { error: 'link_expired' },
    });
    expect(await api.get(`/api/verify-login?token=${'x'.repeat(43)}`)).toMatchObject({
      status: 400,
      body: { error: 'link_unknown' },
    });
  });

  it('links live 15 minutes', async () => {
    await api.post('/api/login', { identifier: 'ttl@example.com' }, { ip: freshIp() });
    const [row] = await db.execute<{ minutes: number }>(
      sql`select round(extract(epoch from expires_at - created_at) / 60)::int as minutes from email_tokens where email = 'ttl@example.com'`,
    );
    expect(row!.minutes).toBe(15);
  });
});

describe('login by SMS code', () => {
  it('signs in with the 6-digit code and returns the session and user', async () => {
    const anon = await t.anonymousSession();
    await addItems(await userIdOf(anon), ['NVDA']);
    const ip = freshIp();
    const sent = await api.post('/api/login', { identifier: '(202) 555-0107' }, { ip });
    expect(sent).toMatchObject({ status: 200, body: { method: 'sms' } });
    const sms = await twilio.waitFor((m) => m.to === '+12025550107');
    expect(sms.from).toBe(twilio.from);
    expect(sms.body).toMatch(/^\d{6} is your 8-K Alerts sign-in code/);
    const code = codeFromText(sms.body);
    const [row] = await db.execute<{ code_hash: string; minutes: number }>(
      sql`select code_hash, round(extract(epoch from expires_at - created_at) / 60)::int as minutes from login_codes where identifier = '+12025550107'`,
    );
    expect(row!.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.minutes).toBe(10);

    const verified = await api.post<LoginBody>(
      '/api/verify-login-code',
      { identifier: '2025550107', code, previousSession: anon },
      { ip },
    );
    expect(verified.status).toBe(200);
    expect(verified.body.user).toMatchObject({
      phone: '+12025550107',
      email: null,
      verified: true,
      planStatus: 'inactive',
    });
    expect(verified.body).toMatchObject({ merged: 1, rejected: 0 });
    expect(verified.body.session).not.toBe(anon);
    expect(cookieSession(verified.headers)).toBe(verified.body.session);
    expect((await api.get('/api/profile', { session: anon })).status).toBe(401);

    const replay = await api.post('/api/verify-login-code', { identifier: '+12025550107', code }, { ip });
    expect(replay).toMatchObject({ status: 400, body: { error: 'code_expired' } });
  });

  it('kills a code after 5 wrong tries: even the right code is then refused', async () => {
    const phone = '+12025550108';
    const code = await requestCode(phone);
    const wrong = code === '000000' ? '111111' : '000000';
    const ip = freshIp();
    const left: unknown[] = [];
    for (let i = 0; i < 5; i += 1) {
      const r = await api.post('/api/verify-login-code', { identifier: phone, code: wrong }, { ip });
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ error: 'invalid_code', message: 'Invalid verification code' });
      left.push(r.body.attemptsLeft);
    }
    expect(left).toEqual([4, 3, 2, 1, 0]);
    const right = await api.post('/api/verify-login-code', { identifier: phone, code }, { ip });
    expect(right).toMatchObject({ status: 400, body: { error: 'too_many_attempts' } });
    expect(cookieSession(right.headers)).toBeUndefined();

    const fresh = await requestCode(phone);
    expect((await api.post('/api/verify-login-code', { identifier: phone, code: fresh }, { ip })).status).toBe(200);
  });

  it('counts parallel guesses exactly: 12 at once never buy more than 5 tries', async () => {
    const phone = '+12025550115';
    const code = await requestCode(phone);
    const wrong = code === '999999' ? '888888' : '999999';
    const results = await Promise.all(
      Array.from({ length: 12 }, () =>
        api.post('/api/verify-login-code', { identifier: phone, code: wrong }, { ip: freshIp() }),
      ),
    );
    expect(results.filter((r) => r.body.error === 'invalid_code')).toHaveLength(5);
    expect(results.filter((r) => r.body.error === 'too_many_attempts')).toHaveLength(7);
    expect((await api.post('/api/verify-login-code', { identifier: phone, code }, { ip: freshIp() })).body.error).toBe(
      'too_many_attempts',
    );
  });

  it('refuses an expired code, a superseded code and a code for another number', async () => {
    const phone = '+12025550109';
    const first = await requestCode(phone);
    await db.execute(sql`update login_codes set expires_at = now() - interval '1 second' where identifier = ${phone}`);
    expect(
      await api.post('/api/verify-login-code', { identifier: phone, code: first }, { ip: freshIp() }),
    ).toMatchObject({
      status: 400,
      body: { error: 'code_expired' },
    });

    const older = await requestCode(phone);
    const newer = await requestCode(phone);
    if (older !== newer) {
      expect(
        (await api.post('/api/verify-login-code', { identifier: phone, code: older }, { ip: freshIp() })).status,
      ).toBe(400);
    }
    const other = await api.post(
      '/api/verify-login-code',
      { identifier: '+12025550110', code: newer },
      { ip: freshIp() },
    );
    expect(other).toMatchObject({ status: 400, body: { error: 'invalid_code' } });
    expect(
      (await api.post('/api/verify-login-code', { identifier: phone, code: newer }, { ip: freshIp() })).status,
    ).toBe(200);
  });

  it('sends texts to US numbers only', async () => {
    const r = await api.post('/api/login', { identifier: '+44 20 7946 0958' }, { ip: freshIp() });
    expect(r.status).toBe(400);
    expect(r.body.error).toBe('unsupported_phone');
    expect(twilio.to('+442079460958')).toHaveLength(0);
  });

  it('refuses the +1 numbers that are not US mobiles (toll fraud): Jamaica, premium 900, toll-free, N11, Canada', async () => {
    for (const identifier of [
      '+1 876 555 1234',
      '1-900-555-1234',
      '(800) 555-1234',
      '911 555 1234',
      '+1 416 555 0123',
    ]) {
      const r = await api.post('/api/login', { identifier }, { ip: freshIp() });
      expect(r, identifier).toMatchObject({
        status: 400,
        body: { error: 'unsupported_phone', message: expect.stringContaining('US mobile numbers only') },
      });
    }
    expect(twilio.messages.filter((m) => /^\+1(876|900|800|911|416)/.test(m.to))).toHaveLength(0);
  });
});

describe('limits', () => {
  it('sends at most 5 codes per identifier per hour, then a clear 429', async () => {
    const phone = '+12025550111';
    for (let i = 0; i < 5; i += 1)
      expect((await api.post('/api/login', { identifier: phone }, { ip: freshIp() })).status).toBe(200);
    const over = await api.post('/api/login', { identifier: phone }, { ip: freshIp() });
    expect(over.status).toBe(429);
    expect(over.body.message).toMatch(/Too many sign-in codes .* Please wait \d+ minutes? and try again\./);
    expect(over.body.retryAfterSeconds).toBeGreaterThan(3000);
    expect(over.headers.get('retry-after')).toBe(String(over.body.retryAfterSeconds));
    expect(twilio.to(phone)).toHaveLength(5);
  });

  it('counts plus-addressed variants of one inbox against one budget', async () => {
    const variants = [
      'inbox@example.com',
      'inbox+1@example.com',
      'Inbox+two@Example.com',
      'inbox+3@example.com',
      'inbox+@example.com',
    ];
    for (const identifier of variants)
      expect((await api.post('/api/login', { identifier }, { ip: freshIp() })).status).toBe(200);
    const over = await api.post('/api/login', { identifier: 'inbox+6@example.com' }, { ip: freshIp() });
    expect(over.status).toBe(429);
    expect(over.body.message).toMatch(/Too many sign-in codes/);
    expect(smtp.messages.filter((m) => m.envelopeTo.some((to) => to.startsWith('inbox')))).toHaveLength(5);
    // Another inbox on the same domain is untouched.
    expect((await api.post('/api/login', { identifier: 'inbox2+6@example.com' }, { ip: freshIp() })).status).toBe(200);
  });

  it('holds the per-identifier limit under a burst of parallel requests', async () => {
    const phone = '+12025550116';
    const results = await Promise.all(
      Array.from({ length: 9 }, () => api.post('/api/login', { identifier: phone }, { ip: freshIp() })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 200, 200, 200, 200, 429, 429, 429, 429]);
    expect(twilio.to(phone)).toHaveLength(5);
  });

  it('gives each client address a budget of sign-in requests', async () => {
    const ip = freshIp();
    const { limit } = BUDGETS.loginSendPerIp;
    const phones = Array.from({ length: limit + 1 }, (_, i) => `+1212555${String(100 + i).padStart(4, '0')}`);
    for (const phone of phones.slice(0, limit))
      expect((await api.post('/api/login', { identifier: phone }, { ip })).status).toBe(200);
    const over = await api.post('/api/login', { identifier: phones[limit] }, { ip });
    expect(over.status).toBe(429);
    expect(over.body.message).toMatch(/from your network/);
    expect((await api.post('/api/login', { identifier: phones[limit] }, { ip: freshIp() })).status).toBe(200);
  });
});

describe('no enumeration', () => {
  it('answers the same for existing and unknown contacts, and both get the same kind of message', async () => {
    await createSignedInUser(db, { email: 'known@example.com', phone: '+12025550112' });
    const cases = [
      ['known@example.com', 'unknown@example.com'],
      ['+12025550112', '+12025550113'],
    ];
    for (const [known, unknown] of cases) {
      const a = await api.post('/api/login', { identifier: known }, { ip: freshIp() });
      const b = await api.post('/api/login', { identifier: unknown }, { ip: freshIp() });
      expect(a.status).toBe(b.status);
      expect(a.body).toEqual(b.body);
      expect([...a.headers.keys()].sort()).toEqual([...b.headers.keys()].sort());
    }
    expect(smtp.to('known@example.com').at(-1)!.subject).toBe(smtp.to('unknown@example.com').at(-1)!.subject);
    expect(twilio.to('+12025550112').at(-1)!.body.replace(/\d{6}/, '')).toBe(
      twilio.to('+12025550113').at(-1)!.body.replace(/\d{6}/, ''),
    );
  });
});

describe('merging the anonymous watchlist into an existing account', () => {
  it('adds what fits under the limit, counts duplicates and overflow as rejected, and removes the anonymous user', async () => {
    const { user } = await createSignedInUser(db, { email: 'full@example.com' });
    await addItems(user.id, ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I']);
    const anon = await t.anonymousSession();
    const anonId = await userIdOf(anon);
    await addItems(anonId, ['C', 'X', 'Y']);

    // The same browser asks for the link and follows it (its cookie carries the anonymous session).
    const { session, merged, rejected } = await t.signInByEmail('full@example.com', { session: anon, cookie: anon });
    expect({ merged, rejected }).toEqual({ merged: 1, rejected: 2 });
    expect(await userIdOf(session)).toBe(user.id);
    expect(await tickersOf(user.id)).toEqual(['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I', 'X']);
    const [gone] = await db.execute<{ n: number }>(sql`select count(*)::int as n from users where id = ${anonId}`);
    expect(gone!.n).toBe(0);
  });

  it('uses the PRO limit for PRO accounts and merges by SMS too', async () => {
    const { user } = await createSignedInUser(db, { phone: '+12025550114', planType: 'pro', planStatus: 'active' });
    await addItems(
      user.id,
      Array.from({ length: 12 }, (_, i) => `P${i}`),
    );
    const anon = await t.anonymousSession();
    await addItems(await userIdOf(anon), ['Q1', 'Q2']);
    const result = await t.signInByPhone('+12025550114', { previousSession: anon });
    expect(result).toMatchObject({ merged: 2, rejected: 0, user: { planType: 'pro', planStatus: 'active' } });
  });
});

describe('a sign-in link merges only the confirming browser’s own visitor data', () => {
  it('an attacker who asks for the victim’s link from a browser with a crafted watchlist plants nothing', async () => {
    const { user } = await createSignedInUser(db, { email: 'victim@example.com' });
    await addItems(user.id, ['AAPL']);
    const attacker = await t.anonymousSession();
    await addItems(await userIdOf(attacker), ['PUMP', 'DUMP']);
    // The victim follows the emailed link in their own browser, with no visitor session.
    const clicked = await t.signInByEmail('victim@example.com', { session: attacker });
    expect({ merged: clicked.merged, rejected: clicked.rejected }).toEqual({ merged: 0, rejected: 0 });
    expect(await tickersOf(user.id)).toEqual(['AAPL']);
    // The attacker's visitor is untouched and still theirs: nothing of the victim reached it.
    expect(await tickersOf(await userIdOf(attacker))).toEqual(['DUMP', 'PUMP']);
  });
});

describe('sessions', () => {
  it('a second sign-in from a signed-in session issues a new token and ends the old one', async () => {
    const first = await t.signInByEmail('rotate@example.com');
    const second = await t.signInByEmail('rotate@example.com', { session: first.session, cookie: first.session });
    expect(second.session).not.toBe(first.session);
    expect((await api.get('/api/profile', { session: first.session })).status).toBe(401);
    expect((await api.get('/api/profile', { session: second.session })).status).toBe(200);
  });

  it('a signed-in session that only asked for a link (another device clicks it) stays signed in', async () => {
    const other = await t.signInByEmail('device-a@example.com');
    const clicked = await t.signInByEmail('device-b@example.com', { session: other.session });
    expect({ merged: clicked.merged, rejected: clicked.rejected }).toEqual({ merged: 0, rejected: 0 });
    expect((await api.get<{ user: Body }>('/api/profile', { session: other.session })).body.user.email).toBe(
      'device-a@example.com',
    );
  });

  it('logout revokes the token server-side; an anonymous user is removed with it', async () => {
    const { session } = await t.signInByEmail('logout@example.com');
    const out = await api.post('/api/logout', { session });
    expect(out).toMatchObject({ status: 200, body: { ok: true, revoked: true } });
    expect((await api.get('/api/profile', { session })).status).toBe(401);
    expect(await api.post('/api/logout', { session })).toMatchObject({ status: 200, body: { revoked: false } });

    const anon = await t.anonymousSession();
    const anonId = await userIdOf(anon);
    await api.post('/api/logout', {}, { session: anon });
    const [row] = await db.execute<{ n: number }>(sql`select count(*)::int as n from users where id = ${anonId}`);
    expect(row!.n).toBe(0);
  });

  it('logout through tRPC clears the HttpOnly session cookie, as /api/logout does (issue #28 item 17)', async () => {
    const { session } = await t.signInByEmail('trpc-logout@example.com');
    const viaRest = await api.post('/api/logout', {
      session: (await t.signInByEmail('rest-logout@example.com')).session,
    });
    const restCookie = viaRest.headers.get('set-cookie') ?? '';
    expect(restCookie).toMatch(/^session=;/);
    // The browser's call: the cookie alone carries the session, from our own origin.
    const out = await fetch(`${t.url}/trpc/auth.logout`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: `session=${session}`, origin: t.url },
      body: '{}',
    });
    expect(out.status).toBe(200);
    const cookie = out.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^session=;/);
    expect(cookie).toMatch(/Expires=Thu, 01 Jan 1970/);
    expect(cookie).toMatch(/Path=\//);
    expect(out.headers.get('x-session')).toBeNull();
    expect((await api.get('/api/profile', { session })).status).toBe(401);
  });

  it('expires after 30 idle days and at the absolute limit', async () => {
    const idle = await t.signInByEmail('idle@example.com');
    await db.execute(
      sql`update sessions set last_seen_at = now() - interval '31 days' where user_id = (select id from users where email = 'idle@example.com')`,
    );
    expect((await api.get('/api/profile', { session: idle.session })).status).toBe(401);

    const old = await t.signInByEmail('old@example.com');
    await db.execute(
      sql`update sessions set expires_at = now() - interval '1 second' where user_id = (select id from users where email = 'old@example.com')`,
    );
    expect((await api.get('/api/profile', { session: old.session })).status).toBe(401);
  });
});
