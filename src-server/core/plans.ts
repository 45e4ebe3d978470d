/** Plan rules shared by server and web (SPEC.md sections 4, 6 and 9). */
export const FREE_TICKER_LIMIT = 10;
export const PRO_TICKER_LIMIT = 50;
export const ADDON_PACK_TICKERS = 20;
export const ADDON_PACK_PRICE_USD = 5;
export const ALL_FILINGS_PLAN_PRICE_USD = 20;
/** Packs one subscription may hold (50 + 20 x 20 = 450 tickers); more is a conversation, not a click. */
export const MAX_ADDON_PACKS = 20;

/**
 * Stripe subscription statuses as the users row stores them (`billing_status`), plus 'none'.
 * PRO (planType pro + planStatus active) follows active/trialing, and past_due while Stripe
 * retries the card (with a billing-issue banner); everything else is the free plan.
 */
export const BILLING_STATUSES = [
  'none',
  'active',
  'trialing',
  'past_due',
  'incomplete',
  'incomplete_expired',
  'unpaid',
  'canceled',
  'paused',
] as const;
export type BillingStatus = (typeof BILLING_STATUSES)[number];

export interface PlanFacts {
  isAdmin: boolean;
  planType: string | null | undefined;
  planStatus: string | null | undefined;
  /** PRO granted by an admin until this time (the admin console's "comp"). */
  compProUntil?: Date | string | null;
}

/** An admin's comp still runs. */
export function hasCompPro(user: Pick<PlanFacts, 'compProUntil'> | null | undefined, now = Date.now()): boolean {
  return user?.compProUntil != null && new Date(user.compProUntil).getTime() > now;
}

/** The plan a synced Stripe status grants (docs/decisions/020-billing-on-stripe.md). */
export function planForBillingStatus(status: BillingStatus): { planType: 'pro' | 'free'; planStatus: string } {
  switch (status) {
    case 'active':
    case 'trialing':
    case 'past_due':
      return { planType: 'pro', planStatus: 'active' };
    case 'none':
    case 'incomplete_expired':
      return { planType: 'free', planStatus: 'inactive' };
    default:
      return { planType: 'free', planStatus: status };
  }
}

/** Stripe is retrying a failed renewal: PRO stays, and the user is asked to fix the card. */
export function hasBillingIssue(user: { billingStatus?: string | null } | null | undefined): boolean {
  return user?.billingStatus === 'past_due';
}

/** A paid PRO subscription that is active; admins get PRO features without one. */
export function hasActiveProPlan(user: Omit<PlanFacts, 'isAdmin'> | null | undefined): boolean {
  return user?.planType === 'pro' && user.planStatus === 'active';
}

/** PRO means admin, or planType pro with planStatus active, or an admin's comp that still runs. */
export function isPro(user: PlanFacts | null | undefined): boolean {
  if (!user) return false;
  return user.isAdmin || hasActiveProPlan(user) || hasCompPro(user);
}

export interface LimitFacts extends PlanFacts {
  tickerLimitOverride?: number | null;
  addonPacks?: number | null;
}

/**
 * An explicit per-user limit overrides the plan; add-on packs extend the PRO limit only (a lapsed
 * subscription's packs lapse with it): 50 + 20 x packs.
 */
export function tickerLimitFor(user: LimitFacts | null | undefined): number {
  if (user?.tickerLimitOverride != null) return user.tickerLimitOverride;
  if (!isPro(user)) return FREE_TICKER_LIMIT;
  return PRO_TICKER_LIMIT + ADDON_PACK_TICKERS * Math.max(0, user?.addonPacks ?? 0);
}

/** The limit a PRO subscription with `packs` add-on packs gives. */
export function proLimitWithPacks(packs: number): number {
  return PRO_TICKER_LIMIT + ADDON_PACK_TICKERS * Math.max(0, packs);
}

/** The fewest packs that hold `watched` tickers on PRO (a decrease below it is refused). */
export function minimumPacksFor(watched: number): number {
  return Math.max(0, Math.ceil((watched - PRO_TICKER_LIMIT) / ADDON_PACK_TICKERS));
}
