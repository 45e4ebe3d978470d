/**
 * What a subscriber does: start a checkout, come back from it, open the Customer Portal, change
 * add-on packs (with a prorated preview), cancel at period end and resume. Every change is made
 * at Stripe and then read back by the sync; nothing here writes a plan from a request.
 */
import { createHash, randomUUID } from 'node:crypto';
import type Stripe from 'stripe';
import { AppError } from '#shared/app-error';
import { BRANDS, brandSellsPlans, type BrandId } from '#shared/brands';
import {
  ADDON_PACK_PRICE_USD,
  ALL_FILINGS_PLAN_PRICE_USD,
  hasBillingIssue,
  isPro,
  MAX_ADDON_PACKS,
  minimumPacksFor,
  proLimitWithPacks,
  tickerLimitFor,
} from '#shared/plans';
import type { AppDeps } from '../../deps';
import { catalogueOf, CatalogueError, type Catalogue } from '../../integrations/stripe/catalogue';
import { billingModeOf, type BillingMode, type StripeAccess } from '../../integrations/stripe/stripe-access';
import { isVerified, toUserDto, type UserDto } from '../auth/session.service';
import * as repo from './billing.repo';
import { addonItemOf } from './entitlement';
import { matchOf, syncClaimedCustomer, syncCustomer, withCustomerClaim } from './sync.service';

/** Statuses with a subscription Stripe still bills (or is about to): a second checkout is refused. */
const LIVE_STATUSES = new Set(['active', 'trialing', 'past_due', 'unpaid']);

export interface PlanSummary {
  planType: string;
  planStatus: string;
  isPro: boolean;
  isAdmin: boolean;
  billingStatus: string;
  billingIssue: boolean;
  hasSubscription: boolean;
  /** End of the paid period (ISO), while a subscription runs. */
  planPeriodEnd: string | null;
  /** Scheduled to end at planCancelAt (the "PRO until ..." date); Resume undoes it. */
  cancelAtPeriodEnd: boolean;
  planCancelAt: string | null;
  addonPacks: number;
  pendingAddonPacks: number | null;
  pendingUpdateExpiresAt: string | null;
  /** Stripe's page for an invoice waiting on the customer. */
  billingActionUrl: string | null;
  tickerLimit: number;
}

export interface BillingStatusDto extends PlanSummary {
  /** Checkout can be started here: billing configured and the brand sells plans. */
  available: boolean;
  mode: BillingMode;
  brandSellsPlans: boolean;
  /** Where this brand sends people who want PRO (the Form 4 brand: the all-filings brand). */
  upgradeBrand: BrandId | null;
  watchlistCount: number;
  minimumPacks: number;
  maxPacks: number;
  prices: { proMonthly: number; addonMonthly: number; currency: string };
}

export function planSummaryOf(user: repo.BillingUserRow): PlanSummary {
  const scheduled = user.planType === 'pro' && user.planCancelAt != null;
  return {
    planType: user.planType,
    planStatus: user.planStatus,
    isPro: isPro(user),
    isAdmin: user.isAdmin,
    billingStatus: user.billingStatus,
    billingIssue: hasBillingIssue(user),
    hasSubscription: LIVE_STATUSES.has(user.billingStatus) || user.billingStatus === 'incomplete',
    planPeriodEnd: user.planPeriodEnd?.toISOString() ?? null,
    cancelAtPeriodEnd: scheduled,
    planCancelAt: scheduled ? user.planCancelAt!.toISOString() : null,
    addonPacks: user.addonPacks,
    pendingAddonPacks: user.pendingAddonPacks,
    pendingUpdateExpiresAt: user.pendingUpdateExpiresAt?.toISOString() ?? null,
    billingActionUrl: user.billingActionUrl,
    tickerLimit: tickerLimitFor(user),
  };
}

// ---- guards -----------------------------------------------------------------------------

