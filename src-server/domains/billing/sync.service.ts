/**
 * syncCustomer: the only writer of a user's plan. Holding the customer's claim (db/claims: one
 * sync or change per customer across processes, no lock or transaction held during Stripe calls)
 * it reads the customer's subscriptions from Stripe (so a slow read can never land after a newer
 * one), derives the entitlement, writes it in one short transaction, pauses or resumes watchlist items to fit the
 * new limit, queues the emails a state change calls for, and tells open dashboards (NOTIFY
 * plan_changed at commit). Every webhook event, the checkout return, the in-app changes and the
 * daily reconciliation end here, so duplicates and out-of-order events converge on Stripe's state.
 */
import { withClaim } from '../../db/claims';
import type { Db } from '../../db/client';
import type { AppDeps } from '../../deps';
import { catalogueOf, type Catalogue } from '../../integrations/stripe/catalogue';
import type { StripeAccess } from '../../integrations/stripe/stripe-access';
import { enforceTickerLimit } from '../watchlist/watchlist.service';
import * as repo from './billing.repo';
import { deriveEntitlement, pickSubscription, type CatalogueMatch, type Entitlement } from './entitlement';
import { addNotice } from './notices.service';

export function matchOf(catalogue: Catalogue): CatalogueMatch {
  return {
    pro: { product: catalogue.pro.product, lookupKey: catalogue.pro.lookupKey },
    addon: { product: catalogue.addon.product, lookupKey: catalogue.addon.lookupKey },
  };
}

export interface SyncOutcome {
  userId: string | null;
  entitlement: Entitlement | null;
  user: repo.BillingUserRow | null;
  changed: boolean;
}

const time = (d: Date | null | undefined) => d?.getTime() ?? null;

/** Fields a user can see change (badge, limit, dates, banners). */
function visiblyChanged(before: repo.BillingUserRow, after: repo.BillingUserRow): boolean {
  return (
    before.planType !== after.planType ||
    before.planStatus !== after.planStatus ||
    before.billingStatus !== after.billingStatus ||
    before.addonPacks !== after.addonPacks ||
    before.pendingAddonPacks !== after.pendingAddonPacks ||
    before.billingActionUrl !== after.billingActionUrl ||
    time(before.planPeriodEnd) !== time(after.planPeriodEnd) ||
    time(before.planCancelAt) !== time(after.planCancelAt)
  );
}

/** Emails a transition calls for, keyed by the transition (found once, under the lock). */
async function noticesFor(tx: Db, before: repo.BillingUserRow, after: repo.BillingUserRow): Promise<void> {
  const previousSync = time(before.billingSyncedAt) ?? 0;
  const sub = after.stripeSubscriptionId ?? 'none';
  if (after.planType === 'pro' && after.planCancelAt && !before.planCancelAt) {
    await addNotice(tx, {
      userId: after.id,
      kind: 'cancellation_scheduled',
      dedupeKey: `cancellation_scheduled:${sub}:${after.planCancelAt.getTime()}:${previousSync}`,
      details: { endsAt: after.planCancelAt.toISOString() },
    });
  }
  const bothPro =
    before.planType === 'pro' && after.planType === 'pro' && before.stripeSubscriptionId === after.stripeSubscriptionId;
  if (bothPro && before.addonPacks !== after.addonPacks) {
    await addNotice(tx, {
      userId: after.id,
      kind: 'addon_changed',
      dedupeKey: `addon_changed:${sub}:${before.addonPacks}:${after.addonPacks}:${previousSync}`,
      details: { from: before.addonPacks, to: after.addonPacks },
    });
  }
}

/** Longer than Stripe's timeout with the SDK's retries: an older claim is a crashed holder's. */
const CUSTOMER_CLAIM = { staleAfterMs: 90_000, waitMs: 60_000, pollMs: 50 };

/** One change or sync of a customer at a time, across processes, with nothing locked meanwhile. */
export function withCustomerClaim<T>(
  deps: Pick<AppDeps, 'db'>,
  customerId: string,
  work: () => Promise<T>,
): Promise<T> {
  return withClaim(deps.db, `stripe-customer:${customerId}`, CUSTOMER_CLAIM, work);
}

/**
 * The sync for a caller holding the customer's claim: Stripe's subscriptions read first (no
 * transaction open during the call), then one short transaction writes what they say.
 */
export async function syncClaimedCustomer(
  deps: Pick<AppDeps, 'db'>,
  access: StripeAccess,
  params: { customerId: string; catalogue?: Catalogue },
): Promise<SyncOutcome> {
  const match = matchOf(params.catalogue ?? (await catalogueOf(access)));
  const subscriptions = await access.client.subscriptions.list({
    customer: params.customerId,
    status: 'all',
    limit: 20,
    expand: ['data.latest_invoice'],
  });
  const entitlement = deriveEntitlement(pickSubscription(subscriptions.data, match), match);
  return deps.db.transaction(async (tx) => {
    const before = await repo.findUserByCustomer(tx, { customerId: params.customerId, lock: true });
    if (!before) return { userId: null, entitlement: null, user: null, changed: false };
    const after = await repo.writeEntitlement(tx, { userId: before.id, entitlement });
    await enforceTickerLimit(tx, { userId: after.id });
    const changed = visiblyChanged(before, after);
    if (changed) {
      await noticesFor(tx, before, after);
      await repo.notifyPlanChanged(tx, { userId: after.id });
    }
    return { userId: after.id, entitlement, user: after, changed };
  });
}

export async function syncCustomer(
  deps: Pick<AppDeps, 'db'>,
  access: StripeAccess,
  params: { customerId: string },
): Promise<SyncOutcome> {
  // Read the catalogue before the claim: a cache miss is one more call to Stripe.
  const catalogue = await catalogueOf(access);
  return withCustomerClaim(deps, params.customerId, () =>
    syncClaimedCustomer(deps, access, { customerId: params.customerId, catalogue }),
  );
}
