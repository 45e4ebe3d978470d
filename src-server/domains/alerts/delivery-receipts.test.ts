/**
 * Delivery receipts end to end (decision 208): real filings matched by the running alerts worker,
 * sent over SMTP and the Twilio Messages API to peers on loopback. Email records the SMTP
 * server's 250 (with its queue id) as delivered; SMS records what the Twilio peer posts to the
 * StatusCallback the text was sent with, signed as Twilio signs. Then as an attacker: forged and
 * re-targeted signatures, replays, late earlier statuses, another user's message, junk bodies,
 * and nothing secret in the logs or the callback URL.
 */
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alertsDeps, follow, proUser, seedTickers, startDelivery } from '../../test/alerts';
import { startTestApp } from '../../test/app';
import { createTestDatabase } from '../../test/db';
import { startSmtpPeer } from '../../test/peers/smtp';
import { startTwilioPeer } from '../../test/peers/twilio';
import { insertRealFilings, realFilings } from '../../test/real-filings';
import { latencyReport } from '../latency/latency.service';
import { markSent } from './delivery.repo';
import { until } from '../../test/until';

const PUBLIC = 'https://alerts.example';
const database = await createTestDatabase();
const db = database.db;
const smtp = await startSmtpPeer();
const twilio = await startTwilioPeer();
const deps = alertsDeps(database, { ...smtp.env, ...twilio.env, PUBLIC_URL: PUBLIC, ALERT_SWEEP_SECONDS: '0.3' });
const logLines: string[] = [];
deps.logger = pino({ level: 'info' }, { write: (line: string) => void logLines.push(line) });
const { url } = await startTestApp({ database, customise: () => deps });
// PUBLIC_URL is the address Twilio calls; on this machine it is served at `url`.
twilio.reachVia(PUBLIC, url);
let delivery: { stop(): Promise<void> };

beforeAll(async () => {
  await seedTickers(db);
  delivery = await startDelivery(deps);
});
afterAll(async () => {
  await delivery.stop();
  await Promise.all([smtp.close(), twilio.close()]);
  expect(logLines.filter((l) => (JSON.parse(l) as { level: number }).level >= 50)).toEqual([]);
});

interface Row extends Record<string, unknown> {
  id: number;
  user_id: string;
  channel: string;
  status: string;
  provider_message_id: string | null;
  provider_status: string | null;
  provider_response: string | null;
  created_at: string;
  sent_at: string | null;
  delivered_at: string | null;
  provider_status_at: string | null;
  updated_at: string;
}
const rowsOf = (userId: string) =>
  db.execute<Row>(sql`select id::float8 as id, user_id, channel, status, provider_message_id, provider_status, provider_response,
      to_json(created_at)#>>'{}' as created_at, to_json(sent_at)#>>'{}' as sent_at, to_json(delivered_at)#>>'{}' as delivered_at,
      to_json(provider_status_at)#>>'{}' as provider_status_at, to_json(updated_at)#>>'{}' as updated_at
    from alerts where user_id = ${userId} order by id`);
const allAlerts = async () => JSON.stringify(await db.execute(sql`select * from alerts order by id`));

const used = new Map<string, number>();
/** A real Apple filing (SEC submissions JSON) stored without NOTIFY: the sweep finds it. */
async function storeApple(form: string): Promise<number> {
  const index = used.get(form) ?? 0;
  used.set(form, index + 1);
  const filing = realFilings('AAPL', { forms: [form] })[index]!;
  return (await insertRealFilings(db, [filing], { ticker: 'AAPL', importance: 'HIGH' }))[0]!;
}

