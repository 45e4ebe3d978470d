import { sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { deliverAlerts } from '#server/domains/alerts/delivery.service';
import { matchFiling } from '#server/domains/alerts/match.service';
import { toUserDto } from '#server/domains/auth/session.service';
import { follow, seedTickers } from '#server/test/alerts';
import { startPushPeer } from '#server/test/peers/push';
import { insertRealFilings, realFilings } from '#server/test/real-filings';
import { createSignedInUser } from '#server/test/users';
import { until } from '#server/test/until';
import { startBrowserHarness } from './harness';

// Issue #31 in Chromium: the installable app (manifest, service worker), turning push on in
// Settings, the subscription reaching the server, a real Tesla 8-K pushed through the RFC 8030
// peer, and the service worker showing it with the filing as its click target.
const peer = await startPushPeer();
const harness = await startBrowserHarness({
  env: { PUSH_ALLOW_LOOPBACK: 'true', ALERT_BURST_GATHER_SECONDS: '0' },
  fullBrowser: true,
});
const db = harness.database.db;
await seedTickers(db);
afterAll(() => peer.close());

async function proPage(name: string, options: { width?: number; dark?: boolean } = {}) {
  const { user, session } = await createSignedInUser(db, {
    email: `${name}@example.com`,
    planType: 'pro',
    planStatus: 'active',
    routing: 'defaults',
  });
  const storage: Record<string, string> = { session, 'auth-user': JSON.stringify(toUserDto(user)) };
  const page = await harness.newPage({ width: options.width, height: options.width ? 844 : undefined, storage });
  await page.context().grantPermissions(['notifications'], { origin: harness.url });
  return { user, session, page };
}

/** What the real PushManager.subscribe does in this headless Chromium (no push service behind it). */
async function realSubscribe(page: Page, publicKey: string) {
  return page.evaluate(async (key) => {
    const reg = await navigator.serviceWorker.ready;
    const bytes = Uint8Array.from(atob(key.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));
    try {
      const sub = await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: bytes });
      return { ok: true, endpoint: sub.endpoint };
    } catch (error) {
      return { ok: false, error: `${(error as Error).name}: ${(error as Error).message}` };
    }
  }, publicKey);
}

/**
 * Stands in for the browser's push service from here on: PushManager.subscribe returns a
 * subscription of the RFC 8030 peer (its endpoint and this browser's keys as the peer made them).
 */
async function stubPushService(page: Page, sub: { endpoint: string; keys: { p256dh: string; auth: string } }) {
  await page.evaluate((s) => {
    let current: unknown = null;
    const make = () => ({
      endpoint: s.endpoint,
      options: { applicationServerKey: null },
      toJSON: () => ({ endpoint: s.endpoint, expirationTime: null, keys: s.keys }),
      unsubscribe: async () => {
        current = null;
        return true;
      },
    });
    PushManager.prototype.subscribe = async () => {
      current = make();
      return current as PushSubscription;
    };
    PushManager.prototype.getSubscription = async () => current as PushSubscription | null;
  }, sub);
}

