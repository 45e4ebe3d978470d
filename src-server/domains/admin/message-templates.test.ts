/**
 * /admin/message-templates over REST: an admin edits the alert email's subject and opening line
 * and the alert text; the next real Apple Form 4 goes out over the SMTP and Twilio peers with the
 * edited copy; a revert brings the code default back on the next send. The same for the daily
 * digest's and the pre-market brief's subject and heading, with real Tesla 8-Ks. Bad copy is a 400
 * that stores nothing; every change is audited; only an admin, from the site, may make one.
 */
import { sql } from 'drizzle-orm';
import { briefMorning, briefSendAt } from '#shared/market-hours';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApi, createAdminBearer } from '../../test/admin';
import { alertsDeps, captureErrors, follow, proUser, seedTickers, startDelivery } from '../../test/alerts';
import { startTestApp } from '../../test/app';
import { createTestDatabase } from '../../test/db';
import { startSmtpPeer } from '../../test/peers/smtp';
import { startTwilioPeer } from '../../test/peers/twilio';
import { insertRealFilings, realFilings } from '../../test/real-filings';
import { createSignedInUser } from '../../test/users';

const database = await createTestDatabase();
const db = database.db;
const smtp = await startSmtpPeer();
const twilio = await startTwilioPeer();
const deps = alertsDeps(database, {
  ...smtp.env,
  ...twilio.env,
  MAIL_POSTAL_ADDRESS: '100 Example Street, Springfield, IL 62701',
  ALERT_SWEEP_SECONDS: '0.3',
});
const errors = captureErrors(deps);
const { url } = await startTestApp({ database, customise: () => deps });
const admin = await createAdminBearer(db);
let delivery: { stop(): Promise<void> };

beforeAll(async () => {
  await seedTickers(db);
  delivery = await startDelivery(deps);
});
afterAll(async () => {
  await delivery.stop();
  await Promise.all([smtp.close(), twilio.close()]);
  expect(errors).toEqual([]);
});

const appleForm4s = realFilings('AAPL', { forms: ['4'] });
let nextForm4 = 0;
/** Stores the next real Apple Form 4 and waits for its email and its text. */
async function sendNext(to: { email: string; phone: string }) {
  const before = { mail: smtp.to(to.email).length, sms: twilio.to(to.phone).length };
  const [filingId] = await insertRealFilings(db, [appleForm4s[nextForm4++]!], { ticker: 'AAPL', importance: 'HIGH' });
  await smtp.waitFor((m) => m.envelopeTo.includes(to.email) && smtp.to(to.email).length > before.mail);
  await twilio.waitFor((m) => m.to === to.phone && twilio.to(to.phone).length > before.sms);
  return { filingId: filingId!, mail: smtp.to(to.email)[before.mail]!, sms: twilio.to(to.phone)[before.sms]! };
}

const EMAIL_COPY = {
  subject: 'Heads up: {{ticker}} filed {{aForm}} ({{importance}})',
  intro: '{{name}} just filed {{aForm}}',
};
const SMS_COPY = { text: 'ALERT {{ticker}} {{importance}}: {{oneLiner}} {{link}}' };
const audits = async (action: string) =>
  (await db.execute(sql`select 1 from admin_audit where action = ${action}`)).length;
const versions = async () =>
  Number((await db.execute<{ n: number }>(sql`select count(*)::int as n from message_template_versions`))[0]!.n);