function assertBrandSells(brand: BrandId): void {
  if (brandSellsPlans(brand)) return;
  const target = BRANDS[brand].upgrades.targetBrand;
  throw new AppError(
    'FORBIDDEN',
    `${BRANDS[brand].brandName} does not sell subscriptions.${target ? ` PRO is offered by ${BRANDS[target].brandName}.` : ''}`,
    {
      reason: 'billing_not_on_brand',
      details: { upgrade_brand: target },
    },
  );
}

const notAvailable = () =>
  new AppError('CONFLICT', 'Online payment is not available on this server, so nothing can be bought here right now.', {
    reason: 'billing_unavailable',
  });

async function requireAccess(deps: AppDeps): Promise<StripeAccess> {
  const access = await deps.stripe.get();
  if (!access) throw notAvailable();
  return access;
}

async function requireCatalogue(deps: AppDeps, access: StripeAccess): Promise<Catalogue> {
  try {
    return await catalogueOf(access);
  } catch (error) {
    if (error instanceof CatalogueError) {
      deps.logger?.error({ err: error }, 'Stripe catalogue incomplete');
      throw notAvailable();
    }
    throw error;
  }
}

async function loadUser(deps: AppDeps, userId: string): Promise<repo.BillingUserRow> {
  const user = await repo.findUser(deps.db, { userId });
  if (!user)
    throw new AppError('UNAUTHORIZED', 'Session not found. Please refresh the page.', { reason: 'session_not_found' });
  return user;
}

function assertPacks(packs: number): void {
  if (!Number.isInteger(packs) || packs < 0 || packs > MAX_ADDON_PACKS) {
    throw new AppError('BAD_REQUEST', `Choose between 0 and ${MAX_ADDON_PACKS} add-on packs.`, {
      reason: 'invalid_packs',
    });
  }
}

// ---- status -----------------------------------------------------------------------------

export async function billingStatus(
  deps: AppDeps,
  params: { userId: string; brand: BrandId },
): Promise<BillingStatusDto> {
  const user = await loadUser(deps, params.userId);
  const mode = billingModeOf(deps.env);
  const sells = brandSellsPlans(params.brand);
  const watchlistCount = await repo.countWatchlist(deps.db, { userId: user.id });
  return {
    ...planSummaryOf(user),
    available: mode !== 'off' && sells,
    mode,
    brandSellsPlans: sells,
    upgradeBrand: sells ? null : BRANDS[params.brand].upgrades.targetBrand,
    watchlistCount,
    minimumPacks: minimumPacksFor(watchlistCount),
    maxPacks: MAX_ADDON_PACKS,
    prices: { proMonthly: ALL_FILINGS_PLAN_PRICE_USD * 100, addonMonthly: ADDON_PACK_PRICE_USD * 100, currency: 'usd' },
  };
}

// ---- checkout ---------------------------------------------------------------------------

/**
 * The user's Stripe customer, created once and stored before any checkout starts. No transaction
 * is open while Stripe answers: concurrent requests send the same idempotency key (so Stripe
 * returns one customer), and the binding only fills an empty slot, so the first one stored wins.
 */
async function ensureCustomer(deps: AppDeps, access: StripeAccess, userId: string): Promise<string> {
  const user = await repo.findUser(deps.db, { userId });
  if (!user)
    throw new AppError('UNAUTHORIZED', 'Session not found. Please refresh the page.', {
      reason: 'session_not_found',
    });
  if (user.stripeCustomerId) return user.stripeCustomerId;
  const contact = {
    email: user.emailVerifiedAt ? (user.email ?? undefined) : undefined,
    phone: user.phoneVerifiedAt ? (user.phone ?? undefined) : undefined,
  };
  const version = createHash('sha256').update(JSON.stringify(contact)).digest('hex').slice(0, 12);
  const customer = await access.client.customers.create(
    { ...contact, metadata: { userId: user.id } },
    { idempotencyKey: `customer-create:${user.id}:${version}` },
  );
  if (await repo.bindCustomer(deps.db, { userId: user.id, customerId: customer.id })) return customer.id;
  const bound = (await repo.findUser(deps.db, { userId }))?.stripeCustomerId;
  if (!bound)
    throw new AppError('UNAUTHORIZED', 'Session not found. Please refresh the page.', { reason: 'session_not_found' });
  return bound;
}