/** A PRO watcher of AAPL `form` with email and phone, and the sent email and SMS rows of one filing. */
async function sentAlerts(phone: string, email: string, form: string) {
  const { user } = await proUser(db, { email, phone });
  await db.execute(sql`update users set alert_min_rank_sms = 1, alert_min_rank_email = 1 where id = ${user.id}`);
  await follow(db, { userId: user.id, ticker: 'AAPL', forms: [form] });
  const filingId = await storeApple(form);
  const rows = await until(() => rowsOf(user.id), 'both alerts sent', {
    timeoutMs: 8_000,
    everyMs: 50,
    ok: (r) => r.length === 2 && r.every((x) => x.status === 'sent'),
  });
  expect(rows.map((r) => [r.channel, r.status])).toEqual([
    ['email', 'sent'],
    ['sms', 'sent'],
  ]);
  // Earlier watchers of the same form get this filing too: let every send settle before snapshots.
  await until(
    () => db.execute<{ n: number }>(sql`select count(*)::int as n from alerts where status in ('queued', 'sending')`),
    'every send settled',
    { timeoutMs: 8_000, everyMs: 50, ok: ([r]) => r!.n === 0 },
  );
  const sms = twilio.to(phone).at(-1)!;
  return { userId: user.id, filingId, email: rows[0]!, text: rows[1]!, sms };
}

