import { request as httpRequest } from 'node:http';
import { describe, expect, it } from 'vitest';
import { codeFromText, freshIp, restClient, tokenFromText } from '../../test/auth-client';
import { startTestApp } from '../../test/app';

/** A raw request with any Host header (fetch does not let a test choose it). */
function rawRequest(
  url: string,
  path: string,
  options: { method?: string; headers?: Record<string, string>; body?: string },
) {
  return new Promise<{ status: number; body: string }>((done, fail) => {
    const req = httpRequest(`${url}${path}`, { method: options.method ?? 'GET', headers: options.headers }, (res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += c.toString()));
      res.on('end', () => done({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', fail);
    req.end(options.body);
  });
}

type Outbox = { messages: { channel: string; to: string; subject: string | null; body: string }[] };

describe('development outbox (no SMTP_URL, no Twilio)', async () => {
  const { url } = await startTestApp();
  const api = restClient(url);

  it('lists sign-in emails and texts as JSON and as a page whose link signs in', async () => {
    expect((await api.post('/api/login', { identifier: 'dev@example.com' }, { ip: freshIp() })).status).toBe(200);
    expect((await api.post('/api/login', { identifier: '2025550131' }, { ip: freshIp() })).status).toBe(200);
    const json = await api.get<Outbox>('/dev/outbox?format=json');
    expect(json.body.messages.map((m) => [m.channel, m.to])).toEqual([
      ['sms', '+12025550131'],
      ['email', 'dev@example.com'],
    ]);
    const page = await api.get('/dev/outbox');
    expect(page.headers.get('content-type')).toContain('text/html');
    const html = String(page.body);
    expect(html).toContain('Your 8-K Alerts sign-in link');
    const token = tokenFromText(html, '/api/verify-login');
    expect(html).toContain(`<a href="http://localhost:0/api/verify-login?token=${token}">`);
    // The link's page asks before it signs in (a GET never uses the link up).
    const confirm = await api.get(`/api/verify-login?token=${token}`);
    expect(confirm.status).toBe(200);
    expect(JSON.stringify(confirm.body)).toContain('•••');

    const code = codeFromText(json.body.messages[0]!.body);
    expect((await api.post('/api/verify-login-code', { identifier: '+12025550131', code })).status).toBe(200);
  });

  it('replies to a text from the page (YES verifies the number)', async () => {
    // The first write creates the visitor's session (over tRPC, as the web app does).
    const asked = await fetch(`${url}/trpc/auth.notify`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ phone: '2025550132' }),
    });
    expect(asked.status).toBe(200);
    const session = asked.headers.get('x-session')!;
    expect(session).toBeTruthy();
    const replied = await api.post('/dev/outbox/reply', 'From=%2B12025550132&Body=YES', {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(replied.status).toBe(303);
    // Verified: the account's sessions are signed out (a planted session cannot ride on it).
    expect((await api.get('/api/profile', { session })).status).toBe(401);
    const json = await api.get<Outbox>('/dev/outbox?format=json');
    expect(json.body.messages[0]).toMatchObject({
      to: '+12025550132',
      body: expect.stringContaining('your number is verified'),
    });
    expect(
      (
        await api.post('/dev/outbox/reply', 'From=', {
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        })
      ).status,
    ).toBe(400);
  });

  it('answers only callers on this machine (a client behind a loopback proxy gets a 404)', async () => {
    const remote = await fetch(`${url}/dev/outbox?format=json`, { headers: { 'x-forwarded-for': '203.0.113.7' } });
    expect(remote.status).toBe(404);
    expect(await remote.text()).not.toContain('messages');
    const reply = await fetch(`${url}/dev/outbox/reply`, {
      method: 'POST',
      headers: { 'x-forwarded-for': '203.0.113.7', 'content-type': 'application/x-www-form-urlencoded' },
      body: 'From=%2B12025550132&Body=YES',
    });
    expect(reply.status).toBe(404);
  });

  it('refuses a foreign Host (DNS rebinding) and cross-site form posts, on the outbox and the test checkout', async () => {
    const port = new URL(url).port;
    for (const path of ['/dev/outbox?format=json', '/dev/outbox', '/dev/checkout/unknown-session']) {
      const rebound = await rawRequest(url, path, { headers: { host: `attacker.example:${port}` } });
      expect(rebound.status, path).toBe(404);
      expect(rebound.body).not.toContain('messages');
    }
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    const before = (await api.get<Outbox>('/dev/outbox?format=json')).body.messages.length;
    const crossSite = await rawRequest(url, '/dev/outbox/reply', {
      method: 'POST',
      headers: { ...form, origin: 'https://attacker.example' },
      body: 'From=%2B12025550132&Body=STOP',
    });
    expect(crossSite.status).toBe(403);
    expect(JSON.parse(crossSite.body)).toMatchObject({ error: 'cross_site_request' });
    expect((await api.get<Outbox>('/dev/outbox?format=json')).body.messages).toHaveLength(before);
    const checkoutPost = await rawRequest(url, '/dev/checkout/unknown-session/pay', {
      method: 'POST',
      headers: { ...form, origin: 'https://attacker.example' },
      body: 'card=ok',
    });
    expect(checkoutPost.status).toBe(403);
    // The app's own pages (and local scripts without an Origin) still work.
    const own = await rawRequest(url, '/dev/outbox?format=json', { headers: { host: `localhost:${port}` } });
    expect(own.status).toBe(200);
  });

  it('without Twilio settings its webhooks do not exist (404, not a 5xx)', async () => {
    const form = { headers: { 'content-type': 'application/x-www-form-urlencoded' } };
    expect((await api.post('/api/sms/inbound', 'From=%2B12025550132&Body=STOP', form)).status).toBe(404);
    const status = await api.post('/api/sms/status/1', 'MessageSid=SM0123&MessageStatus=delivered', form);
    expect(status.status).toBe(404);
  });
});

describe('in production', async () => {
  const { url } = await startTestApp({ env: { NODE_ENV: 'production' } });
  it('there is no /dev/outbox (at most the page shell of the web app answers)', async () => {
    const response = await fetch(`${url}/dev/outbox?format=json`);
    const body = await response.text();
    expect(body).not.toContain('Development outbox');
    expect(body).not.toContain('"messages"');
    // With a built web app the page shell answers; without one (a fresh clone), the JSON 404.
    if (response.headers.get('content-type')?.includes('application/json')) expect(response.status).toBe(404);
    else expect(body).toContain('<div id="root">');
    expect((await fetch(`${url}/dev/outbox/reply`, { method: 'POST' })).status).toBe(404);
  });
});
