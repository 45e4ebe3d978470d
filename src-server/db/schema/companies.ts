import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';

/** An SEC registrant, keyed by CIK. Sector and industry derive from the SIC code. */
export const companies = pgTable('companies', {
  cik: integer('cik').primaryKey(),
  name: text('name').notNull(),
  /**
   * The name as the company writes it on its latest stored 8-K, 10-K or 10-Q cover ("FedEx Corporation" for SEC's
   * "FEDEX CORP"); null until one is stored. Pages show it before `name`.
   */
  displayName: text('display_name'),
  /** When the filing that gave `displayName` was filed: an older filing stored later (a backfill) never replaces it. */
  displayNameAt: timestamp('display_name_at', { withTimezone: true }),
  sic: text('sic'),
  sicDescription: text('sic_description'),
  sector: text('sector'),
  industry: text('industry'),
  exchange: text('exchange'),
  /** EDGAR's filer category ('Large accelerated filer', ...): when its 10-Q/10-K are due. */
  filerCategory: text('filer_category'),
  /** Fiscal year end as EDGAR gives it (MMDD, '0930'). */
  fiscalYearEnd: text('fiscal_year_end'),
  /** Set when the EDGAR submissions profile (SIC, exchange) was stored; null = not backfilled yet. */
  profileFetchedAt: timestamp('profile_fetched_at', { withTimezone: true }),
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
    /** Position in SEC's file, which lists the largest companies first: ranks name matches. */
    rank: integer('rank'),
    /** False once a full catalogue load no longer lists the ticker (kept: watchlists may hold it). */
    active: boolean('active').notNull().default(true),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('tickers_cik_idx').on(t.cik)],
);

/** Which catalogue file is loaded: the shipped copy or a later SEC download (one row). */
export const tickerCatalogueState = pgTable(
  'ticker_catalogue_state',
  {
    id: smallint('id').primaryKey().default(1),
    /** 'shipped' or the URL it was downloaded from. */
    source: text('source').notNull(),
    /** When SEC published the loaded file (shipped copy: its download date; refresh: fetch time). */
    asOf: timestamp('as_of', { withTimezone: true }).notNull(),
    sha256: text('sha256').notNull(),
    entries: integer('entries').notNull(),
    loadedAt: timestamp('loaded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('ticker_catalogue_state_single_row', sql`${t.id} = 1`)],
);
