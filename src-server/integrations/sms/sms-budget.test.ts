import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { startTestApp } from '../../test/app';
import { freshIp, restClient } from '../../test/auth-client';
import { startTwilioPeer } from '../../test/peers/twilio';
import { DeliveryError } from '../delivery-error';
import { smsFor } from './sms-sender';

const twilio = await startTwilioPeer();
afterAll(() => twilio.close());
const logLines: string[] = [];
const t = await startTestApp({
  env: { ...twilio.env, SMS_HOURLY_BUDGET: '2' },
  customise: (deps) => ({
    ...deps,
    logger: pino({ level: 'info' }, { write: (line: string) => void logLines.push(line) }),
  }),
});
const api = restClient(t.url);

describe('global hourly SMS budget', () => {
  it('a spray of sign-in codes to many numbers stops at the budget, and the log names the budget, not the number', async () => {
    // Every request from a new address to a new number: the per-IP and per-number budgets never trip.
    for (const phone of ['+12025550171', '+12025550172']) {
      expect((await api.post('/api/login', { identifier: phone }, { ip: freshIp() })).status).toBe(200);
    }
    const over = await api.post('/api/login', { identifier: '+12025550173' }, { ip: freshIp() });
    expect(over.status).toBe(503);
    expect(over.body).toMatchObject({ error: 'send_failed' });
    expect(twilio.to('+12025550173')).toHaveLength(0);
    expect(twilio.messages).toHaveLength(2);

    const warning = logLines
      .map((l) => JSON.parse(l) as Record<string, unknown>)
      .find((l) => l.budget === 'SMS_HOURLY_BUDGET');
    expect(warning).toMatchObject({ level: 40, limit: 2, msg: expect.stringContaining('SMS_HOURLY_BUDGET') });
    expect(logLines.join('\n')).not.toMatch(/2025550173|555-0173/);
  });

  it('an alert text past the budget fails as temporary, so delivery retries it later instead of dead-lettering', async () => {
    const error = await smsFor(t.deps)
      .send({ to: '+12025550174', body: 'alert' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DeliveryError);
    expect((error as DeliveryError).permanent).toBe(false);
    expect(twilio.to('+12025550174')).toHaveLength(0);
  });
});
