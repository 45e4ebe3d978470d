import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users';

export const watchlistItems = pgTable(
  'watchlist_items',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ticker: text('ticker').notNull(),
    /** Followed form types, catalogue values ('8-K', '4', 'NEW_LISTINGS', ...). */
    forms: text('forms').array().notNull().default(sql`'{}'::text[]`),
    notes: text('notes'),
    /** Filings stored after this instant are unseen; opening the ticker moves it to now(). */
    seenAt: timestamp('seen_at', { withTimezone: true }),
    /**
     * Set while the item is over the user's ticker limit (after a downgrade): kept, shown greyed,
     * no alerts and no live events, until the limit makes room again (oldest items first).
     */
    pausedAt: timestamp('paused_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('watchlist_items_user_ticker_uq').on(t.userId, t.ticker),
    index('watchlist_items_ticker_idx').on(t.ticker),
  ],
);

/** Dashboard preferences of SPEC.md section 3, one row per user. */
export const preferences = pgTable('preferences', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  viewMode: text('view_mode').notNull().default('cards'),
  sortField: text('sort_field').notNull().default('latest_filing'),
  sortDirection: text('sort_direction').notNull().default('desc'),
  /** { sector?, industry?, alertLevel?, formTypes? } */
  filters: jsonb('filters').notNull().default(sql`'{}'::jsonb`),
  showAllFilings: boolean('show_all_filings').notNull().default(false),
  tradingPlatformUrl: text('trading_platform_url'),
  /** 'system' (follows prefers-color-scheme), 'light' or 'dark'. */
  theme: text('theme').notNull().default('system'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export type WatchlistItemRow = typeof watchlistItems.$inferSelect;

/**
 * A change counter per issuer CIK, bumped by triggers on `filings` (insert, update, delete). Each
 * app process caches per-company filing digests and revalidates them with one primary-key lookup
 * per watched company, so reading a 50-ticker watchlist does not re-read 50 companies' filings.
 */
export const filingCikVersions = pgTable('filing_cik_versions', {
  cik: integer('cik').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull().default(1),
  changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One change counter per ticker over the shared data a watchlist response shows for it (its
 * quote, its company's filings version and profile, its catalogue row), bumped by statement-level
 * triggers in the writing transaction (migration watchlist_ticker_stamps). A user's watchlist is
 * current while the sum over the user's tickers is unchanged: a filing or quote of one company
 * invalidates only its watchers' cached responses (decision 283; until then one global counter,
 * bumped by every write, sent every read to the full fingerprint).
 */
export const watchlistTickerStamps = pgTable('watchlist_ticker_stamps', {
  ticker: text('ticker').primaryKey(),
  changes: bigint('changes', { mode: 'number' }).notNull().default(0),
});

/**
 * 16 global counters (stripes), bumped by statement-level triggers on the same tables in the
 * writing transaction (migration watchlist_global_stamps). Their sum is the cheap part of every
 * cached watchlist read: while it stands still, nothing any watchlist shows has changed; when it
 * moves, the per-ticker sum above says whether this user's tickers were among the writes
 * (decision 335).
 */
export const watchlistChangeStamps = pgTable('watchlist_change_stamps', {
  stripe: smallint('stripe').primaryKey(),
  changes: bigint('changes', { mode: 'number' }).notNull().default(0),
});

/**
 * One counter per user, bumped by statement-level triggers on watchlist_items (insert, update,
 * delete, truncate) in the writing transaction, whatever wrote the rows. Read with every session
 * lookup as the items part of the watchlist's fast fingerprint: one primary-key probe instead of
 * aggregating the user's item rows. A user without a row has never had a watched item written.
 */
export const watchlistUserStamps = pgTable('watchlist_user_stamps', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  stamp: bigint('stamp', { mode: 'number' }).notNull().default(0),
});
