import { bigint, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Web push subscriptions (issue #31): one row per browser (PushSubscription) a user turned push on
 * in. The endpoint is the push service's capability URL for that browser, unique across users: a
 * second account cannot take over a browser another account subscribed (it gets a fresh one).
 * Removed when the push service answers 404/410 (expired) or the user turns it off.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** https URL of the push service (RFC 8030 push resource); checked against private addresses. */
    endpoint: text('endpoint').notNull().unique(),
    /** The browser's P-256 public key and auth secret (base64url), RFC 8291. */
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    /** A short label for the settings list ("Chrome on Android"), from the subscribing request. */
    label: text('label').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The last time its push service accepted (201) a message for it. */
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }),
  },
  (t) => [index('push_subscriptions_user_idx').on(t.userId)],
);

export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;