export async function startCheckout(
  deps: AppDeps,
  params: { userId: string; brand: BrandId; linkBase: string; packs?: number; requestKey?: string },
): Promise<{ url: string }> {
  assertBrandSells(params.brand);
  const access = await requireAccess(deps);
  const packs = params.packs ?? 0;
  assertPacks(packs);
  let user = await loadUser(deps, params.userId);
  if (!isVerified(user))
    throw new AppError('FORBIDDEN', 'A subscription belongs to a verified account. Verify your email or phone first.', {
      reason: 'not_verified',
    });
  if (user.isAdmin)
    throw new AppError('CONFLICT', 'Admin accounts have PRO without a subscription.', { reason: 'admin_has_pro' });
  // The stored state may lag (a webhook on its way): read Stripe before refusing or allowing.
  if (user.stripeCustomerId)
    user = (await syncCustomer(deps, access, { customerId: user.stripeCustomerId })).user ?? user;
  if (LIVE_STATUSES.has(user.billingStatus)) {
    throw new AppError('CONFLICT', 'You already have a subscription. Manage it in Settings → Subscription.', {
      reason: 'already_subscribed',
    });
  }
  if (user.billingStatus === 'incomplete') {
    throw new AppError(
      'CONFLICT',
      'Your first payment is waiting for confirmation. Finish it from Settings → Subscription.',
      {
        reason: 'payment_pending',
        details: { action_url: user.billingActionUrl },
      },
    );
  }
  const catalogue = await requireCatalogue(deps, access);
  const customer = await ensureCustomer(deps, access, user.id);
  const session = await access.client.checkout.sessions.create(
    {
      mode: 'subscription',
      customer,
      client_reference_id: user.id,
      line_items: [
        { price: catalogue.pro.id, quantity: 1 },
        ...(packs > 0 ? [{ price: catalogue.addon.id, quantity: packs }] : []),
      ],
      subscription_data: { metadata: { userId: user.id } },
      metadata: { userId: user.id, brand: params.brand },
      success_url: `${params.linkBase}/billing/success?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${params.linkBase}/upgrade?checkout=canceled`,
    },
    { idempotencyKey: `checkout:${user.id}:${params.requestKey ?? randomUUID()}` },
  );
  if (!session.url) throw new AppError('INTERNAL', 'Stripe returned a checkout session without a URL.');
  return { url: session.url };
}

export interface CheckoutResult {
  /** active: PRO now; action_required: the bank wants a confirmation; open: not paid (yet); pending: paid, Stripe still settling. */
  status: 'active' | 'action_required' | 'open' | 'pending';
  actionUrl: string | null;
  user: UserDto;
  plan: PlanSummary;
}

/**
 * The return from Checkout (`/billing/success?session_id=`): the session must belong to the
 * caller; then the customer is synced from Stripe. PRO shows only if Stripe says so.
 */
export async function confirmCheckout(
  deps: AppDeps,
  params: { userId: string; sessionId: string },
): Promise<CheckoutResult> {
  const access = await requireAccess(deps);
  const user = await loadUser(deps, params.userId);
  let session: Stripe.Checkout.Session;
  try {
    session = await access.client.checkout.sessions.retrieve(params.sessionId);
  } catch (error) {
    if ((error as { statusCode?: number }).statusCode === 404) {
      throw new AppError('NOT_FOUND', 'That checkout was not found.', { reason: 'checkout_not_found' });
    }
    throw error;
  }
  const customerId = typeof session.customer === 'string' ? session.customer : session.customer?.id;
  if (!customerId || customerId !== user.stripeCustomerId || session.client_reference_id !== user.id) {
    throw new AppError('FORBIDDEN', 'That checkout belongs to another account.', { reason: 'checkout_not_yours' });
  }
  const synced = (await syncCustomer(deps, access, { customerId })).user ?? user;
  const plan = planSummaryOf(synced);
  const status: CheckoutResult['status'] = plan.isPro
    ? 'active'
    : synced.billingStatus === 'incomplete'
      ? 'action_required'
      : session.status === 'open'
        ? 'open'
        : 'pending';
  return { status, actionUrl: synced.billingActionUrl, user: toUserDto(synced), plan };
}

