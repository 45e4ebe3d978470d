import { and, eq, isNull, sql } from 'drizzle-orm';
import { CHANNELS } from '../../db/channels';
import type { Db } from '../../db/client';
import { billingNotices, stripeEvents, users } from '../../db/schema';
import type { Entitlement } from './entitlement';

export type BillingUserRow = typeof users.$inferSelect;

export async function findUser(
  db: Db,
  params: { userId: string; lock?: boolean },
): Promise<BillingUserRow | undefined> {
  const query = db.select().from(users).where(eq(users.id, params.userId)).limit(1);
  const [row] = params.lock ? await query.for('update') : await query;
  return row;
}

export async function findUserByCustomer(
  db: Db,
  params: { customerId: string; lock?: boolean },
): Promise<BillingUserRow | undefined> {
  const query = db.select().from(users).where(eq(users.stripeCustomerId, params.customerId)).limit(1);
  const [row] = params.lock ? await query.for('update') : await query;
  return row;
}

/** Binds a Stripe customer to a user that has none yet; false when the user already has another. */
export async function bindCustomer(db: Db, params: { userId: string; customerId: string }): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ stripeCustomerId: params.customerId, updatedAt: sql`now()` })
    .where(and(eq(users.id, params.userId), isNull(users.stripeCustomerId)))
    .returning({ id: users.id });
  return rows.length > 0;
}

export async function unbindCustomer(db: Db, params: { customerId: string }): Promise<void> {
  await db
    .update(users)
    .set({ stripeCustomerId: null, updatedAt: sql`now()` })
    .where(eq(users.stripeCustomerId, params.customerId));
}

/** Serialises everything that reads Stripe and writes one customer's entitlement (until commit). */
export async function writeEntitlement(
  db: Db,
  params: { userId: string; entitlement: Entitlement },
): Promise<BillingUserRow> {
  const e = params.entitlement;
  const [row] = await db
    .update(users)
    .set({
      stripeSubscriptionId: e.subscriptionId,
      billingStatus: e.billingStatus,
      planType: e.planType,
      planStatus: e.planStatus,
      addonPacks: e.addonPacks,
      planPeriodEnd: e.planPeriodEnd,
      planCancelAt: e.planCancelAt,
      pendingAddonPacks: e.pendingAddonPacks,
      pendingUpdateExpiresAt: e.pendingUpdateExpiresAt,
      billingActionUrl: e.billingActionUrl,
      billingSyncedAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(eq(users.id, params.userId))
    .returning();
  return row!;
}

/** Open dashboards and settings of this user learn of the change at commit (plan hub). */
export async function notifyPlanChanged(db: Db, params: { userId: string }): Promise<void> {
  await db.execute(sql`select pg_notify(${CHANNELS.planChanged.name}, ${params.userId})`);
}

// ---- webhook events ---------------------------------------------------------------------

export interface EventInsert {
  id: string;
  type: string;
  created: Date;
  livemode: boolean;
  customerId: string | null;
  payload: unknown;
}

/** Records an event once; false when its id was already recorded (a redelivery). */
export async function recordEvent(db: Db, event: EventInsert): Promise<boolean> {
  const rows = await db
    .insert(stripeEvents)
    .values({ ...event, payload: event.payload as object })
    .onConflictDoNothing({ target: stripeEvents.id })
    .returning({ id: stripeEvents.id });
  return rows.length > 0;
}

export async function loadEvent(db: Db, params: { id: string }) {
  const [row] = await db.select().from(stripeEvents).where(eq(stripeEvents.id, params.id)).limit(1);
  return row;
}

export async function markEventProcessed(db: Db, params: { id: string }): Promise<void> {
  await db
    .update(stripeEvents)
    .set({ processedAt: sql`now()`, attempts: sql`${stripeEvents.attempts} + 1`, lastError: null })
    .where(eq(stripeEvents.id, params.id));
}

export async function markEventFailed(db: Db, params: { id: string; error: string }): Promise<void> {
  await db
    .update(stripeEvents)
    .set({ attempts: sql`${stripeEvents.attempts} + 1`, lastError: params.error.slice(0, 500) })
    .where(eq(stripeEvents.id, params.id));
}

export async function knownEventIds(db: Db, params: { ids: string[] }): Promise<Set<string>> {
  if (params.ids.length === 0) return new Set();
  const rows = await db.execute<{ id: string }>(
    sql`select id from stripe_events where id = any(${sql.param(params.ids)}::text[])`,
  );
  return new Set(rows.map((r) => r.id));
}

// ---- notices ----------------------------------------------------------------------------

/** A billing email to send once; null when its key was already used. */
export async function insertNotice(
  db: Db,
  params: { userId: string; kind: string; dedupeKey: string; details: Record<string, unknown> },
): Promise<number | null> {
  const rows = await db
    .insert(billingNotices)
    .values(params)
    .onConflictDoNothing({ target: billingNotices.dedupeKey })
    .returning({ id: billingNotices.id });
  return rows[0]?.id ?? null;
}

export async function loadNotice(db: Db, params: { id: number }) {
  const [row] = await db.select().from(billingNotices).where(eq(billingNotices.id, params.id)).limit(1);
  return row;
}

export async function finishNotice(db: Db, params: { id: number; skippedReason?: string }): Promise<void> {
  await db
    .update(billingNotices)
    .set(params.skippedReason ? { skippedReason: params.skippedReason } : { sentAt: sql`now()` })
    .where(eq(billingNotices.id, params.id));
}

// ---- reconciliation ---------------------------------------------------------------------

/**
 * Customers to re-read from Stripe: never synced, or paying (or mid-dunning, or scheduled to
 * end) and last synced more than `staleHours` ago. Free customers with nothing pending are left.
 */
export async function customersToReconcile(db: Db, params: { staleHours: number; limit: number }): Promise<string[]> {
  const rows = await db.execute<{ customer: string }>(sql`
    select stripe_customer_id as customer from users
    where stripe_customer_id is not null
      and (billing_synced_at is null
        or (billing_synced_at < now() - make_interval(hours => ${params.staleHours})
            and billing_status not in ('none', 'canceled', 'incomplete_expired')))
    order by billing_synced_at nulls first
    limit ${params.limit}`);
  return rows.map((r) => r.customer);
}

export async function countWatchlist(db: Db, params: { userId: string }): Promise<number> {
  const [row] = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from watchlist_items where user_id = ${params.userId}`,
  );
  return row?.n ?? 0;
}
