/** Plan rules shared by server and web (SPEC.md sections 4, 6 and 9). */
export const FREE_TICKER_LIMIT = 10;
export const PRO_TICKER_LIMIT = 50;
export const ADDON_PACK_TICKERS = 20;
export const ADDON_PACK_PRICE_USD = 5;
export const ALL_FILINGS_PLAN_PRICE_USD = 20;

export interface PlanFacts {
  isAdmin: boolean;
  planType: string | null | undefined;
  planStatus: string | null | undefined;
}

/** A paid PRO subscription that is active; admins get PRO features without one. */
export function hasActiveProPlan(user: Omit<PlanFacts, 'isAdmin'> | null | undefined): boolean {
  return user?.planType === 'pro' && user.planStatus === 'active';
}

/** PRO means admin, or planType pro with planStatus active. */
export function isPro(user: PlanFacts | null | undefined): boolean {
  if (!user) return false;
  return user.isAdmin || hasActiveProPlan(user);
}

export interface LimitFacts extends PlanFacts {
  tickerLimitOverride?: number | null;
  addonPacks?: number | null;
}

/** An explicit per-user limit overrides the plan; add-on packs extend the plan's limit. */
export function tickerLimitFor(user: LimitFacts | null | undefined): number {
  if (user?.tickerLimitOverride != null) return user.tickerLimitOverride;
  const base = isPro(user) ? PRO_TICKER_LIMIT : FREE_TICKER_LIMIT;
  return base + ADDON_PACK_TICKERS * Math.max(0, user?.addonPacks ?? 0);
}
