import { sql } from 'drizzle-orm';
import { bigint, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The development outbox: email and SMS "sent" without SMTP_URL / Twilio settings land here and
 * are listed at /dev/outbox. In the database, so messages sent by a separate worker process
 * show up too, and a repeated idempotency key returns the first message instead of a copy.
 */
export const devOutbox = pgTable(
  'dev_outbox',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    channel: text('channel').notNull(),
    to: text('to').notNull(),
    from: text('from'),
    subject: text('subject'),
    body: text('body').notNull(),
    html: text('html'),
    headers: jsonb('headers').$type<Record<string, string>>().notNull().default(sql`'{}'::jsonb`),
    idempotencyKey: text('idempotency_key').unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('dev_outbox_created_idx').on(t.createdAt.desc())],
);