describe('/admin/message-templates', () => {
  it('lists the templates with their variables and code defaults, nothing edited yet', async () => {
    const list = await adminApi(url, '/admin/message-templates/list', { bearer: admin.bearer });
    expect(list.status).toBe(200);
    expect(list.body.map((t: { id: string }) => t.id)).toEqual([
      'alert-email',
      'burst-email',
      'alert-sms',
      'digest-email',
      'brief-email',
    ]);
    expect(list.body[2]).toMatchObject({
      activeVersionId: null,
      versions: [],
      defaults: { text: expect.stringContaining('{{link}}') },
    });
  });

  it('previews a draft with a real filing and counts the text against one segment', async () => {
    const sms = await adminApi(url, '/admin/message-templates/preview', {
      bearer: admin.bearer,
      query: { id: 'alert-sms', text: SMS_COPY.text },
    });
    expect(sms.status).toBe(200);
    expect(sms.body.text).toMatch(/^ALERT TSLA [A-Z]+: .+ https:\/\/alerts\.example\/f\/1$/);
    expect(sms.body.length).toMatchObject({ encoding: 'GSM-7', segments: 1, singleLimit: 160 });
    const bad = await adminApi(url, '/admin/message-templates/preview', {
      bearer: admin.bearer,
      query: { id: 'alert-email', subject: '{{tikker}}', intro: 'x' },
    });
    expect(bad.body.problems.map((p: { reason: string }) => p.reason)).toEqual([
      'unknown_variable',
      'missing_variable',
    ]);
    const email = await adminApi(url, '/admin/message-templates/preview', {
      bearer: admin.bearer,
      query: { id: 'alert-email', ...EMAIL_COPY },
    });
    expect(email.body.subject).toMatch(/^Heads up: TSLA filed a Form 4 \((CRITICAL|HIGH|MEDIUM|LOW)\)$/);
    expect(email.body.text).toContain('TSLA (Tesla, Inc.) just filed a Form 4');
    // A burst's copy names how many filings the one email carries (three real Tesla filings).
    const burst = await adminApi(url, '/admin/message-templates/preview', {
      bearer: admin.bearer,
      query: {
        id: 'burst-email',
        subject: '{{ticker}}: {{count}} at once',
        intro: '{{count}} filings from {{company}}',
      },
    });
    expect(burst.body).toMatchObject({ subject: 'TSLA: 3 at once', problems: [] });
    // The head is Musk's $843M CEO sale with no plan: HIGH under the Form 4 rules.
    expect(burst.body.text).toMatch(/^\[HIGH\] 3 filings from Tesla, Inc\., /);
    const noCount = await adminApi(url, '/admin/message-templates/preview', {
      bearer: admin.bearer,
      query: { id: 'burst-email', subject: '{{ticker}} filed', intro: 'x' },
    });
    expect(noCount.body.problems.map((p: { reason: string }) => p.reason)).toEqual([
      'missing_variable',
      'missing_variable',
    ]);
    expect(await versions()).toBe(0);
  });

  it('refuses bad copy with a clear 400 and stores nothing', async () => {
    const cases = [
      { body: { id: 'alert-email', fields: { subject: 'New {{tickr}} filing', intro: 'x' } }, says: /\{\{tickr\}\}/ },
      { body: { id: 'alert-email', fields: { subject: 'A new filing', intro: 'x' } }, says: /must use \{\{ticker\}\}/ },
      {
        body: { id: 'alert-email', fields: { subject: '{{ticker}}\r\nBcc: everyone@example.com', intro: 'x' } },
        says: /must be one line/,
      },
      {
        body: { id: 'alert-sms', fields: { text: `{{ticker}} ${'long words '.repeat(12)}{{oneLiner}} {{link}}` } },
        says: /one SMS segment/,
      },
      { body: { id: 'alert-sms', fields: { text: '{{ticker}} {{oneLiner}}' } }, says: /must use \{\{link\}\}/ },
      { body: { id: 'alert-sms', fields: { text: '{{ticker}} {{link}}', html: '<b>' } }, says: /no field "html"/ },
    ];
    for (const c of cases) {
      const res = await adminApi(url, '/admin/message-templates/save', { bearer: admin.bearer, body: c.body });
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('invalid_template');
      expect(res.body.message).toMatch(c.says);
    }
    expect(
      (
        await adminApi(url, '/admin/message-templates/save', {
          bearer: admin.bearer,
          body: { id: 'welcome', fields: { text: 'x' } },
        })
      ).status,
    ).toBe(404);
    expect(await versions()).toBe(0);
    expect(await audits('messageTemplates.save')).toBe(0);
  });

  it('refuses anonymous, non-admin, expired and cross-site callers, changing nothing', async () => {
    const reader = await createSignedInUser(db, { email: 'not-admin@example.com' });
    const expired = await createAdminBearer(db, { email: 'expired-admin@example.com' });
    await db.execute(
      sql`update sessions set last_seen_at = now() - interval '31 minutes' where user_id = ${expired.user.id} and kind = 'admin'`,
    );
    const body = { id: 'alert-sms', fields: SMS_COPY };
    for (const bearer of [null, reader.session, expired.bearer]) {
      expect((await adminApi(url, '/admin/message-templates/list', { bearer })).status).toBe(401);
      expect((await adminApi(url, '/admin/message-templates/save', { bearer, body })).status).toBe(401);
      expect(
        (await adminApi(url, '/admin/message-templates/revert', { bearer, body: { id: 'alert-sms', versionId: null } }))
          .status,
      ).toBe(401);
    }
    expect(
      (
        await adminApi(url, '/admin/message-templates/save', {
          bearer: admin.bearer,
          body,
          origin: 'https://evil.example',
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await adminApi(url, '/admin/message-templates/revert', {
          bearer: admin.bearer,
          body: { id: 'alert-sms', versionId: null },
          origin: 'https://evil.example',
        })
      ).status,
    ).toBe(403);
    expect(await versions()).toBe(0);
  });

  it('sends the edited copy on the next alert, and the code default again after a revert', async () => {
    const { user } = await proUser(db, { email: 'holder@example.com', phone: '+12025550177' });
    await db.execute(sql`update users set alert_min_rank_sms = 1 where id = ${user.id}`);
    await follow(db, { userId: user.id, ticker: 'AAPL', forms: ['4'] });
    const to = { email: 'holder@example.com', phone: '+12025550177' };

    const first = await sendNext(to);
    expect(first.mail.subject).toMatch(/^AAPL Form 4 · HIGH: /);
    expect(first.sms.body).toMatch(/^8-K Alerts: AAPL HIGH Form 4: /);

    const savedEmail = await adminApi(url, '/admin/message-templates/save', {
      bearer: admin.bearer,
      body: { id: 'alert-email', fields: EMAIL_COPY, reason: 'Shorter subject' },
    });
    expect(savedEmail).toMatchObject({ status: 200, body: { id: 'alert-email', version: 1 } });
    const savedSms = await adminApi(url, '/admin/message-templates/save', {
      bearer: admin.bearer,
      body: { id: 'alert-sms', fields: SMS_COPY },
    });
    expect(savedSms).toMatchObject({ status: 200, body: { id: 'alert-sms', version: 1 } });
    const [audit] = await db.execute<{
      admin_user_id: string;
      target_id: string;
      reason: string;
      after: { version: number };
    }>(
      sql`select admin_user_id, target_id, reason, after from admin_audit where action = 'messageTemplates.save' order by id limit 1`,
    );
    expect(audit).toMatchObject({
      admin_user_id: admin.user.id,
      target_id: 'alert-email',
      reason: 'Shorter subject',
      after: { version: 1 },
    });

    const edited = await sendNext(to);
    expect(edited.mail.subject).toBe('Heads up: AAPL filed a Form 4 (HIGH)');
    expect(edited.mail.text).toContain('[HIGH] AAPL (Apple Inc.) just filed a Form 4,');
    expect(edited.mail.html).toContain('AAPL (Apple Inc.) just filed a Form 4');
    expect(edited.sms.body).toMatch(new RegExp(`^ALERT AAPL HIGH: .+ https://alerts\\.example/f/${edited.filingId}$`));
    expect(edited.sms.body.length).toBeLessThanOrEqual(160);

    // A second email version, then back to the code default: the next send uses the default.
    const v2 = await adminApi(url, '/admin/message-templates/save', {
      bearer: admin.bearer,
      body: { id: 'alert-email', fields: { ...EMAIL_COPY, subject: 'v2 {{ticker}}' } },
    });
    expect(v2.body.version).toBe(2);
    const toDefault = await adminApi(url, '/admin/message-templates/revert', {
      bearer: admin.bearer,
      body: { id: 'alert-email', versionId: null, reason: 'Back to the default' },
    });
    expect(toDefault).toMatchObject({ status: 200, body: { id: 'alert-email', versionId: null } });
    const reverted = await sendNext(to);
    expect(reverted.mail.subject).toMatch(/^AAPL Form 4 · HIGH: /);
    expect(reverted.mail.text).toContain('[HIGH] AAPL (Apple Inc.) filed a Form 4,');

    // Revert to version 1: its copy goes out again; versions are kept, newest first.
    const back = await adminApi(url, '/admin/message-templates/revert', {
      bearer: admin.bearer,
      body: { id: 'alert-email', versionId: savedEmail.body.versionId },
    });
    expect(back.status).toBe(200);
    expect((await sendNext(to)).mail.subject).toBe('Heads up: AAPL filed a Form 4 (HIGH)');
    const list = await adminApi(url, '/admin/message-templates/list', { bearer: admin.bearer });
    const email = list.body.find((t: { id: string }) => t.id === 'alert-email');
    expect(email.activeVersionId).toBe(savedEmail.body.versionId);
    expect(
      email.versions.map((v: { version: number; createdByEmail: string }) => [v.version, v.createdByEmail]),
    ).toEqual([
      [2, 'admin@example.com'],
      [1, 'admin@example.com'],
    ]);
    expect(await audits('messageTemplates.revert')).toBe(2);

    expect(
      (
        await adminApi(url, '/admin/message-templates/revert', {
          bearer: admin.bearer,
          body: { id: 'alert-sms', versionId: savedEmail.body.versionId },
        })
      ).status,
    ).toBe(404);
    expect(await audits('messageTemplates.revert')).toBe(2);
  });
});

describe('/admin/message-templates: the daily digest and the pre-market brief', () => {
  const DIGEST_COPY = {
    subject: 'Today on {{brand}}: {{tickers}} ({{count}})',
    title: '{{newFilings}} while you were away, {{date}}',
  };
  const BRIEF_COPY = { subject: 'Before the bell: {{tickers}}', title: 'Overnight: {{filings}} for {{date}}' };
  const tesla8ks = realFilings('TSLA', { forms: ['8-K'] });
  let next8k = 0;
  const versionsOf = async (id: string) =>
    Number(
      (
        await db.execute<{ n: number }>(
          sql`select count(*)::int as n from message_template_versions where template_id = ${id}`,
        )
      )[0]!.n,
    );
  const auditsOf = async (id: string) =>
    (await db.execute(sql`select 1 from admin_audit where target_type = 'message_template' and target_id = ${id}`))
      .length;

  /**
   * A free reader following Tesla's 8-Ks, digest due now (its digest hour is the current New York hour:
   * digests go only within 3 hours after it); stores the next real 8-K and waits for the digest.
   */
  async function nextDigest(email: string) {
    const { user } = await createSignedInUser(db, { email });
    await db.execute(
      sql`update users set time_zone = 'America/New_York', digest_hour = extract(hour from now() at time zone 'America/New_York')::int where id = ${user.id}`,
    );
    await follow(db, { userId: user.id, ticker: 'TSLA', forms: ['8-K'] });
    await insertRealFilings(db, [tesla8ks[next8k++]!], { ticker: 'TSLA', importance: 'MEDIUM' });
    return smtp.waitFor((m) => m.envelopeTo.includes(email));
  }

  /** A PRO reader whose Tesla 8-K (accepted next Saturday, market closed) waits for Monday's brief; sent now. */
  async function nextBrief(email: string) {
    const { user } = await createSignedInUser(db, {
      email,
      planType: 'pro',
      planStatus: 'active',
      routing: 'defaults',
    });
    await follow(db, { userId: user.id, ticker: 'TSLA', forms: ['8-K'] });
    await db.execute(sql`update users set alert_min_rank_email = 1 where id = ${user.id}`);
    const saturday = new Date();
    saturday.setUTCDate(saturday.getUTCDate() + ((6 - saturday.getUTCDay() + 7) % 7 || 7));
    saturday.setUTCHours(12, 0, 0, 0);
    const sendAt = briefSendAt(briefMorning(saturday)!, 480);
    await insertRealFilings(db, [{ ...tesla8ks[next8k++]!, acceptedAt: saturday }], {
      ticker: 'TSLA',
      importance: 'LOW',
    });
    const held = () =>
      db.execute<{ next_attempt_at: Date }>(
        sql`select next_attempt_at from alerts where user_id = ${user.id} and channel = 'brief'`,
      );
    await expect.poll(async () => (await held()).length).toBe(1);
    expect(new Date((await held())[0]!.next_attempt_at).toISOString()).toBe(sendAt.toISOString());
    // Its brief time, brought forward: the running sweep opens the brief and its job sends it.
    await db.execute(
      sql`update alerts set next_attempt_at = now() - interval '1 second' where user_id = ${user.id} and channel = 'brief'`,
    );
    return smtp.waitFor((m) => m.envelopeTo.includes(email));
  }

  it('refuses an unknown variable, a missing {{tickers}}, an over-long line or a line break with a clear 400, changing nothing', async () => {
    const cases = [
      {
        fields: { subject: '{{ticker}} and {{tickers}}', title: 'x' },
        says: /uses \{\{ticker\}\}, which is not a variable of this template/,
      },
      { fields: { subject: 'Your digest', title: 'x' }, says: /must use \{\{tickers\}\}/ },
      {
        fields: { subject: `{{tickers}} ${'x'.repeat(200)}`, title: 'x' },
        says: /Subject line is longer than 200 characters/,
      },
      {
        fields: { subject: '{{tickers}}', title: 'y'.repeat(301) },
        says: /Heading \(first line of the email\) is longer than 300 characters/,
      },
      { fields: { subject: '{{tickers}}', title: 'Hello\n<script>' }, says: /must be one line/ },
      { fields: { subject: '{{tickers}}', title: 'x', intro: 'x' }, says: /no field "intro"/ },
    ];
    for (const id of ['digest-email', 'brief-email']) {
      for (const c of cases) {
        const res = await adminApi(url, '/admin/message-templates/save', {
          bearer: admin.bearer,
          body: { id, fields: c.fields },
        });
        expect(res.status).toBe(400);
        expect(res.body.error).toBe('invalid_template');
        expect(res.body.message).toMatch(c.says);
      }
      // Past the transport's own bound (1,000 characters): refused before the service, still a 400.
      expect(
        (
          await adminApi(url, '/admin/message-templates/save', {
            bearer: admin.bearer,
            body: { id, fields: { subject: '{{tickers}}'.repeat(100), title: 'x' } },
          })
        ).status,
      ).toBe(400);
      expect(await versionsOf(id)).toBe(0);
      expect(await auditsOf(id)).toBe(0);
    }
  });

  it('refuses anonymous, non-admin and cross-site edits of the digest, changing nothing', async () => {
    const reader = await createSignedInUser(db, { email: 'digest-not-admin@example.com' });
    const body = { id: 'digest-email', fields: DIGEST_COPY };
    for (const bearer of [null, reader.session]) {
      expect((await adminApi(url, '/admin/message-templates/save', { bearer, body })).status).toBe(401);
      expect(
        (
          await adminApi(url, '/admin/message-templates/revert', {
            bearer,
            body: { id: 'brief-email', versionId: null },
          })
        ).status,
      ).toBe(401);
      expect(
        (await adminApi(url, '/admin/message-templates/preview', { bearer, query: { id: 'digest-email' } })).status,
      ).toBe(401);
    }
    expect(
      (
        await adminApi(url, '/admin/message-templates/save', {
          bearer: admin.bearer,
          body,
          origin: 'https://evil.example',
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await adminApi(url, '/admin/message-templates/save', {
          bearer: admin.bearer,
          body: { id: 'brief-email', fields: BRIEF_COPY },
          origin: 'https://evil.example',
        })
      ).status,
    ).toBe(403);
    expect(await versionsOf('digest-email')).toBe(0);
    expect(await versionsOf('brief-email')).toBe(0);
    expect(
      (
        await db.execute(
          sql`select 1 from message_template_active where template_id in ('digest-email', 'brief-email')`,
        )
      ).length,
    ).toBe(0);
  });

  it('previews a draft through the send path with the newest stored filings', async () => {
    const res = await adminApi(url, '/admin/message-templates/preview', {
      bearer: admin.bearer,
      query: { id: 'digest-email', ...DIGEST_COPY },
    });
    expect(res.status).toBe(200);
    expect(res.body.problems).toEqual([]);
    // The Apple Form 4s stored above are the newest filings: the preview lists them, not a sample.
    expect(res.body.subject).toMatch(/^Today on Insider Trades Alerts: AAPL \(\d+\)$/);
    expect(res.body.html).toMatch(/<h1[^>]*>\d+ new filings? while you were away, \w+day, \w+ \d+, \d{4}<\/h1>/);
    expect(res.body.text).toContain('AAPL · https://alerts.example/ticker/AAPL');
    const brief = await adminApi(url, '/admin/message-templates/preview', {
      bearer: admin.bearer,
      query: { id: 'brief-email' },
    });
    expect(brief.body.subject).toMatch(
      /^Insider Trades Alerts pre-market brief: \d+ filings? since the close for AAPL$/,
    );
    expect(await versionsOf('digest-email')).toBe(0);
  });

  it('sends the edited digest and brief copy with the next one, and the code default after a revert', async () => {
    const first = await nextDigest('digest-1@example.com');
    expect(first.subject).toBe('8-K Alerts daily digest: 1 new filing for TSLA');

    const saved = await adminApi(url, '/admin/message-templates/save', {
      bearer: admin.bearer,
      body: { id: 'digest-email', fields: DIGEST_COPY, reason: 'Friendlier digest' },
    });
    expect(saved).toMatchObject({ status: 200, body: { id: 'digest-email', version: 1 } });
    const [audit] = await db.execute<{
      admin_user_id: string;
      reason: string;
      after: { version: number; fields: Record<string, string> };
    }>(
      sql`select admin_user_id, reason, after from admin_audit where action = 'messageTemplates.save' and target_id = 'digest-email'`,
    );
    expect(audit).toMatchObject({
      admin_user_id: admin.user.id,
      reason: 'Friendlier digest',
      after: { version: 1, fields: DIGEST_COPY },
    });

    const edited = await nextDigest('digest-2@example.com');
    expect(edited.subject).toBe('Today on 8-K Alerts: TSLA (1)');
    expect(edited.text.split('\n')[0]).toMatch(/^1 new filing while you were away, \w+day, \w+ \d+, \d{4}\.$/);
    expect(edited.html).toMatch(/<h1[^>]*>1 new filing while you were away, /);

    const reverted = await adminApi(url, '/admin/message-templates/revert', {
      bearer: admin.bearer,
      body: { id: 'digest-email', versionId: null, reason: 'Back to the default' },
    });
    expect(reverted).toMatchObject({ status: 200, body: { id: 'digest-email', versionId: null } });
    const again = await nextDigest('digest-3@example.com');
    expect(again.subject).toBe('8-K Alerts daily digest: 1 new filing for TSLA');
    expect(again.text).toMatch(/^Your filings digest for /);

    // The brief: its own template, untouched by the digest's edit.
    expect((await nextBrief('brief-1@example.com')).subject).toBe(
      '8-K Alerts pre-market brief: 1 filing since the close for TSLA',
    );
    const briefSaved = await adminApi(url, '/admin/message-templates/save', {
      bearer: admin.bearer,
      body: { id: 'brief-email', fields: BRIEF_COPY },
    });
    expect(briefSaved).toMatchObject({ status: 200, body: { id: 'brief-email', version: 1 } });
    const briefEdited = await nextBrief('brief-2@example.com');
    expect(briefEdited.subject).toBe('Before the bell: TSLA');
    expect(briefEdited.html).toMatch(/<h1[^>]*>Overnight: 1 filing for \w+day, /);
    await adminApi(url, '/admin/message-templates/revert', {
      bearer: admin.bearer,
      body: { id: 'brief-email', versionId: null },
    });
    expect((await nextBrief('brief-3@example.com')).subject).toBe(
      '8-K Alerts pre-market brief: 1 filing since the close for TSLA',
    );

    // Version 1 again: its copy goes out with the next digest.
    expect(
      (
        await adminApi(url, '/admin/message-templates/revert', {
          bearer: admin.bearer,
          body: { id: 'digest-email', versionId: saved.body.versionId },
        })
      ).status,
    ).toBe(200);
    expect((await nextDigest('digest-4@example.com')).subject).toBe('Today on 8-K Alerts: TSLA (1)');
    expect(await auditsOf('digest-email')).toBe(3);
    expect(await auditsOf('brief-email')).toBe(2);
  });
});
