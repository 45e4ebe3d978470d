import { sql } from 'drizzle-orm';
import { index, integer, pgTable, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Personal API tokens for scripts (issue #31): `fa_pat_<random>` presented as
 * `Authorization: Bearer` on /api paths. Only the SHA-256 of the token is stored; `prefix` (the
 * first characters) lets a person tell their tokens apart in the list.
 */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** 'read' (GET and HEAD only) | 'write' */
    scope: text('scope').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    prefix: text('prefix').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** Written at most once a minute (reads stay reads). */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    lastUsedIp: text('last_used_ip'),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('api_tokens_user_idx').on(t.userId)],
);

/**
 * Outbound webhooks (PRO): each is an alert channel of its own, named `hook:<id>` in
 * alerts.channel, so routing, quiet hours, bursts, retries and receipts are the alerts' own.
 * `secret` signs the generic JSON format (Filing-Signature); it must be readable to sign, so it
 * is kept as issued and never returned after creation.
 */
export const webhooks = pgTable(
  'webhooks',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    /** 'json' | 'slack' | 'discord' */
    format: text('format').notNull(),
    secret: text('secret').notNull(),
    /** Importance rank at or above which filings are sent; null follows the user's email threshold. */
    minRank: smallint('min_rank'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Failed deliveries in a row (a success resets it); past the limit the hook is disabled. */
    consecutiveFailures: integer('consecutive_failures').notNull().default(0),
    lastSuccessAt: timestamp('last_success_at', { withTimezone: true }),
    lastFailureAt: timestamp('last_failure_at', { withTimezone: true }),
    /** The last failure as we saw it (status code or network error), never the response body. */
    lastError: text('last_error'),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    disabledReason: text('disabled_reason'),
  },
  (t) => [index('webhooks_user_idx').on(t.userId)],
);

export type ApiTokenRow = typeof apiTokens.$inferSelect;
export type WebhookRow = typeof webhooks.$inferSelect;
