/**
 * /admin/filings: search, a filing's parsed facts and score, rescoring after a rule change,
 * re-ingesting from EDGAR, and an admin's importance review (users see it marked "reviewed").
 */
import { AppError } from '#shared/app-error';
import { IMPORTANCE_RANK, isImportance, type Importance } from '#shared/importance';
import type { Db } from '../../db/client';
import type { FilingRow } from '../../db/schema';
import type { EdgarClient } from '../../integrations/edgar/edgar-client';
import { fetchFiling } from '../../integrations/edgar/fetch-filing';
import type { Progress } from '../admin/admin-jobs.service';
import * as repo from './filings-admin.repo';
import { prepareFiling } from './filings.store';
import { formFamily, parseFiling } from '../../edgar-model/parse';
import type { FilingDetail, ParsedFiling } from '../../edgar-model/parse/types';

export interface FilingAdminItem {
  id: number;
  accessionNo: string;
  form: string;
  ticker: string | null;
  companyName: string | null;
  importance: string;
  /** What the rules say, when an admin reviewed the importance. */
  rulesImportance: string | null;
  reviewedAt: string | null;
  oneLiner: string;
  /** Only the reported period's end (it orders) when filedDateUnknown. */
  filedAt: string;
  /** No filing date is recorded (a bare report without SEC header): filedAt is not one. */
  filedDateUnknown: boolean;
}

export async function searchFilingsAdmin(
  db: Db,
  s: Omit<repo.FilingSearch, 'ticker' | 'form'> & { ticker?: string | null; form?: string | null },
) {
  const rows = await repo.searchFilings(db, {
    ...s,
    ticker: s.ticker?.trim().toUpperCase() || null,
    form: s.form?.trim().toUpperCase() || null,
  });
  const items: FilingAdminItem[] = rows.map((r) => ({
    id: r.id,
    accessionNo: r.accession_no,
    form: r.form_type,
    ticker: r.ticker,
    companyName: r.company_name,
    importance: r.importance,
    rulesImportance: r.rules_importance,
    reviewedAt: r.reviewed_at,
    oneLiner: r.one_liner,
    filedAt: r.filed_at,
    filedDateUnknown: r.filed_date_unknown,
  }));
  const last = items.at(-1);
  return { items, next: items.length === s.limit && last ? { filedAt: last.filedAt, id: last.id } : null };
}

async function mustFind(db: Db, id: number): Promise<FilingRow> {
  const row = await repo.filingById(db, { id });
  if (!row) throw new AppError('NOT_FOUND', 'No filing with that id.', { reason: 'filing_not_found' });
  return row;
}

type StoredDetails = Record<string, unknown> & {
  rules?: unknown;
  incomplete?: string[];
  datesFrom?: string;
  filedDate?: string | null;
  filedDateUnknown?: boolean;
};

/** A row's `details` split into what filings.store.ts adds at storing and the parsed detail itself. */
function storedDetails(row: FilingRow) {
  const { rules, incomplete, datesFrom, filedDate, filedDateUnknown, ...detail } = (row.details ?? {}) as StoredDetails;
  return { rules, incomplete, datesFrom, filedDate, filedDateUnknown: filedDateUnknown === true, detail };
}

/** A filing in full: parsed facts, the rules that fired, score and review. */
export async function filingAdminDetail(db: Db, { id }: { id: number }) {
  const row = await mustFind(db, id);
  const { rules, incomplete, datesFrom, filedDate, filedDateUnknown, detail: facts } = storedDetails(row);
  return {
    id: row.id,
    accessionNo: row.accessionNo,
    form: row.formType,
    ticker: row.ticker,
    cik: row.cik,
    companyName: row.companyName,
    filedAt: row.filedAt.toISOString(),
    filedDateUnknown,
    acceptedAt: row.acceptedAt?.toISOString() ?? null,
    importance: row.importance,
    rulesImportance: row.rulesImportance,
    review: row.reviewedAt ? { at: row.reviewedAt.toISOString(), reason: row.reviewReason } : null,
    reasons: row.reasons,
    rules: rules ?? [],
    oneLiner: row.oneLiner,
    summaryText: row.summaryText,
    facts,
    incomplete: incomplete ?? [],
    datesFrom: datesFrom ?? null,
    filedDate: filedDate ?? null,
    link: row.primaryDocUrl ?? row.indexUrl,
    source: row.source,
  };
}

