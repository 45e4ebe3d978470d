import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { startJobRunner } from '../../jobs/runner';
import { TASKS } from '../../background';
import { startTestApp } from '../../test/app';
import { restClient } from '../../test/auth-client';
import { createTestDatabase } from '../../test/db';
import { startStripePeer } from '../../test/peers/stripe';
import { createSignedInUser } from '../../test/users';
import { until } from '../../test/until';

const RETIRED_SECRET = 'whsec_retired0123456789';
const peer = await startStripePeer();
const database = await createTestDatabase();
const t = await startTestApp({
  database,
  // A rotation in progress: the old secret first, the peer's current one second.
  env: { ...peer.env, STRIPE_WEBHOOK_SECRETS: `${RETIRED_SECRET},${peer.webhookSecret}` },
  customise: (deps) => ({ ...deps, databaseUrl: database.url }),
});
peer.setWebhookUrl(`${t.url}/api/webhooks/stripe`);
const runner = await startJobRunner(t.deps, TASKS, { concurrency: 3, pollIntervalMs: 100 });
afterAll(() => runner.stop());
const api = restClient(t.url);
const db = database.db;
type Body = Record<string, any>;

const rows = <T>(query: ReturnType<typeof sql>) => db.execute<T & Record<string, unknown>>(query);
const count = async (query: ReturnType<typeof sql>) => Number((await rows<{ n: number }>(query))[0]!.n);

/** Every delivered event recorded and handled, and no billing job left to run. */
async function settle(): Promise<void> {
  await peer.idle();
  await until(
    async () =>
      (await count(sql`select count(*)::int as n from stripe_events where processed_at is null`)) === 0 &&
      (await count(
        sql`select count(*)::int as n from graphile_worker.jobs where task_identifier like 'billing.%' and attempts < max_attempts`,
      )) === 0,
    'billing jobs',
    { timeoutMs: 15_000, everyMs: 50 },
  );
}

const profile = async (session: string) => (await api.get<Body>('/api/profile', { session })).body;
const limitOf = async (session: string) =>
  (await api.get<Body>('/api/watchlist', { session })).body.tickerLimit as number;
const emails = (to: string) =>
  rows<{ subject: string; body: string }>(
    sql`select subject, body from dev_outbox where channel = 'email' and "to" = ${to} order by id`,
  );

async function checkout(
  email: string,
  options: { card?: 'ok' | 'declined' | 'authentication'; packs?: number; pay?: boolean } = {},
) {
  const { user, session } = await createSignedInUser(db, { email, brand: 'allfilings' });
  const r = await api.post<Body>('/api/billing/checkout', options.packs ? { packs: options.packs } : {}, { session });
  expect(r.status).toBe(200);
  expect(r.body.url).toMatch(/\/dev\/checkout\/cs_test_\w+$/);
  const sessionId = (r.body.url as string).match(/cs_test_\w+/)![0];
  const customerId = (
    await rows<{ c: string }>(sql`select stripe_customer_id as c from users where id = ${user.id}`)
  )[0]!.c;
  const paid = options.pay === false ? null : peer.payCheckout(sessionId, options.card ?? 'ok');
  return { user, session, sessionId, customerId, paid };
}

const subscriptionOf = (customerId: string) => peer.subscriptionsOf(customerId)[0]!;