describe('delivery receipts', () => {
  it('email: delivered is the SMTP server accepting the message, with its 250 reply and queue id', async () => {
    const { email } = await sentAlerts('+12025550181', 'receipts@example.com', '4');
    const mail = smtp.to('receipts@example.com').at(-1)!;
    expect(email.provider_status).toBe('accepted');
    expect(email.provider_response).toBe(`250 2.0.0 Ok: queued as ${mail.queueId}`);
    expect(email.delivered_at).not.toBeNull();
    expect(Date.parse(email.delivered_at!)).toBeGreaterThanOrEqual(Date.parse(email.created_at));
    expect(email.delivered_at).toBe(email.sent_at);
  });

  it("SMS: queued, sent, then delivered from Twilio's signed status callbacks; replays and late earlier statuses change nothing", async () => {
    const { text, sms, filingId } = await sentAlerts('+12025550182', 'texts@example.com', '8-K');
    // The StatusCallback names the alert and nothing secret.
    expect(sms.statusCallback).toBe(`${PUBLIC}/api/sms/status/${text.id}`);
    expect(text.provider_status).toBeNull();
    expect(text.delivered_at).toBeNull();

    expect((await twilio.reportStatus(sms.sid, 'sent')).status).toBe(204);
    const [, afterSent] = await rowsOf(text.user_id);
    expect([afterSent!.provider_status, afterSent!.delivered_at]).toEqual(['sent', null]);

    const delivered = await twilio.reportStatus(sms.sid, 'delivered');
    expect(delivered.status).toBe(204);
    const [, afterDelivered] = await rowsOf(text.user_id);
    expect(afterDelivered!.provider_status).toBe('delivered');
    expect(afterDelivered!.delivered_at).not.toBeNull();
    expect(Date.parse(afterDelivered!.delivered_at!)).toBeGreaterThanOrEqual(Date.parse(afterDelivered!.sent_at!));
    expect(Date.parse(afterDelivered!.sent_at!)).toBeGreaterThanOrEqual(Date.parse(afterDelivered!.created_at));

    // The same request again, byte for byte (Twilio retries; an attacker replays): acknowledged, nothing moves.
    const before = await allAlerts();
    const replay = await fetch(delivered.target, { method: 'POST', headers: delivered.headers, body: delivered.body });
    expect(replay.status).toBe(204);
    // Callbacks arrive out of order: a 'sent' or 'queued' posted after 'delivered', and a second final status.
    for (const late of ['sent', 'queued', 'undelivered'])
      expect((await twilio.reportStatus(sms.sid, late)).status).toBe(204);
    expect(await allAlerts()).toBe(before);

    // The public receipts now measure this text's detection -> delivered (made a live detection for the report).
    await db.execute(
      sql`update filings set detected_via = 'feed', detected_at = ${afterDelivered!.delivered_at}::timestamptz - interval '3 seconds', accepted_at = ${afterDelivered!.delivered_at}::timestamptz - interval '30 seconds' where id = ${filingId}`,
    );
    const report = await latencyReport(db, { mode: 'live' });
    expect(report.windows['24h'].detect_to_delivered.sms).toEqual({ n: 1, p50_s: 3, p95_s: 3 });
    expect(report.windows['24h'].detect_to_sent.sms).toMatchObject({ n: 1, delivered: 1, not_delivered: 0 });
  });

  it('an undelivered text keeps Twilio\'s ErrorCode and no delivered time; a later "delivered" does not overwrite the first final status', async () => {
    const { text, sms } = await sentAlerts('+12025550183', 'undelivered@example.com', '10-Q');
    expect((await twilio.reportStatus(sms.sid, 'undelivered', { errorCode: '30005' })).status).toBe(204);
    expect((await twilio.reportStatus(sms.sid, 'sent')).status).toBe(204);
    expect((await twilio.reportStatus(sms.sid, 'delivered')).status).toBe(204);
    const [, row] = await rowsOf(text.user_id);
    expect([row!.status, row!.provider_status, row!.provider_response, row!.delivered_at]).toEqual([
      'sent',
      'undelivered',
      'ErrorCode 30005',
      null,
    ]);
  });

  it('a callback that beats the sender storing the SID is kept: the alert in flight takes the SID, and the later markSent does not move it back', async () => {
    const { text, sms } = await sentAlerts('+12025550176', 'race@example.com', '8-K');
    // Back to the moment between Twilio answering the send and the sender's update.
    const me = 987_654;
    await db.execute(
      sql`update alerts set status = 'sending', provider_message_id = null, provider_status = null, provider_status_at = null, sent_at = null, claimed_by = ${me} where id = ${text.id}`,
    );
    const signed = (status: string) => {
      const params = { MessageSid: sms.sid, MessageStatus: status, AccountSid: twilio.accountSid };
      return fetch(`${url}/api/sms/status/${text.id}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'x-twilio-signature': twilio.sign(sms.statusCallback!, params),
        },
        body: new URLSearchParams(params),
      });
    };
    expect((await signed('delivered')).status).toBe(204);
    const [, early] = await rowsOf(text.user_id);
    expect([early!.provider_message_id, early!.provider_status]).toEqual([sms.sid, 'delivered']);
    expect(early!.delivered_at).not.toBeNull();
    await markSent(db, {
      table: 'alerts',
      id: text.id,
      me,
      messageId: sms.sid,
      receipt: { status: 'queued', response: null, delivered: false },
    });
    const [, settled] = await rowsOf(text.user_id);
    expect([settled!.status, settled!.provider_status, settled!.delivered_at]).toEqual([
      'sent',
      'delivered',
      early!.delivered_at,
    ]);
    // Only an alert still in flight adopts a SID: a sent alert with another SID is not touched.
    const other = await sentAlerts('+12025550177', 'race2@example.com', '8-K');
    const before = await allAlerts();
    const params = { MessageSid: `SM${'f'.repeat(32)}`, MessageStatus: 'delivered', AccountSid: twilio.accountSid };
    const foreign = await fetch(`${url}/api/sms/status/${other.text.id}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-twilio-signature': twilio.sign(other.sms.statusCallback!, params),
      },
      body: new URLSearchParams(params),
    });
    expect(foreign.status).toBe(204);
    expect(await allAlerts()).toBe(before);
  });

  it("a burst's text (several alerts in one message) gets the receipt on every alert it carried, and only those", async () => {
    const { user } = await proUser(db, { phone: '+12025550180' });
    const [lead, second, other] = [await storeApple('10-K'), await storeApple('10-K'), await storeApple('10-K')];
    const sid = `SM${'5e'.repeat(16)}`;
    const [leadRow] = await db.execute<{
      id: number;
    }>(sql`insert into alerts (user_id, filing_id, channel, status, provider_message_id, sent_at, route)
      values (${user.id}, ${lead}, 'sms', 'sent', ${sid}, now(), 'realtime_sms') returning id::float8 as id`);
    await db.execute(sql`insert into alerts (user_id, filing_id, channel, status, provider_message_id, burst_lead_id, sent_at, route)
      values (${user.id}, ${second}, 'sms', 'sent', ${sid}, ${leadRow!.id}, now(), 'realtime_sms'),
        (${user.id}, ${other}, 'sms', 'sent', ${`SM${'6f'.repeat(16)}`}, ${leadRow!.id}, now(), 'realtime_sms')`);
    const posted = await twilio.reportStatus(sid, 'delivered', { url: `${PUBLIC}/api/sms/status/${leadRow!.id}` });
    expect(posted.status).toBe(204);
    const rows = await rowsOf(user.id);
    expect(rows.map((r) => [r.provider_status, r.delivered_at != null])).toEqual([
      ['delivered', true],
      ['delivered', true],
      // Same lead id, another message: not this callback's.
      [null, false],
    ]);
  });
});

