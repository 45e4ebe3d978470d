/**
 * Every link in every message goes to the user's own brand host (issue #28 item 1, decision 290):
 * an Insider-brand user's alert email and text, daily digest, billing notice and sign-in email,
 * received by real SMTP and Twilio-format peers on loopback, link only to insiders.example, never
 * to PUBLIC_URL (the 8-K brand's host), where that user is not signed in.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FIXTURES,
  alertsDeps,
  captureErrors,
  follow,
  proUser,
  seedTickers,
  startDelivery,
  storeFixture,
} from '../../test/alerts';
import { startTestApp } from '../../test/app';
import { freshIp, restClient } from '../../test/auth-client';
import { createTestDatabase } from '../../test/db';
import { startSmtpPeer, type ReceivedMail } from '../../test/peers/smtp';
import { startTwilioPeer } from '../../test/peers/twilio';
import { insertRealFilings, realFilings } from '../../test/real-filings';
import { createSignedInUser } from '../../test/users';
import { addNotice } from '../billing/notices.service';
import { sendNotice } from '../billing/notices.service';
import { sweepAlerts } from './alerts.workers';
import { deliverDigest } from './digest.service';
import { matchFiling } from './match.service';
import { zonedFormat } from './zoned-format';

const database = await createTestDatabase();
const db = database.db;
const smtp = await startSmtpPeer();
const twilio = await startTwilioPeer();
const deps = alertsDeps(database, {
  ...smtp.env,
  ...twilio.env,
  PUBLIC_URL: 'https://alerts.example',
  BRAND_HOSTS: 'alerts.example=8k,insiders.example=form4,filings.example=allfilings',
  ALERT_SWEEP_SECONDS: '0.3',
});
const errors = captureErrors(deps);
const { url } = await startTestApp({ database, customise: () => deps });
const api = restClient(url);
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

const INSIDERS = 'https://insiders.example';
/** Every link a message carries (text and HTML), except the filing's own page on SEC EDGAR. */
function ourLinks(mail: Pick<ReceivedMail, 'text' | 'html'> & { headers?: Record<string, string> }): string[] {
  const hrefs = [...(mail.html ?? '').matchAll(/href="([^"]+)"/g)].map((m) => m[1]!);
  const inText = [...mail.text.matchAll(/https?:\/\/[^\s>)"]+/g)].map((m) => m[0]);
  const header = mail.headers?.['list-unsubscribe']?.match(/<([^>]+)>/)?.[1];
  return [...hrefs, ...inText, ...(header ? [header] : [])].filter(
    (link) => /^https?:/.test(link) && !link.startsWith('https://www.sec.gov/'),
  );
}
function expectAllOnInsiders(links: string[]): void {
  expect(links.length).toBeGreaterThan(0);
  for (const link of links) expect(link.startsWith(`${INSIDERS}/`) || link === INSIDERS).toBe(true);
}

describe('links in messages go to the user brand host', () => {
  it('real-time alert email and text of an Insider-brand user', async () => {
    const { user } = await proUser(db, { email: 'insider-brand@example.com', phone: '+12025550177' });
    await db.execute(sql`update users set brand = 'form4', alert_min_rank_sms = 1 where id = ${user.id}`);
    await follow(db, { userId: user.id, ticker: 'TSLA', forms: ['4'] });
    const filingId = await storeFixture(db, FIXTURES.teslaForm4.name);

    const mail = await smtp.waitFor((m) => m.envelopeTo.includes('insider-brand@example.com'));
    const sms = await twilio.waitFor((m) => m.to === '+12025550177');
    expect(mail.text).toContain(`TSLA on Insider`);
    expect(mail.text).toContain(`${INSIDERS}/ticker/TSLA`);
    expectAllOnInsiders(ourLinks(mail));
    expect(sms.body.endsWith(` ${INSIDERS}/f/${filingId}`)).toBe(true);
    expect(sms.body).not.toContain('alerts.example');
  });

  it('daily digest of an Insider-brand free user', async () => {
    const zone = 'UTC';
    const hour = Number(zonedFormat(zone, { hourCycle: 'h23', hour: '2-digit' }).format(new Date()));
    const { user } = await createSignedInUser(db, { email: 'insider-digest@example.com', brand: 'form4' });
    await db.execute(sql`update users set time_zone = ${zone}, digest_hour = ${hour} where id = ${user.id}`);
    await follow(db, { userId: user.id, ticker: 'AAPL', forms: ['4'] });
    const [id] = await insertRealFilings(db, [realFilings('AAPL', { forms: ['4'] })[0]!], {
      ticker: 'AAPL',
      importance: 'MEDIUM',
    });
    await matchFiling(db, { filingId: id! });
    await sweepAlerts(deps);
    const jobs = await db.execute<{ payload: { digestId: number } }>(sql`
      delete from graphile_worker._private_jobs j using graphile_worker._private_tasks t
      where t.id = j.task_id and t.identifier = 'alerts.digest' returning j.payload`);
    for (const job of jobs) await deliverDigest(deps, { digestId: job.payload.digestId });
    const mail = await smtp.waitFor((m) => m.envelopeTo.includes('insider-digest@example.com'));
    expect(mail.subject).toContain('daily digest');
    expectAllOnInsiders(ourLinks(mail));
  });

  it('billing notice of a paid-brand user links to the paid brand host', async () => {
    const { user } = await createSignedInUser(db, { email: 'paying@example.com', brand: 'allfilings' });
    await addNotice(db, { userId: user.id, kind: 'payment_failed', dedupeKey: 'brand-links', details: {} });
    const [notice] = await db.execute<{ id: number }>(
      sql`select id::float8 as id from billing_notices where user_id = ${user.id}`,
    );
    expect(await sendNotice(deps, { noticeId: notice!.id })).toBe('sent');
    const mail = await smtp.waitFor((m) => m.envelopeTo.includes('paying@example.com'));
    const links = ourLinks(mail);
    expect(links).toEqual(['https://filings.example/settings#subscription']);
  });

  it('sign-in email asked for on the Insider brand (X-Brand on a local host) links to its host', async () => {
    const sent = await api.post(
      '/api/login',
      { identifier: 'signin-insider@example.com' },
      { ip: freshIp(), headers: { 'x-brand': 'form4' } },
    );
    expect(sent.status).toBe(200);
    const mail = await smtp.waitFor((m) => m.envelopeTo.includes('signin-insider@example.com'));
    expect(mail.text).toContain(`${INSIDERS}/api/verify-login?token=`);
    expectAllOnInsiders(ourLinks(mail));
  });
});