describe('checkout', () => {
  it('creates the customer once, before Checkout, and PRO appears only after the server synced Stripe', async () => {
    peer.hold();
    const { user, session, sessionId, customerId } = await checkout('buyer@example.com');
    expect(customerId).toMatch(/^cus_/);
    expect(peer.customer(customerId).metadata).toEqual({ userId: user.id });
    // Paid at Stripe, but no event has arrived: the app does not guess.
    expect((await profile(session)).user).toMatchObject({ planType: 'free', isPro: false });
    const back = await api.get<Body>(`/api/billing/checkout/confirm?session_id=${sessionId}`, { session });
    expect(back.body).toMatchObject({ status: 'active', user: { planType: 'pro', planStatus: 'active', isPro: true } });
    const p = await profile(session);
    expect(p.user).toMatchObject({ isPro: true, planType: 'pro', planStatus: 'active', billingIssue: false });
    expect(p.profile).toMatchObject({ addonPacks: 0, tickerLimit: 50, cancelAtPeriodEnd: false });
    expect(new Date(p.profile.planPeriodEnd).getTime()).toBeGreaterThan(Date.now() + 27 * 86_400_000);
    expect(await limitOf(session)).toBe(50);
    // A second checkout is refused while subscribed, and the customer is never created twice.
    expect(await api.post('/api/billing/checkout', {}, { session })).toMatchObject({
      status: 409,
      body: { error: 'already_subscribed' },
    });
    expect(
      peer.events('customer.created').filter((e) => (e.data as Body).object.metadata.userId === user.id),
    ).toHaveLength(1);
    // Someone else's checkout session cannot be claimed.
    const other = await createSignedInUser(db, { email: 'nosy@example.com' });
    expect(
      (await api.get(`/api/billing/checkout/confirm?session_id=${sessionId}`, { session: other.session })).status,
    ).toBe(403);
    for (const event of peer.held()) expect((await peer.deliver(event)).status).toBe(200);
    peer.release();
    await settle();
    expect((await profile(session)).user.isPro).toBe(true);
  });

  it('refuses unverified callers, the Form 4 brand and admins (who are PRO without paying)', async () => {
    const anon = await api.post<Body>('/api/billing/checkout', {});
    expect(anon.status).toBe(401);
    const { session } = await createSignedInUser(db, { email: 'f4@example.com' });
    const form4 = await api.post<Body>('/api/billing/checkout', {}, { session, headers: { 'x-brand': 'form4' } });
    expect(form4).toMatchObject({ status: 403, body: { error: 'billing_not_on_brand', upgrade_brand: 'allfilings' } });
    expect((await api.post('/api/cancel-subscription', {}, { session, headers: { 'x-brand': 'form4' } })).status).toBe(
      403,
    );
    const status = await api.get<Body>('/api/billing', { session, headers: { 'x-brand': 'form4' } });
    expect(status.body).toMatchObject({ available: false, brandSellsPlans: false, upgradeBrand: 'allfilings' });

    const admin = await createSignedInUser(db, { email: 'boss@example.com', isAdmin: true });
    expect((await profile(admin.session)).user).toMatchObject({ isPro: true, planType: 'free' });
    expect(await limitOf(admin.session)).toBe(50);
    expect(await api.post('/api/billing/checkout', {}, { session: admin.session })).toMatchObject({
      status: 409,
      body: { error: 'admin_has_pro' },
    });
    expect(await api.post('/api/billing/checkout', { packs: 99 }, { session })).toMatchObject({ status: 400 });
    // Bad input is a 4xx with a message, never a 5xx: unknown fields, odd ids, someone else's portal.
    expect(await api.post('/api/billing/checkout', { plan: 'pro', price: 'price_free' }, { session })).toMatchObject({
      status: 400,
    });
    expect((await api.get('/api/billing/checkout/confirm?session_id=../../v1/customers', { session })).status).toBe(
      400,
    );
    expect((await api.get('/api/billing/checkout/confirm?session_id=cs_test_doesnotexist', { session })).status).toBe(
      404,
    );
    expect(await api.post('/api/billing/portal', {}, { session })).toMatchObject({
      status: 409,
      body: { error: 'no_customer' },
    });
    expect((await api.post('/api/billing/addons', { packs: 2 }, { session })).status).toBe(403);
  });
});

