import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { freshIp, startAuthTestApp, tokenFromText } from '../../test/auth-client';
import { follow, proUser, seedTickers } from '../../test/alerts';
import { insertRealFilings, realFilings } from '../../test/real-filings';
import { createSignedInUser } from '../../test/users';
import { matchFiling } from '../alerts/match.service';

const t = await startAuthTestApp({ env: { SUPPORT_EMAIL: 'help@filings.example' } });
const { api, smtp, twilio, database } = t;
const db = database.db;
const webhook = `${t.url}/api/sms/inbound`;

type Body = Record<string, unknown>;
type Profile = {
  emailVerified: boolean;
  phoneVerified: boolean;
  smsOptedOut: boolean;
  notifications: { channels: string[] };
};
const profileOf = async (session: string) =>
  (await api.get<{ user: Body; profile: Profile }>('/api/profile', { session })).body;

describe('email contact', () => {
  it('is stored unverified, verified by the emailed link, and unverified again when changed', async () => {
    let session = await t.anonymousSession();
    const saved = await api.post(
      '/api/notify',
      { session, email: 'Alerts@Example.com', phone: null, notify_via: ['email'] },
      { session },
    );
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      user: { email: 'alerts@example.com', verified: false },
      verification: { email: 'sent', sms: null },
    });
    const mail = await smtp.waitFor((m) => m.envelopeTo.includes('alerts@example.com'));
    expect(mail.subject).toBe('Confirm your email for 8-K Alerts');

    const token = tokenFromText(mail.text, '/api/verify-email');
    const preview = await api.get(`/api/verify-email?token=${token}`);
    expect(preview).toMatchObject({ status: 200, body: { purpose: 'verify_email', account: 'a•••@example.com' } });
    const clicked = await api.post<{ session: string }>('/api/verify-email', { token }, { headers: { origin: t.url } });
    expect(clicked.status).toBe(200);
    // Verification ends the sessions that existed before it; the click gets a fresh token.
    expect((await api.get('/api/profile', { session })).status).toBe(401);
    session = clicked.body.session;
    let view = await profileOf(session);
    expect(view.user).toMatchObject({ verified: true, email: 'alerts@example.com' });
    expect(view.profile.notifications.channels).toEqual(['email']);
    expect((await api.post('/api/verify-email', { token }, { headers: { origin: t.url } })).body).toMatchObject({
      error: 'link_used',
    });

    const unchanged = await api.post(
      '/api/notify',
      { email: 'alerts@example.com', notify_via: ['email'] },
      { session },
    );
    expect(unchanged.body).toMatchObject({ verification: { email: 'verified' }, user: { verified: true } });

    const changed = await t.approvedContactChange(
      '/api/notify',
      { email: 'moved@example.com', notify_via: ['email'] },
      session,
      'alerts@example.com',
    );
    expect(changed.body).toMatchObject({
      user: { email: 'moved@example.com', verified: false },
      verification: { email: 'sent' },
    });
    view = await profileOf(session);
    expect(view.profile.emailVerified).toBe(false);
    await smtp.waitFor((m) => m.envelopeTo.includes('moved@example.com'));
  });

  it('what the contact dialog says: once a changed email is saved the old address gets no alerts, the new one only once verified, texts carry on', async () => {
    await seedTickers(db);
    const { user, session } = await proUser(db, { email: 'before@example.com', phone: '+12025550177' });
    await follow(db, { userId: user.id, ticker: 'AAPL', forms: ['8-K'] });
    // Real Apple 8-Ks (SEC's submissions JSON), one matched at each step.
    const [before, meanwhile, after] = await insertRealFilings(
      db,
      realFilings('AAPL', { forms: ['8-K'] }).slice(0, 3),
      {
        ticker: 'AAPL',
        importance: 'CRITICAL',
      },
    );
    const alertsFor = async (filingId: number) =>
      (
        await db.execute<{ channel: string }>(
          sql`select channel from alerts where filing_id = ${filingId} and user_id = ${user.id} order by channel`,
        )
      ).map((r) => r.channel);
    await matchFiling(db, { filingId: before! });
    expect(await alertsFor(before!)).toEqual(['email', 'sms']);

    const changed = await t.approvedContactChange(
      '/api/notify',
      { email: 'after@example.com', phone: '+12025550177', notify_via: ['email', 'sms'] },
      session,
      'before@example.com',
    );
    expect(changed.body).toMatchObject({ verification: { email: 'sent', sms: 'verified' } });
    await matchFiling(db, { filingId: meanwhile! });
    // Not the old address (the account holds only the new one), not the unverified new one; the verified phone still.
    expect(await alertsFor(meanwhile!)).toEqual(['sms']);

    const mail = await smtp.waitFor((m) => m.envelopeTo.includes('after@example.com'));
    const token = tokenFromText(mail.text, '/api/verify-email');
    expect((await api.post('/api/verify-email', { token }, { headers: { origin: t.url } })).status).toBe(200);
    await matchFiling(db, { filingId: after! });
    expect(await alertsFor(after!)).toEqual(['email', 'sms']);
    const [row] = await db.execute<{ email: string }>(sql`select email from users where id = ${user.id}`);
    expect(row?.email).toBe('after@example.com');
  });

  it('does not verify with a link for an address the user has since replaced', async () => {
    const session = await t.anonymousSession();
    await api.post('/api/notify', { email: 'first@example.com' }, { session });
    const stale = tokenFromText(
      (await smtp.waitFor((m) => m.envelopeTo.includes('first@example.com'))).text,
      '/api/verify-email',
    );
    await api.post('/api/notify', { email: 'second@example.com' }, { session });
    expect(await api.post('/api/verify-email', { token: stale })).toMatchObject({
      status: 400,
      body: { error: 'link_stale' },
    });
    expect((await profileOf(session)).user.verified).toBe(false);
  });

  it("for another account's address sends a sign-in link instead, and never claims it", async () => {
    await createSignedInUser(db, { email: 'owner@example.com' });
    const session = await t.anonymousSession();
    const saved = await api.post('/api/notify', { email: 'owner@example.com' }, { session });
    expect(saved.body).toMatchObject({ verification: { email: 'sent' } });
    const mail = await smtp.waitFor((m) => m.envelopeTo.includes('owner@example.com'));
    expect(mail.subject).toBe('You already have a 8-K Alerts account');
    expect(mail.text).toContain('/api/verify-login?token=');
    expect((await profileOf(session)).user.verified).toBe(false);
  });
});

