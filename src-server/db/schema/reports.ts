import { date, doublePrecision, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { ReportDiff, ReportSectionId } from '#shared/report-diff';

/** A stored section of a report: what is compared, so a report is fetched from EDGAR once. */
export interface StoredSection {
  id: ReportSectionId;
  item: string;
  start: number;
  end: number;
  body: string;
  /** The heading's link target in the document (sec.gov URL + '#' + anchor). */
  anchor?: string | null;
}

export interface StoredRiskFactor {
  heading: string;
  category: string | null;
  body: string;
}

/**
 * The compared sections of a 10-K or 10-Q (edgar-model/sections), one row per accession. Written
 * when the report is read for a diff, either as the new report or as its comparable; the next
 * year's report then compares with this row instead of fetching the document again.
 */
export const reportSections = pgTable(
  'report_sections',
  {
    accessionNo: text('accession_no').primaryKey(),
    cik: integer('cik').notNull(),
    /** '10-K' or '10-Q' (the kind; the filed form type may be 10-K405, 10-KT...). */
    kind: text('kind').notNull(),
    formType: text('form_type').notNull(),
    periodOfReport: date('period_of_report'),
    filedDate: date('filed_date'),
    /** The primary document on sec.gov (links to sections point into it). */
    documentUrl: text('document_url'),
    sections: jsonb('sections').$type<StoredSection[]>().notNull(),
    riskFactors: jsonb('risk_factors').$type<StoredRiskFactor[]>().notNull(),
    storedAt: timestamp('stored_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('report_sections_cik_kind_period_idx').on(t.cik, t.kind, t.periodOfReport)],
);

/**
 * A report compared with its comparable one (the previous 10-K; for a 10-Q the same quarter a year
 * earlier), one row per newer accession: the measures per section and the risk factors added and
 * removed. Shown on filing cards and ticker pages; it raises the report's importance when Risk
 * Factors or Legal Proceedings changed much more than the company's usual change.
 */
export const reportDiffs = pgTable(
  'report_diffs',
  {
    accessionNo: text('accession_no').primaryKey(),
    priorAccessionNo: text('prior_accession_no').notNull(),
    cik: integer('cik').notNull(),
    kind: text('kind').notNull(),
    periodOfReport: date('period_of_report'),
    priorPeriodOfReport: date('prior_period_of_report'),
    filedDate: date('filed_date'),
    priorFiledDate: date('prior_filed_date'),
    documentUrl: text('document_url'),
    priorDocumentUrl: text('prior_document_url'),
    diff: jsonb('diff').$type<ReportDiff>().notNull(),
    /** Risk Factors' rewritten share (0-1), kept apart for the company's usual change and the history. */
    riskFactorsRewritten: doublePrecision('risk_factors_rewritten'),
    legalRewritten: doublePrecision('legal_rewritten'),
    computedAt: timestamp('computed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('report_diffs_cik_period_idx').on(t.cik, t.periodOfReport)],
);
