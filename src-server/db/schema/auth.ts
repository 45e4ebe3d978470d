import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, primaryKey, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sessions, users } from './users';

/**
 * SMS login codes. Only a digest bound to the identifier is stored; a newer code for the same
 * identifier supersedes older ones, and `attempts` kills a code after too many wrong guesses.
 */
export const loginCodes = pgTable(
  'login_codes',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    /** E.164 phone the code was sent to. */
    identifier: text('identifier').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: smallint('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Set when used, superseded or killed; a code with this set is never accepted again. */
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    ip: text('ip'),
  },
  (t) => [index('login_codes_identifier_idx').on(t.identifier, t.createdAt.desc())],
);

/** Single-use emailed links: 'login' (sign in) and 'verify_email' (confirm a contact). */
export const emailTokens = pgTable(
  'email_tokens',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    tokenHash: text('token_hash').notNull().unique(),
    purpose: text('purpose').notNull(),
    email: text('email').notNull(),
    /** verify_email: whose contact this confirms. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** login: the session that asked, whose anonymous watchlist is merged on sign-in. */
    sessionId: uuid('session_id').references(() => sessions.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [index('email_tokens_user_idx').on(t.userId)],
);

/** A text asking the number to reply YES; the newest live one decides which user it verifies. */
export const smsVerifications = pgTable(
  'sms_verifications',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    phone: text('phone').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [
    index('sms_verifications_phone_idx').on(t.phone, t.createdAt.desc()),
    index('sms_verifications_user_idx').on(t.userId),
  ],
);

/**
 * Numbers that replied STOP (or a synonym): no SMS of any kind goes to them until START/YES.
 * Kept per number, not per user, and kept when an account is deleted.
 */
export const smsOptOuts = pgTable('sms_opt_outs', {
  phone: text('phone').primaryKey(),
  keyword: text('keyword').notNull(),
  optedOutAt: timestamp('opted_out_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Twilio inbound messages already handled, by MessageSid: a replayed webhook (same signed
 * request sent again) is refused instead of acting twice. Pruned after 30 days.
 */
export const inboundSmsSeen = pgTable('inbound_sms_seen', {
  messageSid: text('message_sid').primaryKey(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Sliding-window counters (login sends per identifier and per IP, verification attempts...). */
export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    bucket: text('bucket').notNull(),
    key: text('key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('rate_limit_hits_lookup_idx').on(t.bucket, t.key, t.createdAt)],
);

/**
 * Hits per minute for budgets counted in the thousands an hour (the cluster's SMS_HOURLY_BUDGET):
 * a rolling window is the sum of at most window/60 + 1 rows, where rate_limit_hits would count one
 * row per hit (10,000 rows read for each text of a 10,000-text burst, under the budget's lock).
 */
export const rateLimitMinutes = pgTable(
  'rate_limit_minutes',
  {
    bucket: text('bucket').notNull(),
    key: text('key').notNull(),
    minute: timestamp('minute', { withTimezone: true }).notNull(),
    hits: integer('hits').notNull(),
  },
  (t) => [primaryKey({ columns: [t.bucket, t.key, t.minute] })],
);
