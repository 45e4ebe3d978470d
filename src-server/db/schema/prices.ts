import { bigint, date, doublePrecision, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/** Daily price bars for the ticker page chart; every bar of a ticker comes from one source. */
export const priceBars = pgTable(
  'price_bars',
  {
    ticker: text('ticker').notNull(),
    day: date('day').notNull(),
    open: doublePrecision('open'),
    high: doublePrecision('high'),
    low: doublePrecision('low'),
    close: doublePrecision('close').notNull(),
    volume: bigint('volume', { mode: 'number' }),
  },
  (t) => [primaryKey({ columns: [t.ticker, t.day] })],
);

/**
 * Where a ticker's bars come from. Sources adjust prices differently (split-only, split and
 * dividend, none), so bars are never mixed: loading another source replaces the ticker's bars.
 */
export const priceHistorySources = pgTable('price_history_sources', {
  ticker: text('ticker').primaryKey(),
  /** 'file:<folder>' for a shipped daily file, 'yahoo-chart' for the quote provider. */
  source: text('source').notNull(),
  /** 'split' (split-adjusted close), 'split+dividend', or 'none'. */
  adjustment: text('adjustment').notNull(),
  /** SHA-256 of the loaded file (a file source is reloaded only when it changes). */
  sha256: text('sha256'),
  firstDay: date('first_day'),
  lastDay: date('last_day'),
  bars: integer('bars').notNull().default(0),
  loadedAt: timestamp('loaded_at', { withTimezone: true }).notNull().defaultNow(),
});
