import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { codeFromText, freshIp, startAuthTestApp } from '../../test/auth-client';
import { createSignedInUser } from '../../test/users';

const t = await startAuthTestApp();
const { api, smtp, twilio, database } = t;
const db = database.db;

const userRow = async (id: string) =>
  (
    await db.execute<{ email: string | null; phone: string | null; email_verified_at: string | null }>(
      sql`select email, phone, email_verified_at from users where id = ${id}`,
    )
  )[0];
const mailTo = (address: string, subject: RegExp) =>
  smtp.waitFor((m) => m.envelopeTo.includes(address) && subject.test(m.subject));

describe('a stolen session cannot add a contact that signs in', () => {
  it('replacing the verified email: refused, the code goes to the victim, the attacker gets nothing and cannot sign in to the account', async () => {
    const victim = await createSignedInUser(db, { email: 'victim@example.com' });
    await db.execute(
      sql`insert into watchlist_items (user_id, ticker, forms) values (${victim.user.id}, 'AAPL', '{8-K}')`,
    );
    // The attacker holds the victim's session token (stolen, or a forged request riding the cookie).
    const tried = await api.post(
      '/api/notify',
      { email: 'attacker@evil.example', phone: null },
      { session: victim.session },
    );
    expect(tried).toMatchObject({
      status: 403,
      body: {
        error: 'approval_required',
        message: 'To add a new contact, enter the 6-digit code we sent to v•••@example.com.',
      },
    });
    expect(await userRow(victim.user.id)).toMatchObject({
      email: 'victim@example.com',
      email_verified_at: expect.anything(),
    });

    const codeMail = await mailTo('victim@example.com', /^Approve/);
    expect(codeMail.subject).toBe('Approve a new contact for your 8-K Alerts account');
    expect(codeMail.text).toContain('approves adding a•••@evil.example as a sign-in contact');
    expect(smtp.to('attacker@evil.example')).toHaveLength(0);

    // Guessing: five wrong codes kill the real one too.
    const real = codeFromText(codeMail.text);
    const wrong = real === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i += 1) {
      const guess = await api.post(
        '/api/notify',
        { email: 'attacker@evil.example', approval_code: wrong },
        { session: victim.session, ip: freshIp() },
      );
      expect(guess).toMatchObject({ status: 400, body: { error: 'approval_wrong' } });
    }
    const late = await api.post(
      '/api/notify',
      { email: 'attacker@evil.example', approval_code: real },
      { session: victim.session },
    );
    expect(late).toMatchObject({ status: 400, body: { error: 'approval_expired' } });
    expect((await userRow(victim.user.id))!.email).toBe('victim@example.com');

    // Signing in with the attacker's address reaches a separate, empty account, never the victim's.
    const { session } = await t.signInByEmail('attacker@evil.example');
    const me = await api.get<{ user: { id: string } }>('/api/profile', { session });
    expect(me.body.user.id).not.toBe(victim.user.id);
    const items = await db.execute(sql`select 1 from watchlist_items where user_id = ${me.body.user.id}`);
    expect(items).toHaveLength(0);
  });

  it('adding a second contact next to the verified one needs the code too (add-secondary-contact, tRPC-shaped REST)', async () => {
    const victim = await createSignedInUser(db, { phone: '+12025550181' });
    const tried = await api.post(
      '/api/add-secondary-contact',
      { email: 'attacker2@evil.example' },
      { session: victim.session },
    );
    expect(tried).toMatchObject({
      status: 403,
      body: { error: 'approval_required', message: expect.stringContaining('•••-•••-0181') },
    });
    const sms = await twilio.waitFor((m) => m.to === '+12025550181');
    expect(sms.body).toMatch(/^8-K Alerts: \d{6} approves adding a•••@evil\.example as a sign-in contact/);
    expect((await userRow(victim.user.id))!.email).toBeNull();
    expect(smtp.to('attacker2@evil.example')).toHaveLength(0);
  });

  it('a code approves only the contact it was sent for', async () => {
    const owner = await createSignedInUser(db, { email: 'bound@example.com' });
    const first = await api.post('/api/add-secondary-contact', { phone: '2025550182' }, { session: owner.session });
    expect(first.status).toBe(403);
    const code = codeFromText((await mailTo('bound@example.com', /^Approve/)).text);
    // The same code offered for a different number (the attacker's) is wrong for it.
    const swapped = await api.post(
      '/api/add-secondary-contact',
      { phone: '2025550183', approval_code: code },
      { session: owner.session },
    );
    expect(swapped).toMatchObject({ status: 400, body: { error: 'approval_wrong' } });
    expect((await userRow(owner.user.id))!.phone).toBeNull();
  });

  it('a forged cross-site form post is refused before any code is sent', async () => {
    const victim = await createSignedInUser(db, { email: 'xsite@example.com' });
    const forged = await api.post('/api/notify', 'email=attacker3%40evil.example', {
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        cookie: `session=${victim.session}`,
        origin: 'https://evil.example',
      },
    });
    expect(forged.status).toBeGreaterThanOrEqual(400);
    expect(forged.status).toBeLessThan(500);
    expect(smtp.to('xsite@example.com')).toHaveLength(0);
    expect((await userRow(victim.user.id))!.email).toBe('xsite@example.com');
  });
});

describe('the owner adds a contact', () => {
  it('with the code from the verified email; that email is told a new sign-in contact was added', async () => {
    const owner = await createSignedInUser(db, { email: 'owner@example.com' });
    const saved = await t.approvedContactChange(
      '/api/add-secondary-contact',
      { phone: '(202) 555-0184' },
      owner.session,
      'owner@example.com',
    );
    expect(saved).toMatchObject({
      status: 200,
      body: {
        user: { email: 'owner@example.com', phone: '+12025550184' },
        verification: { email: 'verified', sms: 'sent' },
      },
    });
    await twilio.waitFor((m) => m.to === '+12025550184' && m.body.includes('reply YES'));

    const notice = await mailTo('owner@example.com', /was added/);
    expect(notice.subject).toBe('A new sign-in contact was added to your 8-K Alerts account');
    expect(notice.text).toContain('A new sign-in contact was added to your 8-K Alerts account: •••-•••-0184.');
    expect(notice.text).not.toMatch(/\b\d{6}\b/);
    // The code is used up: replaying the approved request does nothing new.
    const code = codeFromText(smtp.to('owner@example.com')[0]!.text);
    const replay = await api.post(
      '/api/add-secondary-contact',
      { phone: '2025550185', approval_code: code },
      { session: owner.session },
    );
    expect(replay).toMatchObject({ status: 400, body: { error: 'approval_expired' } });
  });

  it('before any contact is verified, and when only clearing one, no code is asked', async () => {
    const anon = await t.anonymousSession();
    expect((await api.post('/api/notify', { email: 'fresh@example.com' }, { session: anon })).status).toBe(200);
    expect((await api.post('/api/notify', { email: 'fresher@example.com' }, { session: anon })).status).toBe(200);
    const both = await createSignedInUser(db, { email: 'both@example.com', phone: '+12025550186' });
    const cleared = await api.post(
      '/api/notify',
      { email: 'both@example.com', phone: null },
      { session: both.session },
    );
    expect(cleared).toMatchObject({ status: 200, body: { user: { email: 'both@example.com', phone: null } } });
  });
});