// ---- portal -----------------------------------------------------------------------------

export async function openPortal(
  deps: AppDeps,
  params: { userId: string; brand: BrandId; linkBase: string; flow?: 'payment_method_update' },
): Promise<{ url: string }> {
  assertBrandSells(params.brand);
  const access = await requireAccess(deps);
  const user = await loadUser(deps, params.userId);
  if (!user.stripeCustomerId)
    throw new AppError('CONFLICT', 'You have no billing account yet. Subscribe first.', { reason: 'no_customer' });
  const session = await access.client.billingPortal.sessions.create({
    customer: user.stripeCustomerId,
    return_url: `${params.linkBase}/settings#subscription`,
    ...(params.flow ? { flow_data: { type: params.flow } } : {}),
  });
  return { url: session.url };
}

// ---- add-on packs -----------------------------------------------------------------------

async function payingSubscription(access: StripeAccess, user: repo.BillingUserRow): Promise<Stripe.Subscription> {
  if (
    !user.stripeSubscriptionId ||
    !user.stripeCustomerId ||
    user.planType !== 'pro' ||
    !LIVE_STATUSES.has(user.billingStatus)
  ) {
    throw new AppError(
      'FORBIDDEN',
      user.isAdmin
        ? 'Admin accounts have PRO without a subscription, so there are no add-ons to buy.'
        : 'Ticker add-ons are for PRO subscribers. Upgrade to PRO first.',
      {
        reason: 'subscription_required',
      },
    );
  }
  const subscription = await access.client.subscriptions.retrieve(user.stripeSubscriptionId, {
    expand: ['latest_invoice'],
  });
  if (subscription.status !== 'active' && subscription.status !== 'trialing') {
    throw new AppError(
      'CONFLICT',
      'Your subscription has a payment problem. Update your card in Settings → Subscription first.',
      { reason: 'subscription_not_active' },
    );
  }
  if (subscription.pending_update) {
    throw new AppError(
      'CONFLICT',
      'Your last add-on change is waiting for payment. Pay it or let it expire before changing again.',
      {
        reason: 'addon_payment_pending',
        details: { action_url: user.billingActionUrl },
      },
    );
  }
  return subscription;
}

/** A decrease below what the watchlist holds is refused (the user removes tickers first). */
async function assertFits(deps: AppDeps, user: repo.BillingUserRow, packs: number): Promise<void> {
  const watched = await repo.countWatchlist(deps.db, { userId: user.id });
  const limit = proLimitWithPacks(packs);
  if (user.tickerLimitOverride == null && watched > limit) {
    const remove = watched - limit;
    throw new AppError(
      'CONFLICT',
      `Your watchlist has ${watched} tickers, more than the ${limit} that ${packs} add-on pack${packs === 1 ? '' : 's'} allow. Remove ${remove} ticker${remove === 1 ? '' : 's'} first, or keep at least ${minimumPacksFor(watched)} pack${minimumPacksFor(watched) === 1 ? '' : 's'}.`,
      { reason: 'watchlist_over_addon_limit', details: { watched, limit, minimum_packs: minimumPacksFor(watched) } },
    );
  }
}

function itemChanges(subscription: Stripe.Subscription, catalogue: Catalogue, packs: number) {
  const addon = addonItemOf(subscription, matchOf(catalogue));
  if (!addon) return packs > 0 ? [{ price: catalogue.addon.id, quantity: packs }] : [];
  return packs === 0 ? [{ id: addon.id, deleted: true }] : [{ id: addon.id, quantity: packs }];
}

export interface AddonPreview {
  currentPacks: number;
  packs: number;
  direction: 'increase' | 'decrease' | 'none';
  tickerLimit: number;
  /** Increase: charged now for the rest of the period (prorated). */
  amountDueNow: number;
  /** Decrease: unused time credited to the next invoice. */
  credit: number;
  /** The next renewal's amount after the change (a decrease's credit applied). */
  nextInvoiceAmount: number;
  monthlyTotal: number;
  currency: string;
  periodEnd: string | null;
}

