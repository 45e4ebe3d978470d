import { describe, expect, it } from 'vitest';
import { codeFromText, freshIp, restClient, tokenFromText } from '../../test/auth-client';
import { startTestApp } from '../../test/app';

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
    const asked = await fetch(`${url}/trpc/auth.notify`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ phone: '2025550132' }) });
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
    expect(json.body.messages[0]).toMatchObject({ to: '+12025550132', body: expect.stringContaining('your number is verified') });
    expect((await api.post('/dev/outbox/reply', 'From=', { headers: { 'content-type': 'application/x-www-form-urlencoded' } })).status).toBe(400);
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

  it('the inbound webhook is off without Twilio settings', async () => {
    const r = await api.post('/api/sms/inbound', 'From=%2B12025550132&Body=STOP', { headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(r.status).toBe(503);
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
