import { describe, expect, it } from 'vitest';
import { freshIp, startAuthTestApp } from '../../test/auth-client';
import { createSignedInUser } from '../../test/users';

const t = await startAuthTestApp();
const { api, database } = t;
const { session } = await createSignedInUser(database.db, { email: 'victim@example.com' });

const long = 'x'.repeat(5_000);
/**
 * Bodies no endpoint accepts: wrong JSON types, oversized strings, unknown fields. (JSON null
 * reads as an empty body, so it is listed only where an empty body is itself invalid.)
 */
const common: unknown[] = [[], 'text', 42, true, { unknown: 1 }, { session: 42 }, { session: long }];

const endpoints: Record<string, unknown[]> = {
  '/api/login': [
    null,
    {},
    { identifier: 5 },
    { identifier: null },
    { identifier: long },
    { identifier: '' },
    { identifier: 'a@b.co', extra: 1 },
    { identifier: ['a@b.co'] },
    { identifier: 'x@' },
    { identifier: '12' },
  ],
  '/api/verify-login-code': [
    null,
    {},
    { identifier: '2025550143' },
    { identifier: '2025550143', code: 123456 },
    { identifier: '2025550143', code: '12345' },
    { identifier: '2025550143', code: '1234567' },
    { identifier: '2025550143', code: 'abcdef' },
    { identifier: long, code: '123456' },
    { identifier: '2025550143', code: '123456', previousSession: 7 },
    { identifier: '2025550143', code: '123456', admin: true },
    { identifier: 'a@b.co', code: '123456' },
  ],
  '/api/logout': [{ session: 1 }, { session: long }, { session: 'x', extra: true }],
  '/api/profile': [
    { timeZone: 3 },
    { timeZone: long },
    { digestHour: '8' },
    { digestHour: 1.5 },
    { channels: 'email' },
    { channels: ['fax'] },
    { alertThresholds: { email: 'low' } },
    { isAdmin: true },
    { planType: 'pro' },
  ],
  '/api/update-notification-preferences': [
    { digest: 'yes' },
    { quietHours: { start: '22:00' } },
    { quietHours: '22:00-07:00' },
    { channels: ['email', 'email', 'sms'] },
    { email: 'x@y.z' },
  ],
  '/api/update-alert-thresholds': [null, { email: 4 }, { sms: null }, { email: 'HIGH', push: 'LOW' }, {}],
  '/api/notify': [
    { email: 5 },
    { email: long },
    { phone: long },
    { notify_via: 'email', email: 'a@b.co' },
    { notify_via: ['pigeon'], email: 'a@b.co' },
    { email: 'a@b.co', userId: 'someone-else' },
  ],
  '/api/add-secondary-contact': [
    null,
    {},
    { email: 'a@b.co', phone: '2025550143' },
    { email: 7 },
    { phone: long },
    { email: '' },
  ],
  '/api/delete-account': [null, { confirm: 'true' }, { confirm: 1 }, { confirm: true, userId: 'someone-else' }],
  '/api/cancel-subscription': [{ plan: 'pro' }],
  '/api/admin/login': [{ isAdmin: true }],
};

async function expectClientError(path: string, body: unknown, raw = false) {
  const r = await api.post(path, raw ? body : JSON.stringify(body), {
    // A valid logout would end the session the other endpoints are probed with.
    session: path === '/api/logout' ? undefined : session,
    ip: freshIp(),
    headers: { 'content-type': 'application/json' },
  });
  const label = `${path} ${typeof body === 'string' ? body.slice(0, 40) : JSON.stringify(body)?.slice(0, 80)}`;
  expect(r.status, label).toBeGreaterThanOrEqual(400);
  expect(r.status, label).toBeLessThan(500);
  expect(r.body, label).toMatchObject({ error: expect.any(String), message: expect.any(String) });
}

describe('malformed input is a 4xx with a message, never a 5xx, and changes nothing', () => {
  for (const [path, bodies] of Object.entries(endpoints)) {
    it(path, async () => {
      for (const body of [...common, ...bodies]) await expectClientError(path, body);
      for (const raw of ['{not json', '{"identifier":', '\u0000', '']) await expectClientError(path, raw, true);
      const form = await api.post(path, 'a=1&b=2', {
        session,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(form.status, `${path} form`).toBeGreaterThanOrEqual(400);
      expect(form.status, `${path} form`).toBeLessThan(500);
      const big = await api.post(path, JSON.stringify({ identifier: 'y'.repeat(300_000) }), { session });
      expect(big.status, `${path} big`).toBe(413);
    });
  }

  it('GET links with missing, short, long or odd tokens', async () => {
    for (const path of ['/api/verify-login', '/api/verify-email']) {
      for (const query of [
        '',
        '?token=',
        '?token=abc',
        `?token=${long}`,
        '?token=a&token=b',
        '?token=%00%00%00%00%00%00%00%00%00%00%00%00%00%00%00%00%00%00%00%00',
      ]) {
        const r = await api.get(`${path}${query}`);
        expect(r.status, `${path}${query}`).toBe(400);
      }
    }
  });

  it('the SMS webhook refuses unsigned junk', async () => {
    for (const body of ['', 'From=&Body=', `From=${long}&Body=YES`, '{"From":"+12025550143"}']) {
      const r = await api.post('/api/sms/inbound', body, {
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(r.status, body.slice(0, 30)).toBe(403);
    }
  });

  it('left the signed-in user untouched', async () => {
    const r = await api.get<{ user: Record<string, unknown>; profile: Record<string, unknown> }>('/api/profile', {
      session,
    });
    expect(r.body.user).toMatchObject({
      email: 'victim@example.com',
      verified: true,
      isAdmin: false,
      planType: 'free',
    });
    expect(r.body.profile).toMatchObject({
      timeZone: 'America/New_York',
      alertThresholds: { email: 'LOW', sms: 'HIGH' },
    });
  });
});