const prorationTotal = (invoice: Stripe.Invoice, sign: 1 | -1) =>
  invoice.lines.data
    .filter((line) => line.parent?.subscription_item_details?.proration && Math.sign(line.amount) === sign)
    .reduce((sum, line) => sum + line.amount, 0);

export async function previewAddonPacks(
  deps: AppDeps,
  params: { userId: string; brand: BrandId; packs: number },
): Promise<AddonPreview> {
  assertBrandSells(params.brand);
  assertPacks(params.packs);
  const access = await requireAccess(deps);
  const catalogue = await requireCatalogue(deps, access);
  const user = await loadUser(deps, params.userId);
  const subscription = await payingSubscription(access, user);
  const current = addonItemOf(subscription, matchOf(catalogue))?.quantity ?? 0;
  const direction = params.packs > current ? 'increase' : params.packs < current ? 'decrease' : 'none';
  if (direction === 'decrease') await assertFits(deps, user, params.packs);
  const monthlyTotal = catalogue.pro.unitAmount + catalogue.addon.unitAmount * params.packs;
  const base = {
    currentPacks: current,
    packs: params.packs,
    direction,
    tickerLimit: user.tickerLimitOverride ?? proLimitWithPacks(params.packs),
    monthlyTotal,
    currency: catalogue.pro.currency,
    periodEnd: user.planPeriodEnd?.toISOString() ?? null,
  } as const;
  if (direction === 'none') return { ...base, amountDueNow: 0, credit: 0, nextInvoiceAmount: monthlyTotal };
  const preview = await access.client.invoices.createPreview({
    customer: user.stripeCustomerId!,
    subscription: subscription.id,
    subscription_details: {
      items: itemChanges(subscription, catalogue, params.packs),
      proration_behavior: direction === 'increase' ? 'always_invoice' : 'create_prorations',
    },
  });
  if (direction === 'increase')
    return { ...base, amountDueNow: preview.amount_due, credit: 0, nextInvoiceAmount: monthlyTotal };
  return { ...base, amountDueNow: 0, credit: -prorationTotal(preview, -1), nextInvoiceAmount: preview.amount_due };
}

export interface AddonChange {
  status: 'applied' | 'payment_pending' | 'unchanged';
  addonPacks: number;
  pendingAddonPacks: number | null;
  tickerLimit: number;
  actionUrl: string | null;
  user: UserDto;
  plan: PlanSummary;
}

/**
 * Changes the add-on quantity on the subscription. An increase is invoiced at once and applies
 * only when paid (pending_if_incomplete: a failed card leaves the limit as it was); a decrease
 * credits the unused time to the next invoice. Then the customer is synced.
 */
export async function setAddonPacks(
  deps: AppDeps,
  params: { userId: string; brand: BrandId; packs: number; requestKey?: string },
): Promise<AddonChange> {
  assertBrandSells(params.brand);
  assertPacks(params.packs);
  const access = await requireAccess(deps);
  const catalogue = await requireCatalogue(deps, access);
  const user = await loadUser(deps, params.userId);
  const customerId = user.stripeCustomerId;
  const change = async () => {
    const subscription = await payingSubscription(access, user);
    const current = addonItemOf(subscription, matchOf(catalogue))?.quantity ?? 0;
    if (params.packs === current)
      return {
        status: 'unchanged' as const,
        synced: await syncClaimedCustomer(deps, access, { customerId: customerId!, catalogue }),
      };
    const increase = params.packs > current;
    if (!increase) await assertFits(deps, user, params.packs);
    const updated = await access.client.subscriptions.update(
      subscription.id,
      {
        items: itemChanges(subscription, catalogue, params.packs),
        proration_behavior: increase ? 'always_invoice' : 'create_prorations',
        ...(increase ? { payment_behavior: 'pending_if_incomplete' as const } : {}),
        expand: ['latest_invoice'],
      },
      { idempotencyKey: `addons:${user.id}:${current}:${params.packs}:${params.requestKey ?? randomUUID()}` },
    );
    const synced = await syncClaimedCustomer(deps, access, { customerId: customerId!, catalogue });
    return { status: updated.pending_update ? ('payment_pending' as const) : ('applied' as const), synced };
  };
  // One change per customer at a time (the sync inside runs under the same claim); no transaction
  // is open while Stripe answers.
  const result = customerId ? await withCustomerClaim(deps, customerId, change) : await change();
  const row = result.synced.user ?? user;
  return {
    status: result.status,
    addonPacks: row.addonPacks,
    pendingAddonPacks: row.pendingAddonPacks,
    tickerLimit: tickerLimitFor(row),
    actionUrl: row.billingActionUrl,
    user: toUserDto(row),
    plan: planSummaryOf(row),
  };
}

