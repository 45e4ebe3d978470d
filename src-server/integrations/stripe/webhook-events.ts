import Stripe from 'stripe';
import type { StripeAccess } from './stripe-access';

/**
 * Stripe's own default, passed explicitly: an event signed more than 5 minutes ago is refused
 * (replay), and so is one signed more than 5 minutes in the future (the SDK checks only the past).
 */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

export class WebhookSignatureError extends Error {
  override name = 'WebhookSignatureError';
}

/**
 * The event in a webhook request, after its Stripe-Signature checked out against one of the
 * endpoint's secrets (several during a rotation) within the tolerance. The body must be the bytes
 * Stripe sent: a parsed and re-serialised body never verifies.
 */
export function verifyStripeEvent(
  access: Pick<StripeAccess, 'client' | 'webhookSecrets'>,
  rawBody: Buffer,
  header: string | undefined,
): Stripe.Event {
  if (!header) throw new WebhookSignatureError('No Stripe-Signature header.');
  if (access.webhookSecrets.length === 0) throw new WebhookSignatureError('No webhook secret is configured.');
  const signedAt = Number(/(?:^|,)\s*t=(\d+)/.exec(header)?.[1]);
  if (signedAt - Math.floor(Date.now() / 1000) > WEBHOOK_TOLERANCE_SECONDS)
    throw new WebhookSignatureError('The Stripe-Signature timestamp is in the future.');
  let last: unknown;
  for (const secret of access.webhookSecrets) {
    try {
      return access.client.webhooks.constructEvent(rawBody, header, secret, WEBHOOK_TOLERANCE_SECONDS);
    } catch (error) {
      if (!(error instanceof Stripe.errors.StripeSignatureVerificationError)) throw error;
      last = error;
    }
  }
  throw new WebhookSignatureError((last as Error | undefined)?.message ?? 'Signature mismatch.');
}

/** The customer an event is about (subscription, invoice, checkout session, customer). */
export function customerOfEvent(event: Pick<Stripe.Event, 'type' | 'data'>): string | null {
  const object = event.data.object as unknown as { object?: string; id?: string; customer?: unknown };
  if (object.object === 'customer') return object.id ?? null;
  const customer = object.customer;
  if (typeof customer === 'string') return customer;
  if (customer && typeof customer === 'object' && typeof (customer as { id?: unknown }).id === 'string')
    return (customer as { id: string }).id;
  return null;
}
