/**
 * Ingest: fetch one accession from EDGAR (or the replay), parse, score against what is stored,
 * and store filing + insider rows in one transaction that also emits NOTIFY filing_scored.
 */
import { catalogueFormOf } from '../../core/forms';
import { IMPORTANCE_RANK } from '../../core/importance';
import type { Db } from '../../db/client';
import type { EdgarClient } from '../../integrations/edgar/edgar-client';
import { fetchFiling } from '../../integrations/edgar/fetch-filing';
import { accessionFolder, indexPagePath } from '../../integrations/edgar/paths';
import { addJob } from '../../jobs/queue';
import * as repo from './filings.repo';
import { easternMidnightIso } from './parse/dates';
import { parseFiling, type ParseHints } from './parse/index';
import type { ParsedFiling } from './parse/types';
import { scoreFiling, type Score, type ScoreContext } from './score/index';
import { SCORING_THRESHOLDS } from '../../core/scoring-rules';

const SEC_WWW = 'https://www.sec.gov';

export type FilingSource = 'feed' | 'backfill' | 'replay' | 'manual';

export interface StoreMeta {
  source: FilingSource;
  detectedAt?: Date | null;
  indexUrl?: string | null;
  primaryDocUrl?: string | null;
  /** Enqueue the PRO AI analysis when a PRO user watches the ticker. */
  analyze?: boolean;
}

export interface StoreResult {
  id: number;
  inserted: boolean;
  score: Score;
}

