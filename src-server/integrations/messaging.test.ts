import { afterAll, describe, expect, it } from 'vitest';
import { testEnv } from '../test/app';
import { createTestDatabase } from '../test/db';
import { startSmtpPeer } from '../test/peers/smtp';
import { startTwilioPeer } from '../test/peers/twilio';
import { DeliveryError } from './delivery-error';
import { createMailer } from './email/mailer-from-env';
import { listOutbox } from './outbox/outbox.repo';
import { createSmsSender } from './sms/sms-from-env';
import { isValidTwilioSignature, twilioSignature } from './sms/twilio-signature';

const database = await createTestDatabase();
const smtp = await startSmtpPeer();
const twilio = await startTwilioPeer();
afterAll(async () => {
  await smtp.close();
  await twilio.close();
});

describe('SMTP mailer', () => {
  const mailer = createMailer(testEnv({ ...smtp.env, MAIL_FROM: 'Alerts <alerts@filings.example>' }), database.db);

  it('delivers text, HTML and headers; an idempotency key gives a stable Message-ID', async () => {
    const message = {
      to: 'reader@example.com',
      subject: 'AAPL 8-K CRITICAL',
      text: 'Plain body',
      html: '<p>HTML body</p>',
      headers: { 'List-Unsubscribe': '<https://filings.example/u/1>' },
      idempotencyKey: 'alert:42:email',
    };
    const first = await mailer.send(message);
    const second = await mailer.send(message);
    expect(mailer.kind).toBe('smtp');
    expect(first.messageId).toBe(second.messageId);
    expect(first.messageId).toMatch(/^<[0-9a-f]{40}@filings\.example>$/);
    const got = smtp.to('reader@example.com');
    expect(got).toHaveLength(2);
    expect(got[0]).toMatchObject({
      subject: 'AAPL 8-K CRITICAL',
      from: '"Alerts" <alerts@filings.example>',
      messageId: first.messageId,
    });
    expect(got[0]!.text.trim()).toBe('Plain body');
    expect(got[0]!.html).toContain('<p>HTML body</p>');
    expect(got[0]!.headers['list-unsubscribe']).toBe('<https://filings.example/u/1>');
  });

  it('reports 4xx replies as temporary and 5xx as permanent', async () => {
    smtp.failNext(1, { code: 451, message: 'Try later' });
    const temporary = await mailer.send({ to: 'x@example.com', subject: 's', text: 't' }).catch((e: unknown) => e);
    expect(temporary).toBeInstanceOf(DeliveryError);
    expect(temporary).toMatchObject({ permanent: false, providerCode: 451 });
    smtp.failNext(1, { code: 550, message: 'No such user' });
    const permanent = await mailer.send({ to: 'x@example.com', subject: 's', text: 't' }).catch((e: unknown) => e);
    expect(permanent).toMatchObject({ permanent: true, providerCode: 550 });
  });
});

describe('Twilio sender', () => {
  const sms = createSmsSender(testEnv(twilio.env), database.db);

  it('posts to the Messages API and returns the SID', async () => {
    const { sid } = await sms.send({ to: '+12025550126', body: 'AAPL CRITICAL: 8-K item 1.03' });
    expect(sms.kind).toBe('twilio');
    expect(sid).toMatch(/^SM[0-9a-f]{32}$/);
    expect(twilio.to('+12025550126')).toMatchObject([{ sid, body: 'AAPL CRITICAL: 8-K item 1.03', from: twilio.from }]);
  });

  it('classifies failures: 5xx and 429 retry, invalid or opted-out numbers do not', async () => {
    twilio.failNext(1);
    expect(await sms.send({ to: '+12025550127', body: 'x' }).catch((e: unknown) => e)).toMatchObject({
      permanent: false,
      providerCode: 20500,
    });
    twilio.failNext(1, { status: 429, code: 20429, message: 'Too Many Requests' });
    expect(await sms.send({ to: '+12025550127', body: 'x' }).catch((e: unknown) => e)).toMatchObject({
      permanent: false,
    });
    twilio.blockNumber('+12025550128');
    expect(await sms.send({ to: '+12025550128', body: 'x' }).catch((e: unknown) => e)).toMatchObject({
      permanent: true,
      providerCode: 21610,
    });
    const wrongAuth = createSmsSender(testEnv({ ...twilio.env, TWILIO_AUTH_TOKEN: 'not-the-token' }), database.db);
    expect(await wrongAuth.send({ to: '+12025550129', body: 'x' }).catch((e: unknown) => e)).toMatchObject({
      permanent: true,
      providerCode: 20003,
    });
  });

  it('needs all three settings or none', () => {
    expect(() => createSmsSender(testEnv({ TWILIO_ACCOUNT_SID: twilio.accountSid }), database.db)).toThrow(
      /TWILIO_AUTH_TOKEN, TWILIO_FROM/,
    );
  });
});

describe('Twilio webhook signature', () => {
  it("matches Twilio's documented example", () => {
    // From Twilio's security documentation: auth token 12345, this URL and these parameters.
    const url = 'https://mycompany.com/myapp.php?foo=1&bar=2';
    const params = {
      CallSid: 'CA1234567890ABCDE',
      Caller: '+14158675310',
      Digits: '1234',
      From: '+14158675310',
      To: '+18005551212',
    };
    const documented = 'GvWf1cFY/Q7PnoempGyD5oXAezc=';
    expect(twilioSignature('12345', url, params)).toBe(documented);
    expect(isValidTwilioSignature({ authToken: '12345', url, body: params, signature: documented })).toBe(true);
    expect(
      isValidTwilioSignature({ authToken: '12345', url, body: { ...params, Digits: '9' }, signature: documented }),
    ).toBe(false);
  });
});

describe('development outbox', () => {
  it('stores mail and texts, and a repeated idempotency key returns the first message', async () => {
    const env = testEnv();
    const mailer = createMailer(env, database.db);
    const sms = createSmsSender(env, database.db);
    expect([mailer.kind, sms.kind]).toEqual(['outbox', 'outbox']);
    const a = await mailer.send({ to: 'dev@example.com', subject: 'Hi', text: 'link', idempotencyKey: 'k1' });
    const b = await mailer.send({ to: 'dev@example.com', subject: 'Hi', text: 'link', idempotencyKey: 'k1' });
    expect(a.messageId).toBe(b.messageId);
    await sms.send({ to: '+12025550130', body: 'code 123456' });
    const rows = await listOutbox(database.db, { limit: 10 });
    expect(rows.map((r) => [r.channel, r.to])).toEqual([
      ['sms', '+12025550130'],
      ['email', 'dev@example.com'],
    ]);
  });
});