type ReviewState = { importance: string; rulesImportance: string | null; reviewReason: string | null };
const reviewState = (r: FilingRow): ReviewState => ({
  importance: r.importance,
  rulesImportance: r.rulesImportance,
  reviewReason: r.reviewReason,
});

/** Sets the importance by hand (reason required); alerts already sent are not recalled. */
export async function reviewImportance(
  db: Db,
  { id, importance, reason }: { id: number; importance: Importance; reason: string },
) {
  return db.transaction(async (tx) => {
    const before = await mustFind(tx, id);
    await repo.writeReview(tx, { id, importance, rank: IMPORTANCE_RANK[importance], reason: reason.trim() });
    return { before: reviewState(before), after: reviewState(await mustFind(tx, id)) };
  });
}

/** Drops a review: the rules' importance applies again. */
export async function clearImportanceReview(db: Db, { id }: { id: number }) {
  return db.transaction(async (tx) => {
    const before = await mustFind(tx, id);
    if (!before.reviewedAt)
      throw new AppError('CONFLICT', 'That filing has no review to clear.', { reason: 'filing_not_reviewed' });
    const rules = before.rulesImportance as Importance;
    await repo.clearReview(tx, { id, rank: isImportance(rules) ? IMPORTANCE_RANK[rules] : 1 });
    return { before: reviewState(before), after: reviewState(await mustFind(tx, id)) };
  });
}

/** The ParsedFiling a stored row was made from (filings.store.ts keeps the detail in `details`). */
function storedParse(row: FilingRow): ParsedFiling {
  const { incomplete, filedDate, detail } = storedDetails(row);
  return {
    accessionNo: row.accessionNo,
    formType: row.formType,
    family: formFamily(row.formType),
    isAmendment: /\/A$/.test(row.formType),
    company:
      row.cik != null || row.companyName
        ? {
            cik: row.cik,
            name: row.companyName,
            sic: null,
            sicDescription: null,
            fiscalYearEnd: null,
            tradingSymbol: row.ticker,
          }
        : null,
    filer: row.filerCik != null ? { cik: row.filerCik, name: null } : null,
    filedDate: filedDate ?? null,
    acceptedAt: row.acceptedAt?.toISOString() ?? null,
    periodOfReport: row.periodOfReport,
    primaryDocument: null,
    detail: 'kind' in detail ? (detail as unknown as FilingDetail) : null,
    incomplete: incomplete ?? [],
  };
}

/** Scores a parse with today's rules and writes the result; `changed` when the label moved. */
async function writeScore(db: Db, row: FilingRow, parsed: ParsedFiling) {
  const prepared = await prepareFiling(db, { parsed, meta: { source: (row.source as 'feed') ?? 'manual' } });
  const f = prepared.filing;
  const rulesBefore = row.rulesImportance ?? row.importance;
  await repo.writeRescore(db, {
    id: row.id,
    importance: f.importance,
    rank: f.importanceRank,
    reasons: f.reasons,
    oneLiner: f.oneLiner,
    summaryText: f.summaryText,
    details: f.details,
  });
  return { id: row.id, before: rulesBefore, after: f.importance, changed: rulesBefore !== f.importance };
}

/** Rescores one stored filing from its stored parse (no EDGAR request). */
export async function rescoreFiling(db: Db, { id }: { id: number }) {
  const row = await mustFind(db, id);
  return writeScore(db, row, storedParse(row));
}

/**
 * A company's cover named it (first, or anew): its Forms 3/4/5 stored before, which name it only as EDGAR does, are
 * rescored so their text takes that name (decision 384). Returns how many were rescored.
 */
