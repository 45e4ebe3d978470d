/** A shared render is byte for byte the message rendered for that watcher on its own, and over SMTP the message sent on its own. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smtpMailer } from '../../integrations/email/smtp-mailer';
import { type ReceivedMail, type SmtpPeer, startSmtpPeer } from '../../test/peers/smtp';
import { alertEmail, type MessageContext } from './alert-messages';
import { sampleFilings } from './email/templates';
import { sharedAlertEmail } from './shared-alert-email';

const ctxFor = (userId: string): MessageContext => ({
  brandName: '8-K Alerts',
  brandColor: '#1d4ed8',
  publicUrl: 'https://alerts.example',
  timeZone: 'America/New_York',
  unsubscribeUrl: `https://alerts.example/unsubscribe/${userId}.email.AbCdEfGhIjKlMnOpQrStUvWxYz012-_9`,
  postalAddress: '100 Example Street, Springfield, IL 62701',
});
const routing = { route: 'realtime_email', settings: { emailMinRank: 1, smsMinRank: 4 } };

describe('sharedAlertEmail', () => {
  it('gives each watcher the message alertEmail renders for them, with their own address and unsubscribe link', async () => {
    const [filing] = sampleFilings();
    const sentAt = new Date('2026-11-27T14:30:05.250Z');
    const first = '0b7e3c1a-6f2d-4e5b-9a8c-1d2e3f4a5b6c';
    const second = '9f8e7d6c-5b4a-4392-8a1b-0c9d8e7f6a5b';
    // The first renders (and keeps) the shared message; the second is filled in from it.
    await sharedAlertEmail('first@example.com', filing!, ctxFor(first), { routing, sentAt });
    const shared = await sharedAlertEmail('second@example.com', filing!, ctxFor(second), {
      routing,
      sentAt: new Date(sentAt.getTime() + 500),
    });
    const own = await alertEmail('second@example.com', filing!, ctxFor(second), { routing, sentAt });
    const { sharedBody, ...fields } = shared;
    expect(fields).toEqual(own);
    expect(sharedBody?.value).toBe(`${second}.email.AbCdEfGhIjKlMnOpQrStUvWxYz012-_9`);
    expect(shared.html).toContain(second);
    expect(shared.html).not.toContain(first);
    expect(shared.headers?.['List-Unsubscribe']).toBe(`<${ctxFor(second).unsubscribeUrl}>`);
  });

  it('renders anew when what the message says differs (zone, second sent)', async () => {
    const [filing] = sampleFilings();
    const id = '0b7e3c1a-6f2d-4e5b-9a8c-1d2e3f4a5b6c';
    const sentAt = new Date('2026-11-27T14:30:05Z');
    const ny = await sharedAlertEmail('a@example.com', filing!, ctxFor(id), { routing, sentAt });
    const tokyo = await sharedAlertEmail(
      'a@example.com',
      filing!,
      { ...ctxFor(id), timeZone: 'Asia/Tokyo' },
      { routing, sentAt },
    );
    const later = await sharedAlertEmail('a@example.com', filing!, ctxFor(id), {
      routing,
      sentAt: new Date(sentAt.getTime() + 1000),
    });
    expect(tokyo.text).not.toEqual(ny.text);
    expect(later.text).not.toEqual(ny.text);
    const { sharedBody: _, ...tokyoFields } = tokyo;
    expect(tokyoFields).toEqual(
      await alertEmail('a@example.com', filing!, { ...ctxFor(id), timeZone: 'Asia/Tokyo' }, { routing, sentAt }),
    );
  });
});

describe('a shared render over SMTP (decision 331)', () => {
  let smtp: SmtpPeer;
  beforeAll(async () => {
    smtp = await startSmtpPeer();
  });
  afterAll(() => smtp.close());

  it('delivers each watcher the message a per-watcher send delivers, its MIME body built once', async () => {
    const [filing] = sampleFilings();
    const sentAt = new Date('2026-11-27T14:31:07Z');
    const mailer = smtpMailer({ url: smtp.url, from: 'SEC Filing Alerts <alerts@alerts.example>' });
    const watchers = ['3c2b1a09-8f7e-4d6c-9b5a-4e3d2c1b0a98', '7a6b5c4d-3e2f-4a1b-8c9d-0e1f2a3b4c5d'];
    const messages = await Promise.all(
      watchers.map((id, i) => sharedAlertEmail(`w${i}@example.com`, filing!, ctxFor(id), { routing, sentAt })),
    );
    await mailer.send({ ...messages[0]!, idempotencyKey: 'alert:1' });
    await mailer.send({ ...messages[1]!, idempotencyKey: 'alert:2' });
    // The same watcher's message sent on its own: nodemailer builds all of it.
    const { sharedBody: _, ...alone } = messages[1]!;
    await mailer.send({ ...alone, idempotencyKey: 'alert:2' });
    await smtp.waitFor(() => smtp.messages.length === 3);
    const [first, shared, own] = smtp.messages as [ReceivedMail, ReceivedMail, ReceivedMail];

    const boundary = (m: ReceivedMail) => /boundary="?([^";]+)/.exec(m.headers['content-type']!)![1];
    // One build: both watchers' messages carry the body's boundary (nodemailer draws one per message).
    expect(boundary(shared)).toBe(boundary(first));
    expect(boundary(own)).not.toBe(boundary(shared));
    // Parsed, the shared one is the per-watcher one: every header (the boundary and the second
    // in Date aside), the decoded text and html with this watcher's token.
    const headers = (m: ReceivedMail) => {
      const { date, ...rest } = m.headers;
      expect(date).toMatch(/^\w{3}, \d{1,2} \w{3} \d{4} /);
      return { ...rest, 'content-type': rest['content-type']!.replace(boundary(m)!, 'B') };
    };
    expect(headers(shared)).toEqual(headers(own));
    expect(shared.headers['list-unsubscribe']).toContain(watchers[1]);
    expect(shared.to).toBe('w1@example.com');
    expect(shared.envelopeTo).toEqual(['w1@example.com']);
    expect(shared.messageId).toBe(own.messageId);
    expect(shared.text).toBe(own.text);
    expect(shared.html).toBe(own.html);
    expect(shared.html).toContain(`/unsubscribe/${watchers[1]}.email.`);
    expect(shared.html).not.toContain(watchers[0]);
    expect(first.html).toContain(`/unsubscribe/${watchers[0]}.email.`);
  });
});
