import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Every Stripe webhook event accepted (signature checked), recorded once by its id: a redelivered
 * or concurrently delivered event finds its row and is not processed again. The payload is kept
 * for the job that handles it; the job only uses it to find the customer and then reads Stripe.
 */
export const stripeEvents = pgTable(
  'stripe_events',
  {
    id: text('id').primaryKey(),
    type: text('type').notNull(),
    /** The event's own creation time at Stripe. */
    created: timestamp('created', { withTimezone: true }).notNull(),
    livemode: boolean('livemode').notNull(),
    customerId: text('customer_id'),
    payload: jsonb('payload').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
  },
  (t) => [index('stripe_events_unprocessed_idx').on(t.receivedAt).where(sql`${t.processedAt} is null`)],
);

/**
 * Billing emails, one row per reason to write (payment failed for an invoice attempt, action
 * required, cancellation scheduled, add-on change): the unique key makes a redelivered event or a
 * repeated sync write nothing twice, and the row id is the email's idempotency key.
 */
export const billingNotices = pgTable(
  'billing_notices',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    dedupeKey: text('dedupe_key').notNull().unique(),
    /** What the email says: dates, amounts, links. */
    details: jsonb('details').notNull().default(sql`'{}'::jsonb`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** Why nothing went out (no verified email, ...). */
    skippedReason: text('skipped_reason'),
  },
  (t) => [index('billing_notices_user_idx').on(t.userId)],
);