// ---- cancel / resume --------------------------------------------------------------------

export interface CancelResult {
  canceled: boolean;
  cancelAtPeriodEnd: boolean;
  /** PRO lasts until then. */
  planPeriodEnd: string | null;
  user: UserDto;
  plan: PlanSummary;
}

async function setCancelAtPeriodEnd(
  deps: AppDeps,
  params: { userId: string; brand: BrandId; cancel: boolean },
): Promise<CancelResult> {
  assertBrandSells(params.brand);
  const access = await requireAccess(deps);
  let user = await loadUser(deps, params.userId);
  if (user.stripeCustomerId)
    user = (await syncCustomer(deps, access, { customerId: user.stripeCustomerId })).user ?? user;
  if (!user.stripeSubscriptionId || !LIVE_STATUSES.has(user.billingStatus)) {
    throw new AppError('CONFLICT', 'You have no active subscription to cancel.', { reason: 'no_subscription' });
  }
  const scheduled = user.planCancelAt != null;
  if (params.cancel && scheduled) {
    throw new AppError(
      'CONFLICT',
      `Your subscription is already canceled: PRO ends on ${user.planCancelAt!.toISOString().slice(0, 10)}.`,
      { reason: 'already_canceled' },
    );
  }
  if (!params.cancel && !scheduled)
    throw new AppError('CONFLICT', 'Your subscription is not scheduled to end.', { reason: 'not_canceled' });
  await access.client.subscriptions.update(
    user.stripeSubscriptionId,
    // Clearing cancel_at as well undoes either way of scheduling the end.
    params.cancel ? { cancel_at_period_end: true } : { cancel_at_period_end: false, cancel_at: '' },
  );
  const synced = (await syncCustomer(deps, access, { customerId: user.stripeCustomerId! })).user ?? user;
  const plan = planSummaryOf(synced);
  return {
    canceled: plan.cancelAtPeriodEnd,
    cancelAtPeriodEnd: plan.cancelAtPeriodEnd,
    planPeriodEnd: plan.planCancelAt ?? plan.planPeriodEnd,
    user: toUserDto(synced),
    plan,
  };
}

/** POST /api/cancel-subscription: ends the subscription at the period's end; PRO lasts until then. */
export function cancelSubscription(deps: AppDeps, params: { userId: string; brand: BrandId }): Promise<CancelResult> {
  return setCancelAtPeriodEnd(deps, { ...params, cancel: true });
}

/** Undoes a scheduled cancellation before the period ends. */
export function resumeSubscription(deps: AppDeps, params: { userId: string; brand: BrandId }): Promise<CancelResult> {
  return setCancelAtPeriodEnd(deps, { ...params, cancel: false });
}

/**
 * Account deletion: a live subscription is canceled at once, without proration or a final
 * invoice, before the user row goes; a deleted account must never be charged again. Stripe not
 * answering stops the deletion (the user can try again) rather than leaving a paying orphan.
 */
export async function endBillingForDeletedAccount(deps: AppDeps, params: { userId: string }): Promise<void> {
  const user = await repo.findUser(deps.db, { userId: params.userId });
  if (!user?.stripeSubscriptionId || !LIVE_STATUSES.has(user.billingStatus)) return;
  const access = await requireAccess(deps);
  await access.client.subscriptions.cancel(user.stripeSubscriptionId, { invoice_now: false, prorate: false });
}
