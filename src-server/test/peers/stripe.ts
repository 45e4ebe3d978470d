/**
 * A stateful Stripe on loopback for tests, in Stripe's wire format (the app uses the real `stripe`
 * SDK against it through STRIPE_API_BASE): customers, prices by lookup key, Checkout Sessions,
 * subscriptions and items, invoice previews, billing portal sessions, events. It is the offline
 * default's LocalStripeServer (integrations/stripe/local) with the test's own key and signing
 * secret, plus what a test needs to play Stripe's part: pay a checkout with a good, declined or
 * authenticating card, move the account clock (renewals, retries, expiries), hold events and
 * deliver them by hand (twice, reversed, concurrently, with a stale or foreign signature).
 */
import { randomBytes } from 'node:crypto';
import { afterAll } from 'vitest';
import type { CardBehaviour, StripeObject } from '../../integrations/stripe/local/local-stripe';
import { LocalStripeServer, type DeliveryResult } from '../../integrations/stripe/local/local-stripe-server';

export interface StripePeer {
  server: LocalStripeServer;
  apiKey: string;
  webhookSecret: string;
  /** Env for the app: real-key mode pointed at this peer. */
  env: { STRIPE_SECRET_KEY: string; STRIPE_WEBHOOK_SECRETS: string; STRIPE_API_BASE: string };
  setWebhookUrl(url: string): void;
  /** Stop delivering automatically; events collect in `held()`. */
  hold(): void;
  /** Deliver automatically again (held events are not sent: deliver them by hand). */
  release(): void;
  held(): StripeObject[];
  deliver(event: StripeObject, options?: Parameters<LocalStripeServer['deliver']>[1]): Promise<DeliveryResult>;
  /** Waits until auto-delivered events have been POSTed. */
  idle(): Promise<void>;
  payCheckout(sessionId: string, card?: CardBehaviour): { outcome: string; redirect: string | null };
  setCard(customerId: string, card: CardBehaviour): void;
  advance(seconds: number): void;
  toPeriodEnd(subscriptionId: string): void;
  subscriptionsOf(customerId: string): StripeObject[];
  customer(customerId: string): StripeObject;
  events(type?: string): StripeObject[];
  close(): Promise<void>;
}

export async function startStripePeer(
  options: { lookupKeys?: { pro: string; addon: string } } = {},
): Promise<StripePeer> {
  const apiKey = `sk_test_peer${randomBytes(12).toString('hex')}`;
  const webhookSecret = `whsec_peer${randomBytes(12).toString('hex')}`;
  const keys = options.lookupKeys ?? { pro: 'pro_monthly', addon: 'addon_20_tickers_monthly' };
  const server = new LocalStripeServer({
    apiKey,
    webhookSecret,
    prices: {
      pro: { lookupKey: keys.pro, unitAmount: 2000, productName: 'PRO plan' },
      addon: { lookupKey: keys.addon, unitAmount: 500, productName: '+20 tickers add-on' },
    },
    // Tests see a failed delivery at once rather than retries seconds later.
    retryDelaysMs: [],
  });
  const url = await server.start();
  const s = server.stripe;
  const peer: StripePeer = {
    server,
    apiKey,
    webhookSecret,
    env: { STRIPE_SECRET_KEY: apiKey, STRIPE_WEBHOOK_SECRETS: webhookSecret, STRIPE_API_BASE: url },
    setWebhookUrl: (webhookUrl) => {
      server.webhookUrl = webhookUrl;
    },
    hold: () => {
      server.autoDeliver = false;
    },
    release: () => {
      server.autoDeliver = true;
    },
    held: () => server.held.splice(0),
    deliver: (event, opts) => server.deliver(event, opts),
    idle: () => server.idle(),
    payCheckout: (sessionId, card = 'ok') => s.completeCheckout(sessionId, card),
    setCard: (customerId, card) => s.setCard(customerId, card),
    advance: (seconds) => s.advance(seconds),
    toPeriodEnd: (subscriptionId) => s.advance(s.secondsToPeriodEnd(subscriptionId)),
    subscriptionsOf: (customerId) => s.listSubscriptions({ customer: customerId, status: 'all', limit: 20 }),
    customer: (customerId) => s.customer(customerId),
    events: (type) => s.events.map((r) => r.event).filter((e) => !type || e.type === type),
    close: () => server.stop(),
  };
  afterAll(() => peer.close());
  return peer;
}
