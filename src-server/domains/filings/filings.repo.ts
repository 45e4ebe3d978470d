/** SQL of the filings domain. Every function takes a db handle or transaction first. */
import { and, desc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { edgarBackfills, filingAnalyses, filings, insiderTransactions } from '../../db/schema';

export type NewFiling = typeof filings.$inferInsert;
export type NewInsiderTransaction = typeof insiderTransactions.$inferInsert;

export async function findFilingIdByAccession(db: Db, { accessionNo }: { accessionNo: string }): Promise<number | null> {
  const [row] = await db.select({ id: filings.id }).from(filings).where(eq(filings.accessionNo, accessionNo)).limit(1);
  return row?.id ?? null;
}

/** Which of these accession numbers are already stored. */
export async function storedAccessions(db: Db, { accessionNos }: { accessionNos: string[] }): Promise<Set<string>> {
  if (accessionNos.length === 0) return new Set();
  const rows = await db.select({ a: filings.accessionNo }).from(filings).where(inArray(filings.accessionNo, accessionNos));
  return new Set(rows.map((r) => r.a));
}

/** Inserts unless the accession exists; returns the new id or null when it was already there. */
export async function insertFilingIfNew(db: Db, { filing }: { filing: NewFiling }): Promise<number | null> {
  const [row] = await db.insert(filings).values(filing).onConflictDoNothing({ target: filings.accessionNo }).returning({ id: filings.id });
  return row?.id ?? null;
}

export async function insertInsiderTransactions(db: Db, { rows }: { rows: NewInsiderTransaction[] }): Promise<void> {
  if (rows.length > 0) await db.insert(insiderTransactions).values(rows).onConflictDoNothing();
}

/**
 * A ticker for a CIK from the catalogue: the one the document itself names if the CIK has it
 * (GOOG vs GOOGL), else the shortest. Falls back to the document's symbol when the catalogue
 * does not know the CIK.
 */
export async function resolveTicker(db: Db, { cik, symbol }: { cik: number | null; symbol: string | null }): Promise<string | null> {
  if (cik == null) return symbol;
  const rows = await db.execute<{ ticker: string }>(sql`
    select ticker from tickers where cik = ${cik}
    order by (ticker = ${symbol ?? ''}) desc, length(ticker), ticker limit 1`);
  return rows[0]?.ticker ?? symbol;
}

/** A filing's ticker and its page on sec.gov (primary document, else index); undefined when there is no such filing. */
export async function filingTickerAndLink(db: Db, { id }: { id: number }): Promise<{ ticker: string | null; link: string | null } | undefined> {
  const [row] = await db
    .select({ ticker: filings.ticker, link: sql<string | null>`coalesce(${filings.primaryDocUrl}, ${filings.indexUrl})` })
    .from(filings)
    .where(eq(filings.id, id));
  return row;
}

/** Display names of insiders who bought in the open market (P) at this issuer within the window. */
export async function openMarketBuyers(
  db: Db,
  { issuerCik, from, to, excludeAccession }: { issuerCik: number; from: string; to: string; excludeAccession: string },
): Promise<string[]> {
  const rows = await db.execute<{ name: string }>(sql`
    select distinct owner_display_name as name from insider_transactions
    where issuer_cik = ${issuerCik} and code = 'P' and not is_holding
      and transaction_date between ${from}::date and ${to}::date
      and accession_no <> ${excludeAccession}`);
  return rows.map((r) => r.name);
}

/** The same filer's latest earlier 13D/13G percent on this subject company. */
export async function previousStakePercent(
  db: Db,
  { subjectCik, filerCik, before }: { subjectCik: number; filerCik: number; before: Date },
): Promise<number | null> {
  const rows = await db.execute<{ pct: string | null }>(sql`
    select details->>'percentOfClass' as pct from filings
    where cik = ${subjectCik} and filer_cik = ${filerCik} and form_type ~ '13[DG]'
      and filed_at < ${before.toISOString()}::timestamptz and details->>'percentOfClass' is not null
    order by filed_at desc limit 1`);
  const pct = rows[0]?.pct;
  return pct != null ? Number(pct) : null;
}

/** The filing an amendment amends: same company and base form (and filer / period when known). */
export async function findAmendedFiling(
  db: Db,
  { cik, baseForm, filerCik, period, before }: { cik: number; baseForm: string; filerCik: number | null; period: string | null; before: Date },
): Promise<{ id: number; accessionNo: string } | null> {
  const [row] = await db
    .select({ id: filings.id, accessionNo: filings.accessionNo })
    .from(filings)
    .where(
      and(
        eq(filings.cik, cik),
        eq(filings.formType, baseForm),
        lte(filings.filedAt, before),
        filerCik != null ? eq(filings.filerCik, filerCik) : undefined,
        period != null ? eq(filings.periodOfReport, period) : undefined,
      ),
    )
    .orderBy(desc(filings.filedAt))
    .limit(1);
  return row ?? null;
}

/** Whether an unlinked amendment of this form waits for its original (a cheap read before any UPDATE). */
export async function hasOrphanAmendment(db: Db, { cik, formType }: { cik: number; formType: string }): Promise<boolean> {
  const rows = await db
    .select({ id: filings.id })
    .from(filings)
    .where(and(eq(filings.cik, cik), eq(filings.formType, `${formType}/A`), isNull(filings.amendsFilingId)))
    .limit(1);
  return rows.length > 0;
}

/** An original arriving after its amendments (backfill order) adopts them. */
export async function linkOrphanAmendments(
  db: Db,
  { id, accessionNo, cik, formType, filerCik, period }: { id: number; accessionNo: string; cik: number; formType: string; filerCik: number | null; period: string | null },
): Promise<void> {
  await db
    .update(filings)
    .set({ amendsFilingId: id, amendsAccessionNo: accessionNo, updatedAt: new Date() })
    .where(
      and(
        eq(filings.cik, cik),
        eq(filings.formType, `${formType}/A`),
        isNull(filings.amendsFilingId),
        filerCik != null ? eq(filings.filerCik, filerCik) : undefined,
        period != null ? eq(filings.periodOfReport, period) : undefined,
      ),
    );
}

/** NOTIFY filing_scored '<id>' (payload: the id only), sent after the storing transaction commits. */
export async function notifyFilingScored(db: Db, { id }: { id: number }): Promise<void> {
  await db.execute(sql`select pg_notify('filing_scored', ${String(id)})`);
}

/** True when a PRO (or admin) user watches this ticker: only then is AI analysis worth its cost. */
export async function hasProWatcher(db: Db, { ticker }: { ticker: string }): Promise<boolean> {
  const rows = await db.execute<{ one: number }>(sql`
    select 1 as one from watchlist_items w join users u on u.id = w.user_id
    where w.ticker = ${ticker} and (u.is_admin or (u.plan_type = 'pro' and u.plan_status = 'active')) limit 1`);
  return rows.length > 0;
}

export async function getFilingById(db: Db, { id }: { id: number }) {
  const [row] = await db.select().from(filings).where(eq(filings.id, id)).limit(1);
  return row ?? null;
}

export async function getAnalysis(db: Db, { filingId }: { filingId: number }) {
  const [row] = await db.select().from(filingAnalyses).where(eq(filingAnalyses.filingId, filingId)).limit(1);
  return row ?? null;
}

export async function saveAnalysis(db: Db, params: { filingId: number; model: string; summary: string; latencyMs: number }): Promise<void> {
  await db.insert(filingAnalyses).values(params).onConflictDoNothing();
}

export async function isBackfilled(db: Db, { cik }: { cik: number }): Promise<boolean> {
  const rows = await db.select({ cik: edgarBackfills.cik }).from(edgarBackfills).where(eq(edgarBackfills.cik, cik)).limit(1);
  return rows.length > 0;
}

export async function recordBackfill(db: Db, params: { cik: number; status: 'done' | 'failed'; filingsQueued: number; error?: string | null }): Promise<void> {
  await db
    .insert(edgarBackfills)
    .values({ ...params, error: params.error ?? null })
    .onConflictDoUpdate({ target: edgarBackfills.cik, set: { ...params, error: params.error ?? null, completedAt: new Date() } });
}

/** Watched companies (by CIK) never backfilled. */
export async function watchedCiksWithoutBackfill(db: Db): Promise<number[]> {
  const rows = await db.execute<{ cik: number }>(sql`
    select distinct t.cik from watchlist_items w join tickers t on t.ticker = w.ticker
    where not exists (select 1 from edgar_backfills b where b.cik = t.cik)`);
  return rows.map((r) => Number(r.cik));
}
