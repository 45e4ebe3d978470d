/**
 * Web push (issue #31): a user's browsers subscribe (PRO, like every real-time channel), and
 * `pushToUser` sends one encrypted message (RFC 8291, aes128gcm, by `web-push`) with VAPID
 * (RFC 8292) to each of them through the guarded transport. Subscriptions the push service
 * reports gone (404/410) are deleted on the spot.
 */
import webpush from 'web-push';
import { AppError } from '#shared/app-error';
import type { AppDeps } from '../../deps';
import { checkEndpoint, EndpointRefused } from '../../integrations/push/endpoint-guard';
import { sendPushRequest } from '../../integrations/push/push-transport';
import * as repo from './push.repo';
import { type VapidKeys, vapidKeys } from './vapid';

export interface BrowserSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** Browsers one account may subscribe: every alert is one POST per browser, to hosts the user chose. */
export const MAX_DEVICES = 20;

const guardOf = (deps: AppDeps) => ({ allowLoopback: deps.env.PUSH_ALLOW_LOOPBACK, resolve: deps.hostResolver });

/** The browser's keys must be a P-256 point and a 16-byte secret, or encryption would fail at send time. */
function checkKeys(keys: BrowserSubscription['keys']): void {
  const p256dh = Buffer.from(keys.p256dh, 'base64url');
  const auth = Buffer.from(keys.auth, 'base64url');
  if (p256dh.length !== 65 || p256dh[0] !== 4 || auth.length !== 16)
    throw new AppError('BAD_REQUEST', 'The push subscription keys are not valid.', { reason: 'push_keys_invalid' });
}

export async function subscribe(
  deps: AppDeps,
  { userId, subscription, label }: { userId: string; subscription: BrowserSubscription; label: string },
): Promise<{ id: number }> {
  checkKeys(subscription.keys);
  try {
    await checkEndpoint(subscription.endpoint, guardOf(deps));
  } catch (error) {
    if (error instanceof EndpointRefused)
      throw new AppError('BAD_REQUEST', error.message, { reason: `push_endpoint_${error.reason}` });
    throw error;
  }
  const devices = await repo.devicesOf(deps.db, { userId });
  if (devices.length >= MAX_DEVICES && !devices.some((d) => d.endpoint === subscription.endpoint))
    throw new AppError('CONFLICT', `Push is on in ${MAX_DEVICES} browsers already. Remove one to add this one.`, {
      reason: 'push_device_limit',
    });
  const saved = await repo.upsertSubscription(deps.db, {
    userId,
    endpoint: subscription.endpoint,
    p256dh: subscription.keys.p256dh,
    auth: subscription.keys.auth,
    label,
  });
  if (saved.kind === 'taken')
    throw new AppError(
      'CONFLICT',
      'This browser is subscribed for another account. Turn push on again to get a new subscription.',
      {
        reason: 'push_endpoint_taken',
      },
    );
  return { id: saved.id };
}

/** Removes one of the user's own subscriptions (by endpoint from the browser, or by id from the list). */
export async function unsubscribe(
  deps: AppDeps,
  { userId, endpoint, id }: { userId: string; endpoint?: string; id?: number },
): Promise<void> {
  if (!(await repo.deleteSubscription(deps.db, { userId, endpoint, id })))
    throw new AppError('NOT_FOUND', 'That push subscription is not on your account.', { reason: 'push_not_found' });
}

export async function pushStatus(deps: AppDeps, { userId }: { userId: string }) {
  const [keys, devices, minRank] = await Promise.all([
    vapidKeys(deps),
    repo.devicesOf(deps.db, { userId }),
    repo.pushMinRank(deps.db, { userId }),
  ]);
  return {
    publicKey: keys.publicKey,
    minRank,
    // The endpoint is returned so the page can tell which row is this browser; it is the user's own.
    devices: devices.map((d) => ({
      id: d.id,
      endpoint: d.endpoint,
      label: d.label,
      createdAt: d.created_at,
      lastSentAt: d.last_sent_at,
    })),
  };
}

/** The lowest importance pushed at once (1 LOW ... 4 CRITICAL). */
export async function setPushMinRank(
  deps: AppDeps,
  { userId, rank }: { userId: string; rank: number },
): Promise<{ minRank: number }> {
  await repo.setPushMinRank(deps.db, { userId, rank });
  return { minRank: rank };
}

export interface PushMessage {
  title: string;
  body: string;
  /** Opened on click; a path on our own origin. */
  url: string;
  /** Notifications with the same tag replace each other on the device (a resend is not a second one). */
  tag: string;
}

export interface PushOptions {
  urgency: 'very-low' | 'low' | 'normal' | 'high';
  /** RFC 8030 Topic: an undelivered message with the same topic is replaced (a resend after a crash). */
  topic: string;
  ttlSeconds: number;
}

export interface PushResult {
  devices: number;
  accepted: { id: number; location: string | null }[];
  expired: number;
  /** Endpoints whose name now resolves to a non-public address (removed, like expired ones). */
  refused: number;
  failed: { status: number | null; message: string }[];
}

async function pushOne(deps: AppDeps, keys: VapidKeys, device: repo.PushDevice, payload: string, options: PushOptions) {
  const details = webpush.generateRequestDetails({ endpoint: device.endpoint, keys: device }, payload, {
    vapidDetails: keys,
    TTL: options.ttlSeconds,
    urgency: options.urgency,
    topic: options.topic,
    contentEncoding: 'aes128gcm',
  });
  return sendPushRequest(
    { endpoint: details.endpoint, headers: details.headers as Record<string, string>, body: details.body },
    guardOf(deps),
  );
}

/** One message to every browser of the user; each answer is judged on its own. */
export async function pushToUser(
  deps: AppDeps,
  { userId, message, options }: { userId: string; message: PushMessage; options: PushOptions },
): Promise<PushResult> {
  const devices = await repo.devicesOf(deps.db, { userId });
  const keys = devices.length ? await vapidKeys(deps) : null;
  const payload = JSON.stringify(message);
  const result: PushResult = { devices: devices.length, accepted: [], expired: 0, refused: 0, failed: [] };
  await Promise.all(
    devices.map(async (device) => {
      try {
        const answer = await pushOne(deps, keys!, device, payload, options);
        if (answer.status >= 200 && answer.status < 300)
          result.accepted.push({ id: device.id, location: answer.location });
        else if (answer.status === 404 || answer.status === 410) {
          await repo.removeExpired(deps.db, { id: device.id });
          result.expired += 1;
        } else result.failed.push({ status: answer.status, message: `${answer.status} ${answer.text}`.trim() });
      } catch (error) {
        if (error instanceof EndpointRefused) {
          await repo.removeExpired(deps.db, { id: device.id });
          result.refused += 1;
          deps.logger?.warn(
            { subscription: device.id, reason: error.reason },
            'push subscription refused at send time and removed',
          );
          return;
        }
        result.failed.push({ status: null, message: (error as Error).message });
      }
    }),
  );
  await repo.markPushed(deps.db, { ids: result.accepted.map((a) => a.id) });
  return result;
}
