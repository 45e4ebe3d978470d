import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users';

/** A chat with the filing assistant; kept 30 days after its last message, deleted with the account. */
export const assistantConversations = pgTable(
  'assistant_conversations',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('assistant_conversations_user_idx').on(t.userId, t.updatedAt.desc()),
    index('assistant_conversations_updated_idx').on(t.updatedAt),
  ],
);

/** One question and the answer contract returned for it (text, facts, citations, tier...). */
export const assistantMessages = pgTable(
  'assistant_messages',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => assistantConversations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    question: text('question').notNull(),
    answer: jsonb('answer').notNull(),
    tier: smallint('tier').notNull(),
    intent: text('intent').notNull(),
    degraded: text('degraded'),
    latencyMs: integer('latency_ms'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('assistant_messages_conversation_idx').on(t.conversationId, t.id)],
);

/** Thumbs up/down (and a comment) on one assistant answer; read by /admin/ai-feedback. */
export const assistantFeedback = pgTable(
  'assistant_feedback',
  {
    messageId: bigint('message_id', { mode: 'number' })
      .primaryKey()
      .references(() => assistantMessages.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    vote: smallint('vote').notNull(),
    comment: text('comment'),
    /** When an admin marked it reviewed on /admin/ai-feedback (null: waiting for review). */
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    reviewedBy: uuid('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('assistant_feedback_updated_idx').on(t.updatedAt.desc()),
    check('assistant_feedback_vote', sql`${t.vote} in (-1, 1)`),
  ],
);

/** Language-model calls per user and New York day: one budget for the assistant and PRO AI analysis. */
export const llmUsage = pgTable(
  'llm_usage',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    calls: integer('calls').notNull().default(0),
    tokens: integer('tokens').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] }), index('llm_usage_day_idx').on(t.day)],
);