function shiftDate(iso: string, days: number): string {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Filed instant: acceptance time, else the filed date, else the document's own date (noted). */
function filedInstant(p: ParsedFiling): { filedAt: Date; datesFrom: string } {
  if (p.acceptedAt) return { filedAt: new Date(p.acceptedAt), datesFrom: 'EDGAR acceptance time' };
  if (p.filedDate) return { filedAt: new Date(easternMidnightIso(p.filedDate)), datesFrom: 'EDGAR filing date' };
  const d = p.detail;
  const own = d?.kind === 'ownership' ? (d.signatureDate ?? d.periodOfReport) : d?.kind === 'current' ? d.eventDate : p.periodOfReport;
  if (own) return { filedAt: new Date(easternMidnightIso(own)), datesFrom: 'the document itself (no EDGAR header available)' };
  return { filedAt: new Date(), datesFrom: 'time of ingest (no date in the filing)' };
}

async function scoreContext(db: Db, p: ParsedFiling, filedAt: Date): Promise<ScoreContext> {
  const d = p.detail;
  if (d?.kind === 'ownership' && d.issuer.cik != null && p.accessionNo) {
    const dates = d.rows.filter((r) => r.code === 'P' && r.transactionDate).map((r) => r.transactionDate as string).sort();
    if (dates.length === 0) return {};
    const days = SCORING_THRESHOLDS.clusterDays;
    const clusterBuyers = await repo.openMarketBuyers(db, {
      issuerCik: d.issuer.cik,
      from: shiftDate(dates[0]!, -days),
      to: shiftDate(dates[dates.length - 1]!, days),
      excludeAccession: p.accessionNo,
    });
    return { clusterBuyers };
  }
  if (d?.kind === 'beneficial' && p.company?.cik != null && d.filer.cik != null) {
    return { previousPercent: await repo.previousStakePercent(db, { subjectCik: p.company.cik, filerCik: d.filer.cik, before: filedAt }) };
  }
  return {};
}

function insiderRows(p: ParsedFiling, filingId: number, ticker: string | null, filedAt: Date): repo.NewInsiderTransaction[] {
  const d = p.detail;
  if (d?.kind !== 'ownership' || !p.accessionNo) return [];
  return d.owners.flatMap((owner, ownerIndex) =>
    d.rows.map((row) => ({
      filingId,
      accessionNo: p.accessionNo as string,
      formType: p.formType,
      issuerCik: d.issuer.cik,
      ticker,
      ownerIndex,
      ownerCik: owner.cik,
      ownerName: owner.name,
      ownerDisplayName: owner.displayName,
      officerTitle: owner.officerTitle,
      isDirector: owner.isDirector,
      isOfficer: owner.isOfficer,
      isTenPercentOwner: owner.isTenPercentOwner,
      isOther: owner.isOther,
      otherText: owner.otherText,
      tableKind: row.tableKind,
      isDerivative: row.tableKind === 'derivative',
      isHolding: row.isHolding,
      rowIndex: row.rowIndex,
      securityTitle: row.securityTitle,
      transactionDate: row.transactionDate,
      code: row.code,
      equitySwap: row.equitySwap,
      acquiredDisposed: row.acquiredDisposed,
      shares: row.shares,
      pricePerShare: row.pricePerShare,
      value: row.value,
      sharesOwnedAfter: row.sharesOwnedAfter,
      directIndirect: row.directIndirect,
      natureOfOwnership: row.natureOfOwnership,
      is10b51: row.is10b51,
      footnotes: row.footnotes,
      conversionOrExercisePrice: row.conversionOrExercisePrice,
      exerciseDate: row.exerciseDate,
      expirationDate: row.expirationDate,
      underlyingTitle: row.underlyingTitle,
      underlyingShares: row.underlyingShares,
      filedAt,
    })),
  );
}

/** Amendment key: who filed (3/4/5, 13D/G) or which period (8-K, 10-K/Q) identifies the original. */
function amendmentKey(p: ParsedFiling): { filerCik: number | null; period: string | null } {
  if (p.family === 'ownership' || p.family === 'beneficial') return { filerCik: p.filer?.cik ?? null, period: null };
  if (p.family === 'current' || p.family === 'periodic') return { filerCik: null, period: p.periodOfReport };
  return { filerCik: null, period: null };
}

const TICKER_TTL_MS = 5 * 60_000;
const tickerCache = new Map<string, { ticker: string | null; at: number }>();

/** CIK -> ticker changes rarely; a short cache of found tickers saves a round trip per filing in bursts. */
async function cachedTicker(db: Db, cik: number | null, symbol: string | null): Promise<string | null> {
  const key = `${cik}:${symbol}`;
  const hit = tickerCache.get(key);
  if (hit && Date.now() - hit.at < TICKER_TTL_MS) return hit.ticker;
  const ticker = await repo.resolveTicker(db, { cik, symbol });
  if (tickerCache.size > 20_000) tickerCache.clear();
  if (ticker) tickerCache.set(key, { ticker, at: Date.now() });
  return ticker;
}

/** Scores and stores a parsed filing once per accession number (a second call changes nothing). */
export async function storeParsedFiling(db: Db, { parsed, meta }: { parsed: ParsedFiling; meta: StoreMeta }): Promise<StoreResult> {
  const accessionNo = parsed.accessionNo;
  if (!accessionNo) throw new Error('a filing without an accession number cannot be stored');
  const result = await db.transaction(async (tx) => {
    const { filedAt, datesFrom } = filedInstant(parsed);
    const cik = parsed.company?.cik ?? null;
    const ticker = await cachedTicker(tx, cik, parsed.company?.tradingSymbol ?? null);
    const score = scoreFiling(parsed, await scoreContext(tx, parsed, filedAt));
    const key = amendmentKey(parsed);
    const original =
      parsed.isAmendment && cik != null
        ? await repo.findAmendedFiling(tx, { cik, baseForm: parsed.formType.replace(/\/A$/, ''), ...key, before: filedAt })
        : null;
    const detail = parsed.detail;
    const insider = score.insiderData;
    const id = await repo.insertFilingIfNew(tx, {
      filing: {
        accessionNo,
        formType: parsed.formType,
        catalogueForm: catalogueFormOf(parsed.formType) ?? null,
        cik,
        ticker,
        companyName: parsed.company?.name ?? null,
        filerCik: parsed.filer?.cik ?? null,
        filedAt,
        acceptedAt: parsed.acceptedAt ? new Date(parsed.acceptedAt) : null,
        periodOfReport: parsed.periodOfReport,
        items: detail?.kind === 'current' ? detail.items.map((i) => i.number) : null,
        importance: score.importance,
        importanceRank: IMPORTANCE_RANK[score.importance],
        reasons: score.reasons,
        oneLiner: score.oneLiner,
        summaryText: score.summaryText,
        insiderData: insider,
        insiderCik: insider?.insiderCik ?? null,
        executiveNames: detail?.kind === 'ownership' ? detail.owners.map((o) => o.displayName) : insider?.executiveName ? [insider.executiveName] : null,
        details: { ...detail, rules: score.rules, incomplete: parsed.incomplete, datesFrom, filedDate: parsed.filedDate },
        primaryDocUrl: meta.primaryDocUrl ?? null,
        indexUrl: meta.indexUrl ?? null,
        amendsAccessionNo: original?.accessionNo ?? null,
        amendsFilingId: original?.id ?? null,
        detectedAt: meta.detectedAt ?? null,
        dataIncomplete: parsed.incomplete.length > 0,
        source: meta.source,
      },
    });
    if (id == null) {
      const existing = await repo.findFilingIdByAccession(tx, { accessionNo });
      return { id: existing ?? 0, inserted: false, score };
    }
    await repo.insertInsiderTransactions(tx, { rows: insiderRows(parsed, id, ticker, filedAt) });
    if (!parsed.isAmendment && cik != null && (await repo.hasOrphanAmendment(tx, { cik, formType: parsed.formType }))) {
      await repo.linkOrphanAmendments(tx, { id, accessionNo, cik, formType: parsed.formType, ...key });
    }
    if (meta.analyze && ticker && (await repo.hasProWatcher(tx, { ticker }))) {
      await addJob(tx, { task: 'filings.analyze', payload: { filingId: id }, jobKey: `analyze:${id}`, maxAttempts: 5 });
    }
    return { id, inserted: true, score };
  });
  // After COMMIT, in its own statement: a NOTIFY inside the storing transaction would hold
  // PostgreSQL's notification-queue lock through the commit's WAL flush and serialise every
  // ingest worker. A notification lost to a crash right here is caught by the alerts sweep.
  if (result.inserted) await repo.notifyFilingScored(db, { id: result.id });
  return result;
}

export interface IngestRef {
  accessionNo: string;
  cik: number;
  formType?: string | null;
  companyName?: string | null;
  filedDate?: string | null;
  acceptedAt?: string | null;
  primaryDocument?: string | null;
  detectedAt?: string | null;
  source: FilingSource;
}

export type IngestOutcome = { status: 'stored' | 'duplicate'; id: number } | { status: 'not_available' };

/** One accession end to end. Skips the fetch when it is already stored. */
export async function ingestAccession(
  db: Db,
  { client, ref, analyze = false }: { client: EdgarClient; ref: IngestRef; analyze?: boolean },
): Promise<IngestOutcome> {
  const existing = await repo.findFilingIdByAccession(db, { accessionNo: ref.accessionNo });
  if (existing != null) return { status: 'duplicate', id: existing };
  const fetched = await fetchFiling(client, ref);
  if (!fetched) return { status: 'not_available' };
  const hints: ParseHints = { ...ref, documentTexts: fetched.documentTexts };
  const parsed = parseFiling(fetched.raw, hints);
  // Stored links always point at sec.gov: replayed filings are real and live there too.
  const folder = `${SEC_WWW}${accessionFolder(ref.cik, ref.accessionNo)}`;
  const result = await storeParsedFiling(db, {
    parsed,
    meta: {
      source: ref.source,
      detectedAt: ref.detectedAt ? new Date(ref.detectedAt) : null,
      indexUrl: `${SEC_WWW}${indexPagePath(ref.cik, ref.accessionNo)}`,
      primaryDocUrl: parsed.primaryDocument ? `${folder}${parsed.primaryDocument}` : null,
      analyze,
    },
  });
  return { status: result.inserted ? 'stored' : 'duplicate', id: result.id };
}