export async function retitleOwnershipFilings(db: Db, { cik }: { cik: number }): Promise<number> {
  let rescored = 0;
  await eachStoredFiling(db, await repo.ownershipFilingIds(db, { cik }), async (row) => {
    if (!row) return;
    await writeScore(db, row, storedParse(row));
    rescored += 1;
  });
  return rescored;
}

/** Filings read per query by the rescores (rows carry their parse, so a page stays a few MB at most). */
const RESCORE_PAGE = 100;

/**
 * Walks stored filings by id in order, one query per page of rows, not one per filing (a page is read when the walk
 * reaches it); `each` gets the row (null for an id no longer stored) and its index.
 */
async function eachStoredFiling(
  db: Db,
  ids: readonly number[],
  each: (row: FilingRow | null, i: number) => Promise<unknown>,
): Promise<void> {
  let page = new Map<number, FilingRow>();
  for (const [i, id] of ids.entries()) {
    if (i % RESCORE_PAGE === 0) page = await repo.filingsByIds(db, ids.slice(i, i + RESCORE_PAGE));
    await each(page.get(id) ?? null, i);
  }
}

/**
 * The range rescore job: every filing filed in [from, to] (NY days), progress per 25 filings. From the stored parse by
 * default (no EDGAR request); with `client`, each filing is fetched again and parsed by today's parser first, because
 * readings added since it was stored (an 8.01's event words, 5.02's departure net, a 13D's Item 5(c)) live in the parse,
 * not the rules. A filing EDGAR cannot serve right now keeps its stored parse and is counted as `unavailable`.
 */
export async function rescoreRange(
  db: Db,
  {
    from,
    to,
    form,
    progress,
    client,
  }: { from: string; to: string; form: string | null; progress: Progress; client?: EdgarClient },
) {
  const ids = await repo.filingIdsFiled(db, { from, to, form });
  const moves: Record<string, number> = {};
  let changed = 0;
  let refetched = 0;
  let unavailable = 0;
  await progress({ done: 0, total: ids.length, changed });
  await eachStoredFiling(db, ids, async (row, i) => {
    if (row) {
      // An EDGAR error (after the client's own retries) is one filing unavailable, not the whole range failed.
      const fresh = client ? await freshParse(client, row).catch(() => null) : null;
      if (client && fresh) refetched += 1;
      else if (client) unavailable += 1;
      const r = await writeScore(db, row, fresh ?? storedParse(row));
      if (r.changed) {
        changed += 1;
        moves[`${r.before}->${r.after}`] = (moves[`${r.before}->${r.after}`] ?? 0) + 1;
      }
    }
    if ((i + 1) % 25 === 0 || i === ids.length - 1) await progress({ done: i + 1, total: ids.length, changed });
  });
  return { filings: ids.length, changed, moves, ...(client ? { refetched, unavailable } : {}) };
}

/** The filing as EDGAR serves it now, parsed by today's parser; null when EDGAR has no documents for it. */
async function freshParse(client: EdgarClient, row: FilingRow): Promise<ParsedFiling | null> {
  if (row.cik == null) return null;
  const ref = { accessionNo: row.accessionNo, cik: row.cik, formType: row.formType, companyName: row.companyName };
  const fetched = await fetchFiling(client, ref, 'bulk');
  return fetched ? parseFiling(fetched.raw, { ...ref, documentTexts: fetched.documentTexts }) : null;
}

/** Fetches the filing from EDGAR again (budgeted; the replay offline), parses and rescores it. */
export async function reingestFiling(db: Db, { id, client }: { id: number; client: EdgarClient }) {
  const row = await mustFind(db, id);
  if (row.cik == null)
    throw new AppError('CONFLICT', 'This filing has no company CIK to fetch it by.', { reason: 'filing_without_cik' });
  const parsed = await freshParse(client, row);
  if (!parsed)
    throw new AppError('UNAVAILABLE', 'EDGAR does not have this filing’s documents right now.', {
      reason: 'filing_not_available',
    });
  return writeScore(db, row, parsed);
}