describe('web push in Chromium', () => {
  it('is installable: the manifest is linked and the service worker controls the whole origin', async () => {
    const { page } = await proPage('installer');
    await page.goto(`${harness.url}/settings#push`);
    await page.getByRole('heading', { name: 'Push notifications' }).waitFor();
    const manifest = await page.evaluate(async () => {
      const href = document.querySelector<HTMLLinkElement>('link[rel="manifest"]')?.href ?? '';
      const response = await fetch(href);
      return { href, type: response.headers.get('content-type'), body: await response.json() };
    });
    expect(manifest.href).toBe(`${harness.url}/manifest.webmanifest`);
    expect(manifest.type).toContain('application/manifest+json');
    expect(manifest.body.display).toBe('standalone');
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    expect(scope).toBe(`${harness.url}/`);
  });

  it('turns push on in Settings, gets a real 8-K pushed and shows it with the filing as its target', async () => {
    const { user, page } = await proPage('pusher');
    await follow(db, { userId: user.id, ticker: 'TSLA', forms: ['8-K'] });
    await page.goto(`${harness.url}/settings#push`);
    const turnOn = page.getByRole('button', { name: 'Turn on push for this browser' });
    await turnOn.waitFor();
    await expect.poll(() => turnOn.isEnabled()).toBe(true);
    const publicKey = await page.evaluate(async () => {
      const session = localStorage.getItem('session') ?? '';
      const response = await fetch('/trpc/push.status', { headers: { 'x-session': session } });
      return ((await response.json()) as { result: { data: { json?: { publicKey: string }; publicKey?: string } } })
        .result.data;
    });
    const key = publicKey.json?.publicKey ?? publicKey.publicKey ?? '';
    const real = await realSubscribe(page, key);
    // Headless Chromium has no push service (no GCM/FCM connection): subscribe is refused. Said
    // honestly in the report; the flow is tested up to it and on from the subscription with the peer.
    console.info('[push e2e] real PushManager.subscribe in headless Chromium:', JSON.stringify(real));
    expect(real.ok || /^AbortError/.test(real.error ?? '')).toBe(true);

    const sub = peer.subscribe(key);
    await stubPushService(page, sub);
    await turnOn.click();
    await page.getByText('Push notifications are on for this browser.').waitFor();
    await page.getByText('(this browser)').waitFor();
    await page.locator('#push').scrollIntoViewIfNeeded();
    await page.locator('#push').screenshot({ path: await harness.screenshot(page, 'settings-push-on') });
    const [saved] = await db.execute<{ label: string; p256dh: string }>(
      sql`select label, p256dh from push_subscriptions where user_id = ${user.id}`,
    );
    expect(saved).toEqual({ label: 'Chrome on Linux', p256dh: sub.keys.p256dh });

    const [filingId] = await insertRealFilings(db, [realFilings('TSLA', { forms: ['8-K'] })[0]!], {
      ticker: 'TSLA',
      importance: 'CRITICAL',
    });
    await matchFiling(db, { filingId: filingId! });
    const [alert] = await db.execute<{ id: number }>(
      sql`select id::float8 as id from alerts where user_id = ${user.id} and channel = 'push'`,
    );
    const before = peer.received.length;
    await deliverAlerts(harness.deps, { alertIds: [Number(alert!.id)] });
    const [got] = (await peer.waitFor(before + 1)).slice(before);
    expect(peer.rejected).toEqual([]);
    expect(got!.payload).toMatchObject({ url: `/ticker/TSLA#filing-${filingId}`, title: 'TSLA 8-K · CRITICAL' });

    // The decrypted payload handed to the service worker as the push service would (DevTools protocol).
    // The registration is the scope's latest live one (an update can replace the first one reported),
    // and the message goes again to the current one while nothing is shown: a message delivered to a
    // registration being replaced is lost, as a real push service's would be retried.
    const cdp = await page.context().newCDPSession(page);
    let registrationId: string | undefined;
    cdp.on(
      'ServiceWorker.workerRegistrationUpdated',
      (e: { registrations: { registrationId: string; scopeURL: string; isDeleted: boolean }[] }) => {
        for (const r of e.registrations)
          if (r.scopeURL === `${harness.url}/`) registrationId = r.isDeleted ? undefined : r.registrationId;
      },
    );
    await cdp.send('ServiceWorker.enable');
    const shownWithin = (ms: number) =>
      page.evaluate(async (waitMs) => {
        const reg = await navigator.serviceWorker.ready;
        for (const until = Date.now() + waitMs; Date.now() < until; ) {
          const list = await reg.getNotifications();
          if (list.length) return list.map((n) => ({ title: n.title, body: n.body, tag: n.tag, data: n.data }));
          await new Promise((r) => setTimeout(r, 100));
        }
        return [];
      }, ms);
    // Up to 30 s in all: the service worker shows it in milliseconds on a quiet machine.
    let shown: Awaited<ReturnType<typeof shownWithin>> = [];
    for (let attempt = 0; attempt < 10 && shown.length === 0; attempt += 1) {
      await until(() => registrationId, 'the service worker registration', { timeoutMs: 10_000 });
      await cdp.send('ServiceWorker.deliverPushMessage', {
        origin: harness.url,
        registrationId: registrationId!,
        data: JSON.stringify(got!.payload),
      });
      shown = await shownWithin(3_000);
    }
    expect(shown).toEqual([
      {
        title: 'TSLA 8-K · CRITICAL',
        body: got!.payload.body,
        tag: `filing-${filingId}`,
        data: { url: `${harness.url}/ticker/TSLA#filing-${filingId}` },
      },
    ]);

    await page.getByLabel('Only push alerts of at least').selectOption('CRITICAL');
    await page.getByText('Push level saved.').waitFor();
    const [level] = await db.execute<{ r: number }>(
      sql`select alert_min_rank_push as r from users where id = ${user.id}`,
    );
    expect(level?.r).toBe(4);

    await page.getByRole('button', { name: 'Turn off on this browser' }).click();
    await page.getByText('Push notifications are off for this browser.').waitFor();
    expect(await db.execute(sql`select 1 from push_subscriptions where user_id = ${user.id}`)).toHaveLength(0);
  });

  it('looks right in light, dark and at 390 px, axe clean', async () => {
    for (const [name, options] of [
      ['settings-push', {}],
      ['settings-push-dark', { dark: true }],
      ['settings-push-390', { width: 390 }],
      ['settings-push-390-dark', { width: 390, dark: true }],
    ] as const) {
      const { user, page } = await proPage(name, options);
      await db.execute(sql`insert into push_subscriptions (user_id, endpoint, p256dh, auth, label, last_sent_at)
        values (${user.id}, ${`https://fcm.googleapis.com/fcm/send/${name}`}, 'x', 'y', 'Chrome on Android', now() - interval '2 hours')`);
      await page.goto(`${harness.url}/settings#push`);
      await page.getByText('Chrome on Android').waitFor();
      if (options.dark) {
        // The saved preference wins over the local cache: switch it as a user would.
        await page.getByRole('radio', { name: 'Dark' }).check();
        await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
      }
      expect(await harness.seriousA11yViolations(page), name).toEqual([]);
      await page.locator('#push').scrollIntoViewIfNeeded();
      await page.locator('#push').screenshot({ path: await harness.screenshot(page, name) });
    }
    const free = await createSignedInUser(db, { email: 'free-push@example.com' });
    const page = await harness.newPage({
      width: 390,
      height: 844,
      storage: { session: free.session, 'auth-user': JSON.stringify(toUserDto(free.user)) },
    });
    await page.goto(`${harness.url}/settings#push`);
    await page.getByText('Push notifications are real-time alerts, part of PRO.').waitFor();
    expect(await page.getByRole('button', { name: 'Turn on push for this browser' }).count()).toBe(0);
  });
});
