import { bigint, doublePrecision, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Last known market quote per ticker, shared by all users. Rows older than the freshness window
 * are refreshed in the background; a missing row means the fields read as null.
 */
export const quotes = pgTable('quotes', {
  ticker: text('ticker').primaryKey(),
  price: doublePrecision('price'),
  /** Percent, e.g. 1.27 for +1.27 %. */
  changePercent: doublePrecision('change_percent'),
  marketCap: doublePrecision('market_cap'),
  peRatio: doublePrecision('pe_ratio'),
  eps: doublePrecision('eps'),
  /** Percent, e.g. 0.41 for 0.41 %. */
  dividendYield: doublePrecision('dividend_yield'),
  volume: bigint('volume', { mode: 'number' }),
  avgVolume: bigint('avg_volume', { mode: 'number' }),
  week52Low: doublePrecision('week_52_low'),
  week52High: doublePrecision('week_52_high'),
  currency: text('currency'),
  /** The exchange's time of the regular-market price. */
  marketTime: timestamp('market_time', { withTimezone: true }),
  source: text('source').notNull(),
  fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull().defaultNow(),
});

export type QuoteRow = typeof quotes.$inferSelect;
