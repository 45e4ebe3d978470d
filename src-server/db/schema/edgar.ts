import { date, integer, pgTable, primaryKey, real, smallint, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The one EDGAR request budget every process shares (SEC counts all of one user's machines):
 * a single row holding the grant times of the last second and the pause a block answer starts.
 */
export const edgarBudget = pgTable('edgar_budget', {
  id: smallint('id').primaryKey(),
  /** Grant instants within the last second, oldest first. */
  recent: timestamp('recent', { withTimezone: true }).array().notNull().default([]),
  /** Nothing is sent before this (a 403 from SEC stops every process for 10 minutes). */
  pausedUntil: timestamp('paused_until', { withTimezone: true }),
  pauseReason: text('pause_reason'),
});

/**
 * Nightly reconciliation: per day and source (EDGAR's daily index, the watched companies'
 * submissions JSON), how many filings it lists, how many we had already detected, and which
 * we had missed (queued then). Recall = detected_before / listed.
 */
export const edgarReconciliations = pgTable(
  'edgar_reconciliations',
  {
    day: date('day').notNull(),
    /** 'daily_index' | 'submissions' */
    source: text('source').notNull(),
    listed: integer('listed').notNull(),
    detectedBefore: integer('detected_before').notNull(),
    missed: text('missed').array().notNull().default([]),
    recall: real('recall'),
    checkedAt: timestamp('checked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.day, t.source] })],
);
