import { eq, sql } from 'drizzle-orm';
import { AppError } from '#shared/app-error';
import { hasCompPro, isPro, tickerLimitFor } from '#shared/plans';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { closeAccount } from '../auth/account.service';
import { isVerified } from '../auth/session.service';
import { notifyPlanChanged } from '../billing/billing.repo';
import { enforceTickerLimit } from '../watchlist/watchlist.service';
import type { AdminChangeContext, AuditedChange } from './admin-procedure';
import { decodeCursor, pageOf, type Page } from './keyset';
import * as repo from './users.repo';

const iso = (d: Date | string | null | undefined) => (d == null ? null : new Date(d).toISOString());

export interface UserListItem {
  id: string;
  email: string | null;
  phone: string | null;
  verified: boolean;
  isAdmin: boolean;
  plan: string;
  compProUntil: string | null;
  alertsPaused: boolean;
  brand: string;
  tickers: number;
  createdAt: string;
  lastLoginAt: string | null;
}

/** The plan in one word for lists: PRO (paid), PRO (comp), admin, or the stored plan and status. */
function planLabel(u: {
  is_admin: boolean;
  plan_type: string;
  plan_status: string;
  comp_pro_until: Date | null;
}): string {
  if (u.plan_type === 'pro' && u.plan_status === 'active') return 'pro';
  if (hasCompPro({ compProUntil: u.comp_pro_until })) return 'pro (comp)';
  if (u.is_admin) return 'admin';
  return u.plan_status === 'inactive' ? u.plan_type : `${u.plan_type} (${u.plan_status})`;
}

export async function searchUsers(
  db: Db,
  params: { q?: string | null; limit: number; cursor?: string | null },
): Promise<Page<UserListItem>> {
  const rows = await repo.searchUsers(db, {
    q: params.q ?? null,
    after: decodeCursor(params.cursor, 2),
    limit: params.limit,
  });
  const page = pageOf(rows, params.limit, (r) => [new Date(r.created_at).toISOString(), r.id]);
  return {
    nextCursor: page.nextCursor,
    items: page.items.map((r) => ({
      id: r.id,
      email: r.email,
      phone: r.phone,
      verified: Boolean((r.email && r.email_verified_at) || (r.phone && r.phone_verified_at)),
      isAdmin: r.is_admin,
      plan: planLabel(r),
      compProUntil: iso(r.comp_pro_until),
      alertsPaused: r.alerts_paused_at !== null,
      brand: r.brand,
      tickers: r.tickers,
      createdAt: iso(r.created_at)!,
      lastLoginAt: iso(r.last_login_at),
    })),
  };
}

/** Stripe's dashboard page of a customer (test or live by the key); null without a real key. */
export function stripeCustomerUrl(env: AppDeps['env'], customerId: string | null): string | null {
  if (!customerId || !env.STRIPE_SECRET_KEY) return null;
  const test = !env.STRIPE_SECRET_KEY.startsWith('sk_live_') && !env.STRIPE_SECRET_KEY.startsWith('rk_live_');
  return `https://dashboard.stripe.com/${test ? 'test/' : ''}customers/${encodeURIComponent(customerId)}`;
}

async function findUser(db: Db, userId: string) {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw new AppError('NOT_FOUND', 'No user with that id.', { reason: 'user_not_found' });
  return user;
}

/** /admin/users?id=: everything support needs about one account. */
export async function userDetail(deps: AppDeps, params: { userId: string }) {
  const user = await findUser(deps.db, params.userId);
  const [sessions, watchlist, alerts, smsOptOut] = await Promise.all([
    repo.userSessions(deps.db, params),
    repo.userWatchlist(deps.db, params),
    repo.userAlerts(deps.db, { userId: params.userId, limit: 50 }),
    repo.smsOptedOut(deps.db, { phone: user.phone }),
  ]);
  const now = Date.now();
  return {
    id: user.id,
    brand: user.brand,
    isAdmin: user.isAdmin,
    verified: isVerified(user),
    isPro: isPro(user),
    createdAt: user.createdAt.toISOString(),
    lastLoginAt: iso(user.lastLoginAt),
    plan: {
      planType: user.planType,
      planStatus: user.planStatus,
      billingStatus: user.billingStatus,
      periodEnd: iso(user.planPeriodEnd),
      cancelAt: iso(user.planCancelAt),
      stripeCustomerId: user.stripeCustomerId,
      stripeSubscriptionId: user.stripeSubscriptionId,
      stripeCustomerUrl: stripeCustomerUrl(deps.env, user.stripeCustomerId),
      billingSyncedAt: iso(user.billingSyncedAt),
      compProUntil: iso(user.compProUntil),
      addonPacks: user.addonPacks,
      pendingAddonPacks: user.pendingAddonPacks,
    },
    limit: { effective: tickerLimitFor(user), override: user.tickerLimitOverride, used: watchlist.length },
    alertsPausedAt: iso(user.alertsPausedAt),
    contacts: {
      email: user.email,
      emailVerifiedAt: iso(user.emailVerifiedAt),
      phone: user.phone,
      phoneVerifiedAt: iso(user.phoneVerifiedAt),
      notifyVia: user.notifyVia,
      smsOptedOut: smsOptOut,
    },
    sessions: sessions.map((s) => ({
      id: s.id,
      kind: s.kind,
      createdAt: iso(s.created_at)!,
      lastSeenAt: iso(s.last_seen_at)!,
      expiresAt: iso(s.expires_at)!,
      live: s.revoked_at === null && new Date(s.expires_at).getTime() > now,
      revokedAt: iso(s.revoked_at),
      ip: s.ip,
      userAgent: s.user_agent,
    })),
    watchlist: watchlist.map((w) => ({
      ticker: w.ticker,
      forms: w.forms,
      paused: w.paused_at !== null,
      since: iso(w.created_at)!,
    })),
    alerts: alerts.map((a) => ({
      id: Number(a.id),
      channel: a.channel,
      route: a.route,
      status: a.status,
      attempts: a.attempts,
      receipt: { providerMessageId: a.provider_message_id, lastError: a.last_error, errorCode: a.error_code },
      createdAt: iso(a.created_at)!,
      sentAt: iso(a.sent_at),
      filing: {
        id: Number(a.filing_id),
        accessionNo: a.accession_no,
        ticker: a.ticker,
        form: a.form,
        importance: a.importance,
      },
    })),
  };
}

