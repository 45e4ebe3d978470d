import { sql } from 'drizzle-orm';
import { bigint, date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/**
 * Story threads: one row per link between two filings of a company that belong to one story
 * (a Form 144 and the Form 4 that reports that sale, a 13D and its amendments, an NT 10-K and the
 * late 10-K...). `matched` records why (the fields that matched, in words and values); an admin can
 * undo a link (undone_at) and the linker never makes it again. Threads are the connected links.
 */
export const filingLinks = pgTable(
  'filing_links',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    cik: integer('cik').notNull(),
    /** The earlier filing of the pair. */
    fromFilingId: bigint('from_filing_id', { mode: 'number' }).notNull(),
    toFilingId: bigint('to_filing_id', { mode: 'number' }).notNull(),
    /** The rule that made it (domains/threads/thread-rules.ts). */
    kind: text('kind').notNull(),
    /** [{ field, from, to }] plus a sentence: why the two filings were linked. */
    matched: jsonb('matched').$type<{ why: string; fields: { field: string; from: string; to: string }[] }>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    undoneAt: timestamp('undone_at', { withTimezone: true }),
    undoneBy: uuid('undone_by'),
  },
  (t) => [
    uniqueIndex('filing_links_pair_uq').on(t.fromFilingId, t.toFilingId, t.kind),
    index('filing_links_to_idx').on(t.toFilingId),
    index('filing_links_cik_idx').on(t.cik, t.createdAt.desc()).where(sql`${t.undoneAt} is null`),
  ],
);

/**
 * Deadline watch for periodic reports: the report a company owes next (from its last 10-Q/10-K
 * and filer status), when it is due, and what happened: 'open' -> 'filed' or 'overdue' (alerted
 * the morning after the due date) -> 'filed'. One row per company, form and period.
 */
export const reportDeadlines = pgTable(
  'report_deadlines',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    cik: integer('cik').notNull(),
    form: text('form').notNull(),
    periodEnd: date('period_end').notNull(),
    dueOn: date('due_on').notNull(),
    filerStatus: text('filer_status').notNull(),
    /** 'open' | 'overdue' | 'filed' */
    status: text('status').notNull().default('open'),
    /** The NT notice that extended it, and the report that closed it. */
    noticeFilingId: bigint('notice_filing_id', { mode: 'number' }),
    reportFilingId: bigint('report_filing_id', { mode: 'number' }),
    overdueAt: timestamp('overdue_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('report_deadlines_period_uq').on(t.cik, t.form, t.periodEnd),
    index('report_deadlines_open_idx').on(t.dueOn).where(sql`${t.status} = 'open'`),
  ],
);

export type FilingLinkRow = typeof filingLinks.$inferSelect;

/** "10-Q overdue" emails: one per deadline and watcher (the key `overdue:<deadline>:<user>` makes a resend a no-op). */
export const deadlineNotices = pgTable(
  'deadline_notices',
  {
    deadlineId: bigint('deadline_id', { mode: 'number' }).notNull(),
    userId: uuid('user_id').notNull(),
    providerMessageId: text('provider_message_id'),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('deadline_notices_uq').on(t.deadlineId, t.userId)],
);
