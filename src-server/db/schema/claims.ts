import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Short claims on a piece of work across processes (one model call per filing, one Stripe sync
 * per customer): taken by a row insert before the network call, deleted after it, so nothing holds
 * a lock or a transaction while waiting on the network. A claim older than its holder's stale
 * limit may be taken over (a crashed holder).
 */
export const workClaims = pgTable('work_claims', {
  key: text('key').primaryKey(),
  /** A random id of the holder, so a holder that was taken over never deletes the new claim. */
  holder: text('holder').notNull(),
  claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull().defaultNow(),
});