describe('phone contact and inbound texts', () => {
  it('YES verifies the number that was asked; the webhook signature is checked', async () => {
    const session = await t.anonymousSession();
    const saved = await api.post('/api/notify', { phone: '202-555-0117', notify_via: ['sms'] }, { session });
    expect(saved.body).toMatchObject({
      user: { phone: '+12025550117', verified: false },
      verification: { sms: 'sent' },
    });
    const ask = await twilio.waitFor((m) => m.to === '+12025550117');
    expect(ask.body).toContain('reply YES');
    expect(ask.body).toContain('Msg&data rates may apply');

    const forged = await twilio.sendInbound(
      webhook,
      { From: '+12025550117', Body: 'YES' },
      { signature: 'bm90IGEgc2lnbmF0dXJl' },
    );
    expect(forged.status).toBe(403);
    const unsigned = await twilio.sendInbound(webhook, { From: '+12025550117', Body: 'YES' }, { signature: null });
    expect(unsigned.status).toBe(403);
    const otherUrl = await twilio.sendInbound(
      webhook,
      { From: '+12025550117', Body: 'YES' },
      { signedUrl: `${t.url}/elsewhere` },
    );
    expect(otherUrl.status).toBe(403);
    expect((await profileOf(session)).user.verified).toBe(false);

    const yes = await twilio.sendInbound(webhook, { From: '+12025550117', Body: ' yes ' });
    expect(yes.status).toBe(200);
    expect(yes.text).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?><Response><Message>/);
    expect(yes.replies[0]).toContain('your number is verified');
    // Verification ends every session of the account (a token planted before it must not survive);
    // its owner signs in with the number, which reaches the same account.
    expect((await api.get('/api/profile', { session })).status).toBe(401);
    const signedIn = await t.signInByPhone('+12025550117');
    const view = await profileOf(signedIn.session);
    expect(view.user).toMatchObject({ verified: true, phone: '+12025550117' });
    expect(view.profile.phoneVerified).toBe(true);

    const again = await twilio.sendInbound(webhook, { From: '+12025550117', Body: 'YES' });
    expect(again.replies[0]).toContain('already verified');
  });

  it('STOP and its synonyms opt the number out of every text; START opts back in', async () => {
    const phone = '+12025550118';
    const { session } = await createSignedInUser(db, { phone });
    for (const word of ['STOP', 'unsubscribe', 'End', 'QUIT', 'stopall', 'REVOKE', 'OPTOUT', 'Cancel']) {
      const r = await twilio.sendInbound(webhook, { From: phone, Body: word });
      expect(r.replies[0], word).toContain('you are unsubscribed');
      expect((await profileOf(session)).profile.smsOptedOut, word).toBe(true);
      await twilio.sendInbound(webhook, { From: phone, Body: 'START' });
      expect((await profileOf(session)).profile.smsOptedOut, word).toBe(false);
    }
    await twilio.sendInbound(webhook, { From: phone, Body: 'STOP' });
    const login = await api.post('/api/login', { identifier: phone }, { ip: freshIp() });
    expect(login).toMatchObject({ status: 400, body: { error: 'sms_opted_out' } });
    const notify = await api.post('/api/notify', { phone, notify_via: ['sms'] }, { session });
    expect(notify).toMatchObject({ status: 400, body: { error: 'sms_opted_out' } });
    const sentBefore = twilio.to(phone).length;
    expect(sentBefore).toBe(0);
  });

  it('HELP answers with the program name, the contact and the rates notice', async () => {
    const r = await twilio.sendInbound(webhook, { From: '+12025550119', Body: 'HELP' });
    expect(r.status).toBe(200);
    expect(r.replies[0]).toBe(
      'SEC Filing Alerts: SEC filing alerts for your watchlist. Help: help@filings.example. Msg&data rates may apply. Reply STOP to opt out.',
    );
    const other = await twilio.sendInbound(webhook, { From: '+12025550119', Body: 'what is this' });
    expect(other.replies[0]).toContain('reply YES');
  });

  it('YES from a number nobody asked about verifies nothing', async () => {
    const r = await twilio.sendInbound(webhook, { From: '+12025550120', Body: 'YES' });
    expect(r.replies[0]).toContain('nothing to confirm');
  });
});