/** The fields an admin action on a user changes, as the audit row keeps them. */
function planState(u: typeof users.$inferSelect) {
  return {
    tickerLimitOverride: u.tickerLimitOverride,
    compProUntil: iso(u.compProUntil),
    alertsPausedAt: iso(u.alertsPausedAt),
    limit: tickerLimitFor(u),
  };
}

async function changeUser(
  c: AdminChangeContext,
  userId: string,
  values: Partial<typeof users.$inferInsert>,
  options: { planChanged: boolean },
): Promise<AuditedChange<{ userId: string; limit: number; isPro: boolean }>> {
  const [before] = await c.tx.select().from(users).where(eq(users.id, userId)).for('update');
  if (!before) throw new AppError('NOT_FOUND', 'No user with that id.', { reason: 'user_not_found' });
  const [after] = await c.tx
    .update(users)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(users.id, userId))
    .returning();
  if (options.planChanged) {
    // Items over a smaller limit pause (never deleted); open dashboards hear of the new plan.
    await enforceTickerLimit(c.tx, { userId });
    await notifyPlanChanged(c.tx, { userId });
  }
  return {
    target: { type: 'user', id: userId },
    before: planState(before),
    after: planState(after!),
    result: { userId, limit: tickerLimitFor(after!), isPro: isPro(after!) },
  };
}

export function setLimitOverride(c: AdminChangeContext, input: { userId: string; limit: number | null }) {
  return changeUser(c, input.userId, { tickerLimitOverride: input.limit }, { planChanged: true });
}

export function compPro(c: AdminChangeContext, input: { userId: string; until: string | null }) {
  const until = input.until ? new Date(input.until) : null;
  if (until && until.getTime() <= Date.now()) {
    throw new AppError('BAD_REQUEST', 'The comp end date must be in the future (send until: null to end a comp).', {
      reason: 'date_in_past',
    });
  }
  return changeUser(c, input.userId, { compProUntil: until }, { planChanged: true });
}

export function setAlertsPaused(c: AdminChangeContext, input: { userId: string; paused: boolean }) {
  return changeUser(c, input.userId, { alertsPausedAt: input.paused ? new Date() : null }, { planChanged: false });
}

export async function revokeUserSessions(c: AdminChangeContext, input: { userId: string; sessionId?: string | null }) {
  await findUser(c.tx, input.userId);
  const revoked = await repo.revokeSessions(c.tx, { userId: input.userId, sessionId: input.sessionId ?? null });
  return {
    target: { type: 'user', id: input.userId },
    before: { sessionId: input.sessionId ?? 'all' },
    after: { revoked },
    result: { revoked },
  };
}

/**
 * Deletes an account the way its owner would (closeAccount: Stripe canceled first, then the
 * row and everything it owns). Admin accounts are refused: remove the flag first.
 */
export async function deleteUser(c: AdminChangeContext, input: { userId: string }) {
  const user = await findUser(c.tx, input.userId);
  if (user.id === c.admin.user.id)
    throw new AppError('BAD_REQUEST', 'You cannot delete your own account from the console.', {
      reason: 'own_account',
    });
  if (user.isAdmin)
    throw new AppError('CONFLICT', 'This account is an admin: remove the admin flag before deleting it.', {
      reason: 'user_is_admin',
    });
  await closeAccount(c.deps, { userId: user.id, confirm: true });
  return {
    target: { type: 'user', id: user.id },
    before: {
      email: user.email,
      phone: user.phone,
      planType: user.planType,
      billingStatus: user.billingStatus,
      stripeCustomerId: user.stripeCustomerId,
    },
    after: null,
    result: { deleted: true as const },
  };
}
