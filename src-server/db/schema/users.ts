import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/**
 * A user row exists from the first visit: an anonymous visitor is a user without a verified contact.
 * Signing in with a new identifier turns that row into the account; signing in to an existing
 * account merges the anonymous watchlist into it and removes the anonymous row.
 */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    /**
     * Lower-cased. Unique only once verified: an unverified address proves nothing, so typing
     * someone else's address can neither block nor claim their account.
     */
    email: text('email'),
    /** E.164 (+12025550143); unique once verified, like email. */
    phone: text('phone'),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    phoneVerifiedAt: timestamp('phone_verified_at', { withTimezone: true }),
    /** Channels the user asked alerts on: 'email', 'sms'. */
    notifyVia: text('notify_via').array().notNull().default(sql`'{}'::text[]`),
    isAdmin: boolean('is_admin').notNull().default(false),
    planType: text('plan_type').notNull().default('free'),
    planStatus: text('plan_status').notNull().default('inactive'),
    /** Set by an admin; overrides the plan's limit. */
    tickerLimitOverride: integer('ticker_limit_override'),
    /** PRO granted by an admin until this time (no Stripe subscription involved); core/plans.ts isPro. */
    compProUntil: timestamp('comp_pro_until', { withTimezone: true }),
    /** Set by an admin: no new alerts are made for this user until cleared (support, abuse, bounces). */
    alertsPausedAt: timestamp('alerts_paused_at', { withTimezone: true }),
    /** Paid +20 ticker packs: the add-on quantity Stripe has applied (paid), not one awaiting payment. */
    addonPacks: integer('addon_packs').notNull().default(0),
    /**
     * Billing, written only by the billing sync from Stripe's current subscription (never from a
     * redirect or an event body): plan_type/plan_status above follow billing_status.
     * The Stripe customer is created once, before the first checkout.
     */
    stripeCustomerId: text('stripe_customer_id'),
    stripeSubscriptionId: text('stripe_subscription_id'),
    /** Stripe's subscription status ('none' without one): past_due keeps PRO with a billing issue. */
    billingStatus: text('billing_status').notNull().default('none'),
    /** End of the paid period (latest item period end). */
    planPeriodEnd: timestamp('plan_period_end', { withTimezone: true }),
    /** When the subscription is scheduled to end (cancel at period end, or cancel_at); null: renews. */
    planCancelAt: timestamp('plan_cancel_at', { withTimezone: true }),
    /** An add-on change awaiting payment (Stripe's pending_update): the packs asked for, and until when. */
    pendingAddonPacks: integer('pending_addon_packs'),
    pendingUpdateExpiresAt: timestamp('pending_update_expires_at', { withTimezone: true }),
    /** Stripe's hosted page for an invoice that needs the customer (authentication, a failed add-on payment). */
    billingActionUrl: text('billing_action_url'),
    billingSyncedAt: timestamp('billing_synced_at', { withTimezone: true }),
    /** The brand the user arrived on (8k, form4, allfilings). */
    brand: text('brand').notNull().default('8k'),
    /** IANA zone for the digest hour and quiet hours. */
    timeZone: text('time_zone').notNull().default('America/New_York'),
    /** The person picked timeZone in settings; until then the browser's zone replaces the default (issue 28). */
    timeZoneChosen: boolean('time_zone_chosen').notNull().default(false),
    /** Free users get a daily digest email at digestHour (0-23, local time) when this is on. */
    digestEnabled: boolean('digest_enabled').notNull().default(true),
    digestHour: smallint('digest_hour').notNull().default(8),
    /**
     * Local minutes since midnight; both null means no quiet hours. start > end wraps midnight.
     * Real-time email/SMS alerts falling inside are held until the quiet period ends.
     */
    quietStartMinute: smallint('quiet_start_minute'),
    quietEndMinute: smallint('quiet_end_minute'),
    /** Minimum importance rank (core/importance.ts: LOW 1 ... CRITICAL 4) per channel. */
    // New accounts: email in real time from HIGH, texts only for CRITICAL (migrations 0019-0020 changed
    // the defaults only: rows that existed keep the values they had).
    alertMinRankEmail: smallint('alert_min_rank_email').notNull().default(3),
    alertMinRankSms: smallint('alert_min_rank_sms').notNull().default(4),
    /** Web push (issue #31): like email, real time from HIGH. */
    alertMinRankPush: smallint('alert_min_rank_push').notNull().default(3),
    /**
     * Filings below the real-time email threshold go to the daily digest (PRO too). New accounts:
     * on; accounts that existed before routing defaults: off, so nothing changes for them.
     */
    digestBelowThreshold: boolean('digest_below_threshold').notNull().default(true),
    /**
     * Pre-market brief: non-CRITICAL real-time emails of filings accepted between the close and
     * 09:30 ET wait for one email at briefMinute (New York wall clock, minutes since midnight).
     */
    briefEnabled: boolean('brief_enabled').notNull().default(true),
    briefMinute: smallint('brief_minute').notNull().default(480),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_verified_email_uq').on(t.email).where(sql`${t.emailVerifiedAt} is not null`),
    uniqueIndex('users_verified_phone_uq').on(t.phone).where(sql`${t.phoneVerifiedAt} is not null`),
    index('users_email_idx').on(t.email),
    index('users_phone_idx').on(t.phone),
    uniqueIndex('users_stripe_customer_uq').on(t.stripeCustomerId),
  ],
);

/** Opaque bearer sessions; only a hash of the token is stored. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    /** 'user' for the app, 'admin' for the admin area's bearer credential. */
    kind: text('kind').notNull().default('user'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);