describe('webhook signatures', () => {
  it('accepts the current and the retiring secret; refuses a wrong secret, a changed or re-serialised body, a stale timestamp', async () => {
    peer.hold();
    const { customerId } = await checkout('signed@example.com');
    const event = peer.held().find((e) => e.type === 'customer.subscription.created')!;
    const body = peer.server.payloadOf(event);
    const signed = peer.server.signatureFor(body);
    const post = (options: Parameters<typeof peer.deliver>[1]) => peer.deliver(event, options);

    expect((await post({ secret: 'whsec_somebodyelse000' })).status).toBe(400);
    expect((await post({ body: body.replace('"active"', '"canceled"'), signature: signed })).status).toBe(400);
    expect((await post({ body: JSON.stringify(JSON.parse(body)), signature: signed })).status).toBe(400);
    expect((await post({ timestamp: Math.floor(Date.now() / 1000) - 301 })).status).toBe(400);
    expect((await post({ timestamp: Math.floor(Date.now() / 1000) + 301 })).status).toBe(400);
    expect((await post({ signature: null })).status).toBe(400);
    expect(await count(sql`select count(*)::int as n from stripe_events where id = ${event.id}`)).toBe(0);

    const first = await post({ secret: RETIRED_SECRET });
    expect(first.status).toBe(200);
    expect(JSON.parse(first.text)).toEqual({ received: true, duplicate: false });
    const again = await post({});
    expect(JSON.parse(again.text)).toEqual({ received: true, duplicate: true });

    // A live-mode event never touches a test-mode account.
    const live = { ...event, id: `${event.id}live`, livemode: true };
    expect(JSON.parse((await peer.deliver(live)).text)).toEqual({ received: true, ignored: 'livemode' });
    expect(await count(sql`select count(*)::int as n from stripe_events where id = ${live.id}`)).toBe(0);
    peer.release();
    await settle();
    expect(
      await count(
        sql`select count(*)::int as n from users where stripe_customer_id = ${customerId} and plan_type = 'pro'`,
      ),
    ).toBe(1);
  });
});

