import {
  bigint,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

/**
 * One row per EDGAR accession. Scored on ingest: importance, the rule hits (reasons) and the
 * generated text. Times: accepted (EDGAR), detected (our poller saw it), stored (committed here).
 */
export const filings = pgTable(
  'filings',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    accessionNo: text('accession_no').notNull().unique(),
    formType: text('form_type').notNull(),
    /** The company the filing is about (issuer for 3/4/5, subject company for 13D/G). */
    cik: integer('cik'),
    ticker: text('ticker'),
    companyName: text('company_name'),
    /** Who filed it (reporting owner, 13D filer) when that is not the company. */
    filerCik: integer('filer_cik'),
    filedAt: timestamp('filed_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    periodOfReport: date('period_of_report'),
    items: text('items').array(),
    importance: text('importance').notNull(),
    importanceRank: smallint('importance_rank').notNull(),
    /** Plain-words rule hits that produced the importance. */
    reasons: jsonb('reasons').$type<string[]>().notNull(),
    oneLiner: text('one_liner').notNull(),
    summaryText: text('summary_text'),
    /** SPEC.md insider_data: executiveName, executiveTitle, insiderCik, isDisposition, sharesTraded. */
    insiderData: jsonb('insider_data'),
    insiderCik: text('insider_cik'),
    executiveNames: text('executive_names').array(),
    /** Full parsed detail per form family. */
    details: jsonb('details'),
    primaryDocUrl: text('primary_doc_url'),
    indexUrl: text('index_url'),
    amendsAccessionNo: text('amends_accession_no'),
    amendsFilingId: bigint('amends_filing_id', { mode: 'number' }),
    detectedAt: timestamp('detected_at', { withTimezone: true }),
    storedAt: timestamp('stored_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('filings_ticker_filed_idx').on(t.ticker, t.filedAt.desc(), t.id.desc()),
    index('filings_ticker_stored_idx').on(t.ticker, t.storedAt),
    index('filings_cik_idx').on(t.cik),
    // Watchlists match filings by issuer CIK (GOOG and GOOGL share one), newest first.
    index('filings_cik_filed_idx').on(t.cik, t.filedAt.desc(), t.id.desc()),
  ],
);

export type FilingRow = typeof filings.$inferSelect;
