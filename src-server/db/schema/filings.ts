import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
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
    /**
     * Receipt: the last moment one of our feed polls covered this filing's place in EDGAR's
     * latest-filings feed without listing it (so it was listed between this and detected_at).
     * Null when not known (found by another layer, or first seen on a cold start).
     */
    feedListedAfter: timestamp('feed_listed_after', { withTimezone: true }),
    /**
     * Which detection layer saw it first: 'feed' (page-1 poll), 'feed_deep' (deeper pages, the
     * 06:00 sweep), 'efts' (full-text index sweep), 'submissions' / 'daily_index' (nightly
     * reconciliation), 'backfill', 'manual'.
     */
    detectedVia: text('detected_via'),
    storedAt: timestamp('stored_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** The SPEC.md catalogue entry ('8-K', '4', 'NEW_LISTINGS', ...) the EDGAR form belongs to; null if untracked. */
    catalogueForm: text('catalogue_form'),
    /** The parse could not read everything the form should carry (UI: '(incomplete data)'). */
    dataIncomplete: boolean('data_incomplete').notNull().default(false),
    /** How we learned of it: 'feed' (live Atom poll), 'backfill' (submissions JSON), 'replay', 'manual'. */
    source: text('source'),
    /**
     * An admin reviewed the importance by hand (users see it marked "reviewed"): importance holds
     * the reviewed level, rules_importance what the rules said (rescoring updates only that).
     */
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    reviewReason: text('review_reason'),
    rulesImportance: text('rules_importance'),
  },
  (t) => [
    index('filings_ticker_filed_idx').on(t.ticker, t.filedAt.desc(), t.id.desc()),
    index('filings_ticker_stored_idx').on(t.ticker, t.storedAt),
    index('filings_cik_idx').on(t.cik),
    // Watchlists match filings by issuer CIK (GOOG and GOOGL share one): the newest per followed
    // catalogue form, and the unseen tail (stored after an item's seen_at).
    index('filings_cik_catalogue_filed_idx').on(t.cik, t.catalogueForm, t.filedAt.desc(), t.id.desc()),
    index('filings_cik_stored_idx').on(t.cik, t.storedAt.desc()),
    index('filings_cik_form_filed_idx').on(t.cik, t.formType, t.filedAt.desc()),
    index('filings_amends_idx').on(t.amendsFilingId),
    // Ticker pages: a company's whole timeline, newest first, paged by (filed_at, id).
    index('filings_cik_filed_idx').on(t.cik, t.filedAt.desc(), t.id.desc()),
    // /latency: live detections in the last 24 h / 7 d.
    index('filings_detected_idx')
      .on(t.detectedAt)
      .where(sql`${t.detectedVia} is not null and ${t.detectedVia} <> 'backfill'`),
  ],
);

/**
 * Form 3/4/5 detail: one row per reporting owner x table row (transactions and holdings), so a
 * joint filing by eight owners yields eight rows per trade. Totals must count a trade once:
 * group by (filing_id, table_kind, row_index).
 */
export const insiderTransactions = pgTable(
  'insider_transactions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    filingId: bigint('filing_id', { mode: 'number' })
      .notNull()
      .references(() => filings.id, { onDelete: 'cascade' }),
    accessionNo: text('accession_no').notNull(),
    formType: text('form_type').notNull(),
    issuerCik: integer('issuer_cik'),
    ticker: text('ticker'),
    /** Position of the owner in the filing (0 = first reporting owner). */
    ownerIndex: smallint('owner_index').notNull(),
    ownerCik: integer('owner_cik'),
    /** As filed ("Musk Elon"); ownerDisplayName is the readable order ("Elon Musk"). */
    ownerName: text('owner_name').notNull(),
    ownerDisplayName: text('owner_display_name').notNull(),
    officerTitle: text('officer_title'),
    isDirector: boolean('is_director').notNull().default(false),
    isOfficer: boolean('is_officer').notNull().default(false),
    isTenPercentOwner: boolean('is_ten_percent_owner').notNull().default(false),
    isOther: boolean('is_other').notNull().default(false),
    otherText: text('other_text'),
    /** 'non_derivative' | 'derivative' */
    tableKind: text('table_kind').notNull(),
    isDerivative: boolean('is_derivative').notNull(),
    /** A holdings line (no transaction: code, date and amounts are null). */
    isHolding: boolean('is_holding').notNull().default(false),
    rowIndex: smallint('row_index').notNull(),
    securityTitle: text('security_title'),
    transactionDate: date('transaction_date'),
    /** SEC transaction code (P, S, A, M, F, G, ...); core/insider-codes.ts has the words. */
    code: text('code'),
    equitySwap: boolean('equity_swap'),
    /** 'A' acquired | 'D' disposed */
    acquiredDisposed: text('acquired_disposed'),
    shares: numeric('shares', { mode: 'number' }),
    pricePerShare: numeric('price_per_share', { mode: 'number' }),
    /** shares x price when both are stated. */
    value: numeric('value', { mode: 'number' }),
    sharesOwnedAfter: numeric('shares_owned_after', { mode: 'number' }),
    /** 'D' direct | 'I' indirect */
    directIndirect: text('direct_indirect'),
    natureOfOwnership: text('nature_of_ownership'),
    /** Under a Rule 10b5-1 plan: the form's checkbox or a footnote attached to this row says so. */
    is10b51: boolean('is_10b5_1').notNull().default(false),
    /** [{ id: 'F1', text }] attached to this row (any field of it). */
    footnotes: jsonb('footnotes').$type<{ id: string; text: string }[]>().notNull().default(sql`'[]'::jsonb`),
    conversionOrExercisePrice: numeric('conversion_or_exercise_price', { mode: 'number' }),
    exerciseDate: date('exercise_date'),
    expirationDate: date('expiration_date'),
    underlyingTitle: text('underlying_title'),
    underlyingShares: numeric('underlying_shares', { mode: 'number' }),
    filedAt: timestamp('filed_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('insider_tx_row_uq').on(t.filingId, t.ownerIndex, t.tableKind, t.isHolding, t.rowIndex),
    index('insider_tx_owner_idx').on(t.ownerCik, t.transactionDate.desc()),
    index('insider_tx_owner_name_idx').on(sql`lower(${t.ownerDisplayName})`),
    // Insider pages also resolve names as filed ("Musk Elon").
    index('insider_tx_owner_filed_name_idx').on(sql`lower(${t.ownerName})`),
    index('insider_tx_issuer_code_date_idx').on(t.issuerCik, t.code, t.transactionDate),
  ],
);

/** PRO AI analysis, generated off the ingest path and cached once per filing. */
export const filingAnalyses = pgTable('filing_analyses', {
  filingId: bigint('filing_id', { mode: 'number' })
    .primaryKey()
    .references(() => filings.id, { onDelete: 'cascade' }),
  model: text('model').notNull(),
  summary: text('summary').notNull(),
  latencyMs: integer('latency_ms'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Companies whose recent filings were fetched from submissions JSON (once per CIK). */
export const edgarBackfills = pgTable('edgar_backfills', {
  cik: integer('cik').primaryKey(),
  /** 'done' | 'failed' */
  status: text('status').notNull(),
  filingsQueued: integer('filings_queued').notNull().default(0),
  error: text('error'),
  completedAt: timestamp('completed_at', { withTimezone: true }).notNull().defaultNow(),
});

export type FilingRow = typeof filings.$inferSelect;
export type InsiderTransactionRow = typeof insiderTransactions.$inferSelect;
