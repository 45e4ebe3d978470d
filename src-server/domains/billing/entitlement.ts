/**
 * The one place a Stripe subscription becomes an entitlement (pure). The sync feeds it the
 * customer's subscriptions as Stripe has them now, never an event body, so duplicate or
 * out-of-order events cannot leave a wrong plan behind.
 */
import type Stripe from 'stripe';
import { BILLING_STATUSES, planForBillingStatus, type BillingStatus } from '#shared/plans';

/** How our subscription items are recognised: the products behind the lookup-keyed prices (stable when a price is replaced). */
export interface CatalogueMatch {
  pro: { product: string; lookupKey: string };
  addon: { product: string; lookupKey: string };
}

export interface Entitlement {
  subscriptionId: string | null;
  billingStatus: BillingStatus;
  planType: 'pro' | 'free';
  planStatus: string;
  /** The add-on quantity Stripe has applied; a change awaiting payment is not counted. */
  addonPacks: number;
  planPeriodEnd: Date | null;
  /** When PRO ends because the subscription is scheduled to cancel; null when it renews. */
  planCancelAt: Date | null;
  pendingAddonPacks: number | null;
  pendingUpdateExpiresAt: Date | null;
  /** Stripe's page for an invoice waiting on the customer (authentication, a failed add-on payment). */
  billingActionUrl: string | null;
}

type Item = Stripe.SubscriptionItem;

const productOf = (item: Pick<Item, 'price'>) => {
  const product = item.price.product;
  return typeof product === 'string' ? product : product.id;
};

const isItem = (item: Pick<Item, 'price'>, kind: { product: string; lookupKey: string }) =>
  productOf(item) === kind.product || item.price.lookup_key === kind.lookupKey;

const RANK: Record<string, number> = { active: 0, trialing: 1, past_due: 2, unpaid: 3, incomplete: 4, paused: 5 };

/** Ours (it holds the PRO price) and, of several, the one that decides: live before ended, then newest. */
export function pickSubscription(
  subscriptions: Stripe.Subscription[],
  match: CatalogueMatch,
): Stripe.Subscription | null {
  const ours = subscriptions.filter((s) => s.items.data.some((item) => isItem(item, match.pro)));
  ours.sort((a, b) => (RANK[a.status] ?? 9) - (RANK[b.status] ?? 9) || b.created - a.created);
  return ours[0] ?? null;
}

const at = (seconds: number | null | undefined) => (seconds ? new Date(seconds * 1000) : null);

function statusOf(subscription: Stripe.Subscription | null): BillingStatus {
  if (!subscription) return 'none';
  return (BILLING_STATUSES as readonly string[]).includes(subscription.status)
    ? (subscription.status as BillingStatus)
    : 'none';
}

export function deriveEntitlement(subscription: Stripe.Subscription | null, match: CatalogueMatch): Entitlement {
  const billingStatus = statusOf(subscription);
  const plan = planForBillingStatus(billingStatus);
  const items = subscription?.items.data ?? [];
  const addon = items.find((item) => isItem(item, match.addon));
  // Basil and later: the period lives on the items (the subscription's own fields are gone).
  const periodEnd = items.length > 0 ? Math.max(...items.map((item) => item.current_period_end)) : null;
  const ended = billingStatus === 'canceled' || billingStatus === 'incomplete_expired';
  const scheduledEnd =
    !ended && subscription ? (subscription.cancel_at ?? (subscription.cancel_at_period_end ? periodEnd : null)) : null;
  const pending = subscription?.pending_update ?? null;
  const pendingAddon = pending?.subscription_items?.find((item) => isItem(item, match.addon));
  const invoice =
    subscription?.latest_invoice && typeof subscription.latest_invoice === 'object'
      ? subscription.latest_invoice
      : null;
  const waiting =
    invoice?.status === 'open' && (billingStatus === 'incomplete' || pending != null || billingStatus === 'past_due');
  return {
    subscriptionId: subscription?.id ?? null,
    billingStatus,
    planType: plan.planType,
    planStatus: plan.planStatus,
    addonPacks: plan.planType === 'pro' ? (addon?.quantity ?? 0) : 0,
    planPeriodEnd: ended ? null : at(periodEnd),
    planCancelAt: at(scheduledEnd),
    pendingAddonPacks: pending ? (pendingAddon?.quantity ?? 0) : null,
    pendingUpdateExpiresAt: pending ? at(pending.expires_at) : null,
    billingActionUrl: waiting ? (invoice?.hosted_invoice_url ?? null) : null,
  };
}

/** The add-on item of a subscription, if it has one. */
export function addonItemOf(subscription: Stripe.Subscription, match: CatalogueMatch): Item | undefined {
  return subscription.items.data.find((item) => isItem(item, match.addon));
}
