/**
 * An alert's web push send and how its answers become a delivery outcome (issue #31):
 * - any browser's push service accepted (201): sent, with that push message's Location as the
 *   provider id and the acceptance as "delivered" (like an SMTP 250: the push service holds it for
 *   the browser until its TTL; a browser's display of it is not reported back);
 * - every browser gone (404/410, or refused by the address guard): those subscriptions are deleted
 *   and the alert is cancelled 'push_expired' (PUSH_GONE);
 * - otherwise a refusal: 429 and 5xx are retried, other 4xx (a key the service rejects) are
 *   permanent; a network error may have reached the service, so it is retried from 'sending'.
 */
import type { AppDeps } from '../../deps';
import { DeliveryError } from '../../integrations/delivery-error';
import { type PushMessage, type PushOptions, pushToUser } from '../push/push.service';
import type { Receipt } from './delivery.repo';

/** The provider code of "no browser left to push to" (the alert is cancelled, not dead). */
export const PUSH_GONE = 'push_gone';

export async function sendPush(
  deps: AppDeps,
  out: { userId: string; message: PushMessage; options: PushOptions },
): Promise<{ messageId: string; receipt: Receipt }> {
  const result = await pushToUser(deps, { userId: out.userId, message: out.message, options: out.options });
  const first = result.accepted[0];
  if (first) {
    const response = `${result.accepted.length} of ${result.devices} push service(s) accepted (201)${
      result.expired + result.refused ? `, ${result.expired + result.refused} expired subscription(s) removed` : ''
    }${result.failed.length ? `, ${result.failed.length} failed: ${result.failed[0]!.message}` : ''}`;
    return {
      messageId: first.location ?? `push:${first.id}`,
      receipt: { status: 'accepted', response: response.slice(0, 500), delivered: true },
    };
  }
  if (result.failed.length === 0)
    throw new DeliveryError('no push subscription left (expired or removed)', {
      permanent: true,
      providerCode: PUSH_GONE,
    });
  const statuses = result.failed.map((f) => f.status);
  const retryable = statuses.some((s) => s == null || s === 429 || s >= 500);
  const known = statuses.find((s) => s != null);
  throw new DeliveryError(`push refused: ${result.failed.map((f) => f.message).join('; ')}`.slice(0, 500), {
    permanent: !retryable,
    // A number marks a definite refusal (nothing went out); without one a network error may have.
    providerCode: statuses.every((s) => s != null) ? (known ?? undefined) : undefined,
  });
}
