/** SQL of the reports domain: stored report sections and report diffs. */
import { and, asc, desc, eq, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { filedDateUnknownSql } from '../filings/filing-dto';
import { filings, reportDiffs, reportSections } from '../../db/schema';

export type SectionsRow = typeof reportSections.$inferSelect;
export type SectionsInsert = typeof reportSections.$inferInsert;
export type DiffRow = typeof reportDiffs.$inferSelect;
export type DiffInsert = typeof reportDiffs.$inferInsert;

/** Stores a report's sections once (a second read of the same accession changes nothing). */
export async function saveSections(db: Db, row: SectionsInsert): Promise<void> {
  await db.insert(reportSections).values(row).onConflictDoNothing();
}

export async function getSections(db: Db, { accessionNo }: { accessionNo: string }): Promise<SectionsRow | null> {
  const [row] = await db.select().from(reportSections).where(eq(reportSections.accessionNo, accessionNo));
  return row ?? null;
}

/** The company's stored reports of one kind (the candidates for a comparable), without their texts. */
export function storedReports(db: Db, { cik, kind }: { cik: number; kind: string }) {
  return db
    .select({
      accessionNo: reportSections.accessionNo,
      formType: reportSections.formType,
      reportDate: reportSections.periodOfReport,
      filedDate: reportSections.filedDate,
    })
    .from(reportSections)
    .where(and(eq(reportSections.cik, cik), eq(reportSections.kind, kind)));
}

export async function saveDiff(db: Db, row: DiffInsert): Promise<void> {
  await db
    .insert(reportDiffs)
    .values(row)
    .onConflictDoUpdate({
      target: reportDiffs.accessionNo,
      set: {
        priorAccessionNo: row.priorAccessionNo,
        diff: row.diff,
        riskFactorsRewritten: row.riskFactorsRewritten,
        legalRewritten: row.legalRewritten,
        computedAt: sql`now()`,
      },
    });
}

export async function getDiff(db: Db, { accessionNo }: { accessionNo: string }): Promise<DiffRow | null> {
  const [row] = await db.select().from(reportDiffs).where(eq(reportDiffs.accessionNo, accessionNo));
  return row ?? null;
}

/** The company's earlier measured changes of one kind (for its usual change), newest first. */
export async function earlierChanges(
  db: Db,
  { cik, kind, before }: { cik: number; kind: string; before: string },
): Promise<{ riskFactors: number | null; legal: number | null }[]> {
  return db
    .select({ riskFactors: reportDiffs.riskFactorsRewritten, legal: reportDiffs.legalRewritten })
    .from(reportDiffs)
    .where(
      and(
        eq(reportDiffs.cik, cik),
        eq(reportDiffs.kind, kind),
        isNotNull(reportDiffs.periodOfReport),
        lt(reportDiffs.periodOfReport, before),
      ),
    )
    .orderBy(desc(reportDiffs.periodOfReport))
    .limit(8);
}

/** Every diff of a company, oldest period first (the ticker page's history). */
export function companyDiffs(db: Db, { cik }: { cik: number }): Promise<DiffRow[]> {
  return db
    .select()
    .from(reportDiffs)
    .where(eq(reportDiffs.cik, cik))
    .orderBy(asc(reportDiffs.periodOfReport), asc(reportDiffs.accessionNo))
    .limit(80);
}

/** The stored diffs of these filings, in one query (filings without one are absent). */
export async function diffsOfFilings(
  db: Db,
  { filingIds }: { filingIds: number[] },
): Promise<{ filingId: number; diff: DiffRow['diff'] }[]> {
  if (filingIds.length === 0) return [];
  return db
    .select({ filingId: filings.id, diff: reportDiffs.diff })
    .from(filings)
    .innerJoin(reportDiffs, eq(reportDiffs.accessionNo, filings.accessionNo))
    .where(inArray(filings.id, filingIds));
}

/** A diff by the newer report's filing id, with the earlier report's filing id when it is stored. */
export async function diffForFiling(
  db: Db,
  { filingId }: { filingId: number },
): Promise<(DiffRow & { priorFilingId: number | null }) | null> {
  const [hit] = await db
    .select({
      diff: reportDiffs,
      // bigint without a mode: the driver's string, made a number below.
      priorFilingId: sql<
        string | null
      >`(select p.id from filings p where p.accession_no = ${reportDiffs.priorAccessionNo})`,
    })
    .from(filings)
    .innerJoin(reportDiffs, eq(reportDiffs.accessionNo, filings.accessionNo))
    .where(eq(filings.id, filingId));
  return hit ? { ...hit.diff, priorFilingId: hit.priorFilingId != null ? Number(hit.priorFilingId) : null } : null;
}

/** The company of a ticker in the catalogue, or null. */
export async function cikOfTicker(db: Db, { ticker }: { ticker: string }): Promise<number | null> {
  const rows = await db.execute<{ cik: number }>(sql`select cik from tickers where ticker = ${ticker.toUpperCase()}`);
  return rows[0] ? Number(rows[0].cik) : null;
}

/** Filing ids of accessions (the history links each row to its card). */
export async function filingIdsOf(db: Db, { accessionNos }: { accessionNos: string[] }): Promise<Map<string, number>> {
  if (accessionNos.length === 0) return new Map();
  const rows = await db.execute<{ accession_no: string; id: number }>(
    sql`select accession_no, id from filings where accession_no = any(${sql.param(accessionNos)}::text[])`,
  );
  return new Map(rows.map((r) => [r.accession_no, Number(r.id)]));
}

export interface LatestDiffHit extends Record<string, unknown> {
  accession_no: string;
  prior_accession_no: string;
  kind: string;
  period_of_report: string | null;
  prior_period_of_report: string | null;
  filed_date: string | null;
  prior_filed_date: string | null;
  document_url: string | null;
  prior_document_url: string | null;
  diff: DiffRow['diff'];
  cik: number;
  filing_id: number | null;
  ticker: string | null;
  company_name: string | null;
  filed_at: string | null;
  /** The stored filing has no recorded filing date: its filed_at is the period end. */
  filed_date_unknown: boolean;
  accepted_at: string | null;
  prior_filing_id: number | null;
  prior_filed_at: string | null;
  prior_filed_date_unknown: boolean;
}

/** The newest diffs of these companies (of one kind, or either), newest period first. */
export function latestDiffs(
  db: Db,
  { ciks, kinds, limit }: { ciks: number[]; kinds: string[]; limit: number },
): Promise<LatestDiffHit[]> {
  return db.execute<LatestDiffHit>(sql`
    select d.accession_no, d.prior_accession_no, d.kind, d.period_of_report::text, d.prior_period_of_report::text,
      d.filed_date::text, d.prior_filed_date::text, d.document_url, d.prior_document_url, d.diff, d.cik,
      f.id::float8 as filing_id, f.ticker, f.company_name,
      to_char(f.filed_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as filed_at,
      to_char(f.accepted_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as accepted_at,
      ${filedDateUnknownSql('f')} as filed_date_unknown,
      p.id::float8 as prior_filing_id,
      to_char(p.filed_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as prior_filed_at,
      ${filedDateUnknownSql('p')} as prior_filed_date_unknown
    from report_diffs d
    left join filings f on f.accession_no = d.accession_no
    left join filings p on p.accession_no = d.prior_accession_no
    where d.cik = any(${sql.param(ciks)}::int[]) and d.kind = any(${sql.param(kinds)}::text[])
    order by d.period_of_report desc nulls last
    limit ${limit}`);
}