describe('duplicates, order and concurrency', () => {
  it('records an event once when it arrives twice or five times at once', async () => {
    peer.hold();
    await checkout('dupe@example.com');
    const event = peer.held().find((e) => e.type === 'invoice.paid')!;
    const answers = await Promise.all(Array.from({ length: 5 }, () => peer.deliver(event)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    expect(answers.filter((a) => JSON.parse(a.text).duplicate === false)).toHaveLength(1);
    expect(await count(sql`select count(*)::int as n from stripe_events where id = ${event.id}`)).toBe(1);
    peer.release();
    await settle();
  });

  it("ends on Stripe's state when events come reversed and all at once (incomplete before active)", async () => {
    peer.hold();
    const { session, customerId, paid } = await checkout('order@example.com', { card: 'authentication' });
    expect(paid!.outcome).toBe('action_required');
    const sub = subscriptionOf(customerId);
    expect(sub.status).toBe('incomplete');
    peer.server.stripe.payInvoice(sub.latest_invoice as string, 'ok');
    const events = peer.held();
    const types = events.map((e) => e.type);
    expect(types.indexOf('customer.subscription.updated')).toBeGreaterThan(
      types.indexOf('customer.subscription.created'),
    );
    // The newest first, then everything concurrently: each job reads Stripe under the customer's lock.
    await Promise.all(events.reverse().map((e) => peer.deliver(e)));
    peer.release();
    await settle();
    expect((await profile(session)).user).toMatchObject({ isPro: true, planStatus: 'active' });
    expect(
      (
        await rows<{ s: string }>(sql`select billing_status as s from users where stripe_customer_id = ${customerId}`)
      )[0]!.s,
    ).toBe('active');
  });
});

describe('add-on packs', () => {
  it('previews and buys 2 packs (90), keeps 90 when the card fails on a third, credits a decrease (70), refuses one below the watchlist', async () => {
    const { user, session, customerId } = await checkout('packs@example.com');
    await settle();
    const preview = await api.get<Body>('/api/billing/addons/preview?packs=2', { session });
    expect(preview.body).toMatchObject({
      currentPacks: 0,
      packs: 2,
      direction: 'increase',
      tickerLimit: 90,
      monthlyTotal: 3000,
      credit: 0,
    });
    // Prorated: at most the full month of two packs, more than nothing.
    expect(preview.body.amountDueNow).toBeGreaterThan(900);
    expect(preview.body.amountDueNow).toBeLessThanOrEqual(1000);

    const bought = await api.post<Body>('/api/billing/addons', { packs: 2 }, { session });
    expect(bought.body).toMatchObject({ status: 'applied', addonPacks: 2, tickerLimit: 90 });
    expect(await limitOf(session)).toBe(90);
    expect(subscriptionOf(customerId).items).toMatchObject({ data: [{ quantity: 1 }, { quantity: 2 }] });

    peer.setCard(customerId, 'declined');
    const failed = await api.post<Body>('/api/billing/addons', { packs: 3 }, { session });
    expect(failed.body).toMatchObject({
      status: 'payment_pending',
      addonPacks: 2,
      pendingAddonPacks: 3,
      tickerLimit: 90,
    });
    expect(failed.body.actionUrl).toMatch(/\/dev\/checkout\/invoice\/in_/);
    expect(await limitOf(session)).toBe(90);
    await settle();
    expect((await emails('packs@example.com')).map((e) => e.subject)).toContain(
      'SEC Filings Pro: Your ticker add-on was not added',
    );
    expect(await api.post('/api/billing/addons', { packs: 4 }, { session })).toMatchObject({
      status: 409,
      body: { error: 'addon_payment_pending' },
    });
    // Stripe lets the pending change expire after 23 hours: nothing changes, the user is told.
    peer.advance(23 * 3600 + 60);
    await settle();
    expect((await profile(session)).profile).toMatchObject({ addonPacks: 2, pendingAddonPacks: null, tickerLimit: 90 });
    expect((await emails('packs@example.com')).map((e) => e.subject)).toContain(
      'SEC Filings Pro: Your ticker add-on change was not applied',
    );
    peer.setCard(customerId, 'ok');

    const down = await api.get<Body>('/api/billing/addons/preview?packs=1', { session });
    expect(down.body).toMatchObject({ direction: 'decrease', tickerLimit: 70, amountDueNow: 0 });
    expect(down.body.credit).toBeGreaterThan(0);
    expect(down.body.nextInvoiceAmount).toBe(2500 - down.body.credit);
    expect((await api.post<Body>('/api/billing/addons', { packs: 1 }, { session })).body).toMatchObject({
      status: 'applied',
      addonPacks: 1,
      tickerLimit: 70,
    });

    await db.execute(sql`insert into watchlist_items (user_id, ticker, forms)
      select ${user.id}, 'T' || g, '{8-K}' from generate_series(1, 65) g`);
    const refused = await api.post<Body>('/api/billing/addons', { packs: 0 }, { session });
    expect(refused).toMatchObject({ status: 409, body: { error: 'watchlist_over_addon_limit', minimum_packs: 1 } });
    expect(refused.body.message).toBe(
      'Your watchlist has 65 tickers, more than the 50 that 0 add-on packs allow. Remove 15 tickers first, or keep at least 1 pack.',
    );
    await settle();
    const subjects = (await emails('packs@example.com')).map((e) => e.subject);
    expect(subjects.filter((s) => s === 'SEC Filings Pro: Your ticker add-ons changed')).toHaveLength(2);
  });
});

describe('cancel at period end', () => {
  it('keeps PRO until the end, resumes, then ends: free with the excess paused (none deleted), back on a new subscription', async () => {
    const { user, session, customerId } = await checkout('leaver@example.com', { packs: 1 });
    await settle();
    await db.execute(sql`insert into watchlist_items (user_id, ticker, forms, created_at)
      select ${user.id}, 'L' || g, '{8-K}', now() - make_interval(mins => 100 - g) from generate_series(1, 65) g`);
    expect(await limitOf(session)).toBe(70);

    const canceled = await api.post<Body>('/api/cancel-subscription', {}, { session });
    expect(canceled.body).toMatchObject({ canceled: true, cancelAtPeriodEnd: true, user: { isPro: true } });
    const end = canceled.body.planPeriodEnd as string;
    expect((await profile(session)).profile).toMatchObject({ cancelAtPeriodEnd: true, planCancelAt: end, isPro: true });
    expect(await api.post('/api/cancel-subscription', {}, { session })).toMatchObject({
      status: 409,
      body: { error: 'already_canceled' },
    });
    const resumed = await api.post<Body>('/api/resume-subscription', {}, { session });
    expect(resumed.body).toMatchObject({ cancelAtPeriodEnd: false, user: { isPro: true } });
    expect(subscriptionOf(customerId)).toMatchObject({ cancel_at_period_end: false, cancel_at: null });
    await api.post('/api/cancel-subscription', {}, { session });
    await settle();
    expect(
      (await emails('leaver@example.com')).filter((e) => e.subject.includes('Your PRO plan ends on')),
    ).toHaveLength(2);

    peer.toPeriodEnd(subscriptionOf(customerId).id);
    await settle();
    expect(subscriptionOf(customerId).status).toBe('canceled');
    const p = await profile(session);
    expect(p.user).toMatchObject({ isPro: false, planType: 'free', planStatus: 'canceled' });
    expect(p.profile).toMatchObject({ tickerLimit: 10, addonPacks: 0, cancelAtPeriodEnd: false });
    const list = (await api.get<Body>('/api/watchlist', { session })).body.watchlist as {
      ticker: string;
      paused: boolean;
    }[];
    expect(list).toHaveLength(65);
    expect(list.filter((i) => !i.paused).map((i) => i.ticker)).toEqual(
      Array.from({ length: 10 }, (_, i) => `L${i + 1}`),
    );

    // Subscribing again brings items back, oldest first, up to the new limit.
    const again = await api.post<Body>('/api/billing/checkout', {}, { session });
    peer.payCheckout((again.body.url as string).match(/cs_test_\w+/)![0]);
    await settle();
    const back = (await api.get<Body>('/api/watchlist', { session })).body.watchlist as { paused: boolean }[];
    expect(back.filter((i) => !i.paused)).toHaveLength(50);
    expect(await count(sql`select count(*)::int as n from watchlist_items where user_id = ${user.id}`)).toBe(65);
  });
});

describe('account deletion', () => {
  it('cancels the subscription at Stripe at once, then deletes the account; no confirmation cancels nothing', async () => {
    const { user, session, customerId, paid } = await checkout('leaving@example.com');
    await paid;
    await settle();
    expect((await profile(session)).user.isPro).toBe(true);
    expect(await api.post('/api/delete-account', {}, { session })).toMatchObject({ status: 400 });
    expect(subscriptionOf(customerId).status).toBe('active');
    expect(await api.post('/api/delete-account', { confirm: true }, { session })).toMatchObject({ status: 200 });
    expect(subscriptionOf(customerId).status).toBe('canceled');
    // Stripe's own events about the ended subscription find no account and settle quietly.
    await settle();
    expect(await count(sql`select count(*)::int as n from users where id = ${user.id}`)).toBe(0);
  });
});

describe('failed payments', () => {
  it('keeps PRO with a billing issue while Stripe retries, emails once per attempt, and ends when retries run out', async () => {
    const { session, customerId } = await checkout('dunning@example.com');
    await settle();
    peer.setCard(customerId, 'declined');
    peer.hold();
    peer.toPeriodEnd(subscriptionOf(customerId).id);
    const failure = peer.held().find((e) => e.type === 'invoice.payment_failed')!;
    const rest = peer.held();
    await Promise.all([failure, failure, ...rest, failure].map((e) => peer.deliver(e)));
    peer.release();
    await settle();
    expect((await profile(session)).user).toMatchObject({ isPro: true, planStatus: 'active', billingIssue: true });
    expect((await api.get<Body>('/api/billing', { session })).body).toMatchObject({
      billingStatus: 'past_due',
      billingIssue: true,
    });
    const failedMails = async () =>
      (await emails('dunning@example.com')).filter((e) => e.subject.endsWith('Your PRO payment did not go through'));
    expect(await failedMails()).toHaveLength(1);
    // The same failure delivered again later: still one email.
    await peer.deliver(failure);
    await settle();
    expect(await failedMails()).toHaveLength(1);

    for (const days of [3, 5, 7]) {
      peer.advance(days * 86_400 + 60);
      await settle();
    }
    expect(subscriptionOf(customerId).status).toBe('canceled');
    expect((await profile(session)).user).toMatchObject({ isPro: false, planType: 'free', billingIssue: false });
    // One email per retry that will be tried again; the last failure ends the subscription instead
    // (its invoice is uncollectible by then, so no "we will try again" email goes out).
    expect(await failedMails()).toHaveLength(3);
    // An old failure notice arriving after the end changes nothing.
    await peer.deliver({ ...failure, id: `${failure.id}late` });
    await settle();
    expect((await profile(session)).user.isPro).toBe(false);
  });

  it('never grants PRO when the first payment is not completed; a declined card leaves the checkout open', async () => {
    const declined = await checkout('declined@example.com', { card: 'declined' });
    expect(declined.paid!.outcome).toBe('declined');
    expect(peer.subscriptionsOf(declined.customerId)).toHaveLength(0);
    const back = await api.get<Body>(`/api/billing/checkout/confirm?session_id=${declined.sessionId}`, {
      session: declined.session,
    });
    expect(back.body).toMatchObject({ status: 'open', user: { isPro: false } });

    const { session, sessionId, customerId } = await checkout('auth@example.com', { card: 'authentication' });
    await settle();
    const confirm = await api.get<Body>(`/api/billing/checkout/confirm?session_id=${sessionId}`, { session });
    expect(confirm.body).toMatchObject({ status: 'action_required', user: { isPro: false } });
    expect(confirm.body.actionUrl).toMatch(/\/dev\/checkout\/invoice\/in_/);
    expect((await emails('auth@example.com')).map((e) => e.subject)).toContain(
      'SEC Filings Pro: Please confirm your payment',
    );
    expect(await api.post('/api/billing/checkout', {}, { session })).toMatchObject({
      status: 409,
      body: { error: 'payment_pending' },
    });
    peer.advance(23 * 3600 + 60);
    await settle();
    expect(subscriptionOf(customerId).status).toBe('incomplete_expired');
    expect((await profile(session)).user).toMatchObject({ isPro: false, planType: 'free', planStatus: 'inactive' });
  });
});

describe('reconciliation', () => {
  it('replays events Stripe could not deliver and re-syncs paying customers', async () => {
    peer.setWebhookUrl(`${t.url}/api/webhooks/nowhere`);
    const { session, customerId } = await checkout('missed@example.com');
    await peer.idle();
    expect((await profile(session)).user.isPro).toBe(false);
    peer.setWebhookUrl(`${t.url}/api/webhooks/stripe`);
    await db.execute(sql`select graphile_worker.add_job('billing.reconcile', '{}'::json)`);
    await settle();
    expect((await profile(session)).user.isPro).toBe(true);
    expect(
      await count(sql`select count(*)::int as n from stripe_events where customer_id = ${customerId}`),
    ).toBeGreaterThan(0);
  });
});

describe('Stripe unreachable', () => {
  it('a checkout answers 503 with a message the page shows, and nothing is half-written', async () => {
    const { user, session } = await createSignedInUser(db, { email: 'outage@example.com', brand: 'allfilings' });
    await peer.close();
    const r = await api.post<Body>('/api/billing/checkout', {}, { session });
    expect(r.status).toBe(503);
    expect(r.body).toMatchObject({
      error: 'payments_unavailable',
      message: expect.stringMatching(/Nothing was charged/),
    });
    expect((await profile(session)).user).toMatchObject({ isPro: false });
    expect(
      (await rows<{ c: string | null }>(sql`select stripe_customer_id as c from users where id = ${user.id}`))[0]!.c,
    ).toBeNull();
  });
});