describe('secondary contact', () => {
  it('adds a phone to a verified email account without touching the email', async () => {
    const { session } = await createSignedInUser(db, { email: 'two@example.com' });
    const r = await t.approvedContactChange(
      '/api/add-secondary-contact',
      { phone: '2025550121' },
      session,
      'two@example.com',
    );
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      user: { email: 'two@example.com', phone: '+12025550121', verified: true },
      verification: { email: 'verified', sms: 'sent' },
    });
    await twilio.waitFor((m) => m.to === '+12025550121');
    await twilio.sendInbound(webhook, { From: '+12025550121', Body: 'YES' });
    const view = await profileOf((await t.signInByEmail('two@example.com')).session);
    expect(view.profile).toMatchObject({ emailVerified: true, phoneVerified: true });
    expect(view.profile.notifications.channels.sort()).toEqual(['email', 'sms']);
  });
});

describe('contact validation', () => {
  it('requires a contact, a valid email, a US phone and a contact for each chosen channel', async () => {
    const session = await t.anonymousSession();
    const cases: [Body, string][] = [
      [{ email: '', phone: '' }, 'contact_required'],
      [{ email: 'not-an-email' }, 'invalid_email'],
      [{ phone: '+44 20 7946 0958' }, 'unsupported_phone'],
      [{ email: 'a@example.com', notify_via: ['sms'] }, 'phone_required'],
      [{ phone: '2025550122', notify_via: ['email'] }, 'email_required'],
    ];
    for (const [body, reason] of cases) {
      const r = await api.post('/api/notify', body, { session });
      expect(r.status, reason).toBe(400);
      expect(r.body.error, reason).toBe(reason);
    }
    expect((await api.post('/api/notify', { email: 'a@example.com' })).body).toMatchObject({
      error: 'session_not_found',
    });
    expect((await profileOf(session)).user).toMatchObject({ email: null, phone: null });
  });

  it('counts plus-addressed variants of one inbox against one verification budget', async () => {
    const session = await t.anonymousSession();
    for (let i = 1; i <= 5; i += 1)
      expect((await api.post('/api/notify', { email: `plus+${i}@example.com` }, { session })).status).toBe(200);
    const over = await api.post('/api/notify', { email: 'plus+6@example.com' }, { session });
    expect(over.status).toBe(429);
    expect(over.body.message).toMatch(/sent to this contact/);
    expect((await profileOf(session)).user.email).toBe('plus+5@example.com');
  });

  it('limits verification messages per contact', async () => {
    const session = await t.anonymousSession();
    for (let i = 0; i < 5; i += 1) {
      const other = i % 2 === 0 ? 'limit@example.com' : `limit${i}@example.com`;
      expect((await api.post('/api/notify', { email: other }, { session })).status).toBe(200);
    }
    const [hits] = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from rate_limit_hits where key = 'limit@example.com'`,
    );
    expect(hits!.n).toBe(3);
    const s2 = await t.anonymousSession();
    for (const email of ['limit@example.com', 'y@example.com', 'limit@example.com', 'x@example.com']) {
      expect((await api.post('/api/notify', { email }, { session: s2 })).status).toBe(200);
    }
    const over = await api.post('/api/notify', { email: 'limit@example.com' }, { session: s2 });
    expect(over.status).toBe(429);
    expect((await profileOf(s2)).user.email).toBe('x@example.com');
  });
});