describe('the status callback, as an attacker', () => {
  const securityEvents = async () =>
    (
      await db.execute<{ n: number }>(
        sql`select count(*)::int as n from security_events where kind = 'webhook_signature_failed' and subject = 'twilio-status'`,
      )
    )[0]!.n;

  it('refuses forged, unsigned, re-targeted, tampered and foreign-token callbacks (403), changing nothing but the security log', async () => {
    const victim = await sentAlerts('+12025550184', 'victim@example.com', '4');
    const other = await sentAlerts('+12025550185', 'other@example.com', '8-K');
    const before = await allAlerts();
    const events = await securityEvents();
    const attempts = [
      // Forged signature.
      twilio.reportStatus(victim.sms.sid, 'delivered', { signature: 'k3ZbT2b4hOQ5q8J2m1tJXQ0Zs7A=' }),
      // No signature at all.
      twilio.reportStatus(victim.sms.sid, 'delivered', { signature: null }),
      // A genuine signature, but for the other alert's URL, posted to the victim's.
      twilio.reportStatus(victim.sms.sid, 'delivered', { signedUrl: other.sms.statusCallback! }),
      // Signed for the app's local address instead of the public URL Twilio was given.
      twilio.reportStatus(victim.sms.sid, 'delivered', { signedUrl: `${url}/api/sms/status/${victim.text.id}` }),
      // Signed by another Twilio account (an attacker's own auth token).
      (async () => {
        const attacker = await startTwilioPeer();
        try {
          const params = { MessageSid: victim.sms.sid, MessageStatus: 'delivered', AccountSid: attacker.accountSid };
          return {
            status: (
              await fetch(`${url}/api/sms/status/${victim.text.id}`, {
                method: 'POST',
                headers: {
                  'content-type': 'application/x-www-form-urlencoded',
                  'x-twilio-signature': attacker.sign(victim.sms.statusCallback!, params),
                },
                body: new URLSearchParams(params),
              })
            ).status,
          };
        } finally {
          await attacker.close();
        }
      })(),
    ];
    expect((await Promise.all(attempts)).map((r) => r.status)).toEqual([403, 403, 403, 403, 403]);

    // A genuine 'sent' callback with its status field changed to 'failed' in flight.
    const tamperedBody = new URLSearchParams({
      MessageSid: victim.sms.sid,
      MessageStatus: 'failed',
      AccountSid: twilio.accountSid,
      ErrorCode: '30003',
    });
    const signedForSent = twilio.sign(victim.sms.statusCallback!, {
      MessageSid: victim.sms.sid,
      MessageStatus: 'sent',
      AccountSid: twilio.accountSid,
      ErrorCode: '30003',
    });
    const tampered = await fetch(`${url}/api/sms/status/${victim.text.id}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': signedForSent },
      body: tamperedBody,
    });
    expect(tampered.status).toBe(403);
    expect(await tampered.json()).toMatchObject({ error: 'invalid_signature' });

    expect(await allAlerts()).toBe(before);
    expect(await securityEvents()).toBe(events + 6);
  });

  it("a signed callback cannot touch another user's delivery, and an unknown MessageSid is acknowledged without a change", async () => {
    const alice = await sentAlerts('+12025550186', 'alice@example.com', '10-Q');
    const bob = await sentAlerts('+12025550187', 'bob@example.com', '4');
    const before = await allAlerts();
    // Bob's message SID on Alice's alert URL, and Alice's on Bob's: neither row is this alert's message.
    expect((await twilio.reportStatus(bob.sms.sid, 'delivered', { url: alice.sms.statusCallback! })).status).toBe(204);
    expect((await twilio.reportStatus(alice.sms.sid, 'failed', { url: bob.sms.statusCallback! })).status).toBe(204);
    // Alice's email alert id with her text's SID: a text callback never touches an email row.
    expect(
      (await twilio.reportStatus(alice.sms.sid, 'delivered', { url: `${PUBLIC}/api/sms/status/${alice.email.id}` }))
        .status,
    ).toBe(204);
    // A well-formed SID nobody sent, and an alert id that does not exist.
    const unknown = `SM${'ab'.repeat(16)}`;
    expect((await twilio.reportStatus(unknown, 'delivered', { url: alice.sms.statusCallback! })).status).toBe(204);
    expect(
      (await twilio.reportStatus(alice.sms.sid, 'delivered', { url: `${PUBLIC}/api/sms/status/987654321` })).status,
    ).toBe(204);
    expect(await allAlerts()).toBe(before);

    // Bob's own callback still lands on Bob's row only.
    expect((await twilio.reportStatus(bob.sms.sid, 'delivered')).status).toBe(204);
    const [, bobText] = await rowsOf(bob.userId);
    const [, aliceText] = await rowsOf(alice.userId);
    expect(bobText!.provider_status).toBe('delivered');
    expect([aliceText!.provider_status, aliceText!.delivered_at]).toEqual([null, null]);
  });

  it('a signed but malformed callback is a clear 400 and changes nothing', async () => {
    const { sms } = await sentAlerts('+12025550188', 'malformed@example.com', '8-K');
    const before = await allAlerts();
    const bad = [
      await twilio.reportStatus(sms.sid, 'bogus'),
      await twilio.reportStatus(sms.sid, 'delivered', { extra: { MessageSid: 'not-a-sid' } }),
      await twilio.reportStatus(sms.sid, 'failed', { errorCode: '30003; drop table alerts' }),
      await twilio.reportStatus(sms.sid, 'delivered', { url: `${PUBLIC}/api/sms/status/abc` }),
      await twilio.reportStatus(sms.sid, 'delivered', { url: `${PUBLIC}/api/sms/status/-4` }),
    ];
    expect(bad.map((r) => r.status)).toEqual([400, 400, 400, 400, 400]);
    for (const r of bad)
      expect(JSON.parse(r.text)).toMatchObject({ error: 'bad_request', message: expect.any(String) });
    expect(JSON.parse(bad[0]!.text).message).toMatch(/MessageStatus/);
    expect(await allAlerts()).toBe(before);
  });

  it('no auth token, signature or account credential reaches the logs or the callback URL', async () => {
    const { sms } = await sentAlerts('+12025550189', 'quiet@example.com', '10-Q');
    const posted = await twilio.reportStatus(sms.sid, 'delivered');
    const forged = await twilio.reportStatus(sms.sid, 'sent', { signature: 'Zm9yZ2VkLXNpZ25hdHVyZS12YWx1ZQ==' });
    expect([posted.status, forged.status]).toEqual([204, 403]);
    const logs = logLines.join('\n');
    expect(logs).toContain('Twilio status callback');
    for (const secret of [
      twilio.authToken,
      posted.headers['x-twilio-signature']!,
      'Zm9yZ2VkLXNpZ25hdHVyZS12YWx1ZQ==',
      Buffer.from(`${twilio.accountSid}:${twilio.authToken}`).toString('base64'),
    ]) {
      expect(logs).not.toContain(secret);
      expect(sms.statusCallback).not.toContain(secret);
    }
    expect(sms.statusCallback).not.toContain(twilio.accountSid);
  });
});
