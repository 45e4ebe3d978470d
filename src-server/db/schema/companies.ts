import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** An SEC registrant, keyed by CIK. Sector and industry derive from the SIC code. */
export const companies = pgTable('companies', {
  cik: integer('cik').primaryKey(),
  name: text('name').notNull(),
  sic: text('sic'),
  sicDescription: text('sic_description'),
  sector: text('sector'),
  industry: text('industry'),
  exchange: text('exchange'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The ticker catalogue from SEC's company_tickers.json (one CIK may have several tickers). */
export const tickers = pgTable(
  'tickers',
  {
    ticker: text('ticker').primaryKey(),
    cik: integer('cik').notNull(),
    name: text('name').notNull(),
    exchange: text('exchange'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('tickers_cik_idx').on(t.cik)],
);
