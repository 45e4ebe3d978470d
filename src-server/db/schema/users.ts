import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * A user row exists from the first visit: an anonymous visitor is a user without contacts.
 * On login the anonymous user's watchlist is merged into the account and the anonymous row removed.
 */
export const users = pgTable('users', {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  /** Lower-cased; unique among accounts. */
  email: text('email').unique(),
  /** E.164 (+15551234567); unique among accounts. */
  phone: text('phone').unique(),
  emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
  phoneVerifiedAt: timestamp('phone_verified_at', { withTimezone: true }),
  /** Channels the user asked alerts on: 'email', 'sms'. */
  notifyVia: text('notify_via').array().notNull().default(sql`'{}'::text[]`),
  isAdmin: boolean('is_admin').notNull().default(false),
  planType: text('plan_type').notNull().default('free'),
  planStatus: text('plan_status').notNull().default('inactive'),
  /** Set by an admin; overrides the plan's limit. */
  tickerLimitOverride: integer('ticker_limit_override'),
  /** Paid +20 ticker packs. */
  addonPacks: integer('addon_packs').notNull().default(0),
  /** The brand the user arrived on (8k, form4, allfilings). */
  brand: text('brand').notNull().default('8k'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

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
