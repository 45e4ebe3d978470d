/**
 * Storing scored filings: each filing is prepared on its own (score context and amendment lookups
 * read stored rows), then a batch of them is written in one transaction: one statement for the
 * filings, their insider rows and tickers, a read for waiting amendments, COMMIT, and one NOTIFY
 * statement for the batch after the commit. Concurrent ingest jobs share a batch (storeBatched),
 * so a burst costs a few round trips and one WAL flush per batch instead of ten per filing.
 */
import { catalogueFormOf } from '#shared/forms';
import { IMPORTANCE_RANK } from '#shared/importance';
import { otherParties } from '#shared/insider-activity';
import { SCORING_THRESHOLDS } from '#shared/scoring-rules';
import type { Db } from '../../db/client';
import { enqueue } from '../../jobs/job';
import { analyzeJob, retitleJob } from './filings.jobs';
import * as repo from './filings.repo';
import { companySizeForDeal, marketValueForSale } from './company-size.service';
import { reportChangeFacts } from '../reports/reports.service';
import { easternMidnightIso } from '../../edgar-model/parse/dates';
import type { ParsedFiling } from '../../edgar-model/parse/types';
import { scoreFiling, type Score, type ScoreContext } from '../../edgar-model/score';
import { primaryOwner } from '../../edgar-model/score/ownership';
import { readableCompanyName, withoutStateTag } from '../../edgar-model/company-name';

export type FilingSource = 'feed' | 'backfill' | 'replay' | 'manual';

export interface StoreMeta {
  source: FilingSource;
  detectedAt?: Date | null;
  /** Receipt: last poll that covered its place in the feed without listing it. */
  feedListedAfter?: Date | null;
  /** Detection layer: 'feed', 'feed_deep', 'efts', 'submissions', 'daily_index', 'backfill', 'manual'. */
  detectedVia?: string | null;
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

/**
 * Filed instant: acceptance time, else the filed date, else the document's own date (noted). A Form 4's
 * signature date or an 8-K's event date falls within days of its filing; a periodic report's period
 * end falls months before it (a FY2023 10-K is not "filed Dec 31, 2023"), so it only orders the
 * timeline and `filedDateUnknown` tells cards to show no filed date.
 */
function filedInstant(p: ParsedFiling): { filedAt: Date; datesFrom: string; filedDateUnknown?: true } {
  if (p.acceptedAt) return { filedAt: new Date(p.acceptedAt), datesFrom: 'EDGAR acceptance time' };
  if (p.filedDate) return { filedAt: new Date(easternMidnightIso(p.filedDate)), datesFrom: 'EDGAR filing date' };
  const d = p.detail;
  const own =
    d?.kind === 'ownership' ? (d.signatureDate ?? d.periodOfReport) : d?.kind === 'current' ? d.eventDate : null;
  if (own)
    return { filedAt: new Date(easternMidnightIso(own)), datesFrom: 'the document itself (no EDGAR header available)' };
  if (p.periodOfReport)
    return {
      filedAt: new Date(easternMidnightIso(p.periodOfReport)),
      datesFrom: 'the period the document reports on (filing date unknown)',
      filedDateUnknown: true,
    };
  return { filedAt: new Date(), datesFrom: 'time of ingest (no date in the filing)' };
}

/** The primary owner's earlier open-market trades at the issuer, when this filing has one (routine vs opportunistic). */
async function insiderHistoryOf(db: Db, p: ParsedFiling): Promise<ScoreContext['insiderHistory']> {
  const d = p.detail;
  if (d?.kind !== 'ownership' || d.issuer.cik == null || !p.accessionNo) return null;
  const owner = primaryOwner(d);
  const first = d.rows
    .filter((r) => (r.code === 'P' || r.code === 'S') && !r.isHolding && r.transactionDate)
    .map((r) => r.transactionDate as string)
    .sort()[0];
  if (owner?.cik == null || !first) return null;
  return repo.insiderTradeHistory(db, {
    issuerCik: d.issuer.cik,
    ownerCik: owner.cik,
    before: first,
    excludeAccession: p.accessionNo,
  });
}

async function scoreContext(db: Db, p: ParsedFiling, filedAt: Date): Promise<ScoreContext> {
  const d = p.detail;
  if (d?.kind === 'ownership' && d.issuer.cik != null && p.accessionNo) {
    const dates = d.rows
      .filter((r) => r.code === 'P' && r.transactionDate)
      .map((r) => r.transactionDate as string)
      .sort();
    const sells = d.rows.some((r) => r.code === 'S');
    const sale = { cik: d.issuer.cik, ticker: d.issuer.tradingSymbol ?? undefined, filedAt };
    const marketCapUsd = sells ? ((await marketValueForSale(db, sale))?.usd ?? null) : null;
    const insiderHistory = await insiderHistoryOf(db, p);
    if (dates.length === 0) return { marketCapUsd, insiderHistory };
    const days = SCORING_THRESHOLDS.clusterDays;
    const others = await repo.openMarketBuyers(db, {
      issuerCik: d.issuer.cik,
      from: shiftDate(dates[0]!, -days),
      to: shiftDate(dates[dates.length - 1]!, days),
      excludeAccession: p.accessionNo,
    });
    return {
      clusterBuyers: otherParties(
        p.accessionNo,
        d.owners.map((o) => ({ cik: o.cik, name: o.displayName })),
        others,
      ),
      marketCapUsd,
      insiderHistory,
    };
  }
  // An 8-K that states a deal's price: the company's size on its date sizes it (issue #25, decision 366).
  if (d?.kind === 'current' && p.company?.cik != null && d.content?.some((c) => c.deal?.amountUsd != null)) {
    return { companySize: await companySizeForDeal(db, { cik: p.company.cik, filedAt }) };
  }
  if (d?.kind === 'periodic' && p.accessionNo) {
    // The stored diff against the comparable report (domains/reports computes it before this).
    return { reportChange: await reportChangeFacts(db, { accessionNo: p.accessionNo }) };
  }
  if (d?.kind === 'beneficial' && p.company?.cik != null && d.filer.cik != null) {
    return {
      previousPercent: await repo.previousStakePercent(db, {
        subjectCik: p.company.cik,
        filerCik: d.filer.cik,
        before: filedAt,
      }),
    };
  }
  return {};
}

function insiderRows(p: ParsedFiling, filedAt: Date): repo.PendingInsiderRow[] {
  const d = p.detail;
  if (d?.kind !== 'ownership' || !p.accessionNo) return [];
  return d.owners.flatMap((owner, ownerIndex) =>
    d.rows.map((row) => ({
      accessionNo: p.accessionNo as string,
      formType: p.formType,
      issuerCik: d.issuer.cik,
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

/** A scored filing ready to write: its row, insider rows and what the batch needs afterwards. */
export interface PreparedFiling {
  accessionNo: string;
  filing: repo.PendingFiling;
  insiderRows: repo.PendingInsiderRow[];
  score: Score;
  /** Set for originals (not amendments) with a CIK: amendments stored earlier may wait for it. */
  original: Omit<repo.StoredOriginal, 'id'> | null;
  /**
   * Set for an amendment whose original was not stored when it was prepared: the storing
   * transaction looks again, since the original may have committed in an earlier batch meanwhile
   * (its own check for waiting amendments ran before this amendment existed).
   */
  lateOriginal: Parameters<typeof repo.findAmendedFiling>[1] | null;
  analyze: boolean;
  /** The company's name as its own cover writes it, for the pages' title (writtenCompanyName). */
  writtenName: { cik: number; name: string; conformed: string } | null;
}

/**
 * The registrant's name as its 8-K, 10-K or 10-Q cover writes it ("FedEx Corporation" for EDGAR's "FEDEX CORP"), when
 * the filing says more than the conformed name made readable: other forms' covers name another company or a person.
 */
function writtenCompanyName(parsed: ParsedFiling): { cik: number; name: string; conformed: string } | null {
  const c = parsed.company;
  if ((parsed.family !== 'current' && parsed.family !== 'periodic') || c?.cik == null || !c.name || !c.displayName)
    return null;
  return c.displayName !== readableCompanyName(c.name)
    ? { cik: c.cik, name: c.displayName, conformed: withoutStateTag(c.name) }
    : null;
}

/**
 * A filing that does not write its company's name (a Form 4 gives only EDGAR's "NVIDIA CORP", which reads as "Nvidia
 * Corp.") is scored with the name the company's own 8-K, 10-K or 10-Q cover writes, when one is stored: the card then
 * says "Form 4 for NVIDIA Corporation", as the ticker page's title does. A rescore picks up a cover stored later.
 */
async function titledByItsCover(db: Db, parsed: ParsedFiling): Promise<ParsedFiling> {
  const c = parsed.company;
  if (c?.cik == null || !c.name || (c.displayName && c.displayName !== readableCompanyName(c.name))) return parsed;
  const written = await repo.storedCoverName(db, { cik: c.cik, conformed: withoutStateTag(c.name) });
  return written ? { ...parsed, company: { ...c, displayName: written } } : parsed;
}

/** Scores a parsed filing against stored rows and builds what storeFilings writes. */
export async function prepareFiling(
  db: Db,
  { parsed, meta }: { parsed: ParsedFiling; meta: StoreMeta },
): Promise<PreparedFiling> {
  const accessionNo = parsed.accessionNo;
  if (!accessionNo) throw new Error('a filing without an accession number cannot be stored');
  const { filedAt, datesFrom, filedDateUnknown } = filedInstant(parsed);
  const cik = parsed.company?.cik ?? null;
  const key = amendmentKey(parsed);
  const lookup =
    parsed.isAmendment && cik != null
      ? { cik, baseForm: parsed.formType.replace(/\/A$/, ''), ...key, before: filedAt }
      : null;
  const named =
    parsed.detail?.kind === 'beneficial' && parsed.detail.previousAccessionNo
      ? await repo.filingByAccession(db, { accessionNo: parsed.detail.previousAccessionNo })
      : null;
  const amended = named ?? (lookup ? await repo.findAmendedFiling(db, lookup) : null);
  const stored = amended ? await repo.originalFiling(db, { id: amended.id }) : null;
  const context = await scoreContext(db, parsed, filedAt);
  const titled = await titledByItsCover(db, parsed);
  if (stored)
    context.original = {
      formType: stored.formType,
      filedDay: stored.filedDay,
      detail: (stored.details as ParsedFiling['detail']) ?? null,
    };
  const score = scoreFiling(titled, context);
  const detail = parsed.detail;
  const insider = score.insiderData;
  return {
    accessionNo,
    score,
    analyze: meta.analyze ?? false,
    original: !parsed.isAmendment && cik != null ? { accessionNo, cik, formType: parsed.formType, ...key } : null,
    lateOriginal: lookup && !amended ? lookup : null,
    writtenName: writtenCompanyName(parsed),
    insiderRows: insiderRows(parsed, filedAt),
    filing: {
      accessionNo,
      formType: parsed.formType,
      catalogueForm: catalogueFormOf(parsed.formType) ?? null,
      cik,
      // The document's own symbol: insertFilings replaces it with the catalogue's ticker for the CIK.
      ticker: parsed.company?.tradingSymbol ?? null,
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
      executiveNames:
        detail?.kind === 'ownership'
          ? detail.owners.map((o) => o.displayName)
          : insider?.executiveName
            ? [insider.executiveName]
            : null,
      details: {
        ...detail,
        rules: score.rules,
        incomplete: parsed.incomplete,
        datesFrom,
        filedDate: parsed.filedDate,
        filedDateUnknown,
      },
      primaryDocUrl: meta.primaryDocUrl ?? null,
      indexUrl: meta.indexUrl ?? null,
      amendsAccessionNo: amended?.accessionNo ?? null,
      amendsFilingId: amended?.id ?? null,
      detectedAt: meta.detectedAt ?? null,
      feedListedAfter: meta.feedListedAfter ?? null,
      detectedVia:
        meta.detectedVia ??
        (meta.source === 'backfill' || meta.source === 'manual' ? meta.source : meta.detectedAt ? 'feed' : null),
      dataIncomplete: parsed.incomplete.length > 0,
      source: meta.source,
    },
  };
}

/**
 * Writes prepared filings once per accession number (a second store changes nothing and does not
 * notify) in one transaction; results in input order.
 */
export async function storeFilings(db: Db, { prepared }: { prepared: PreparedFiling[] }): Promise<StoreResult[]> {
  // One accession twice in a batch is stored once; both callers get its id.
  const unique = [...new Map(prepared.map((p) => [p.accessionNo, p])).values()];
  const { ids, insertedIds } = await db.transaction(async (tx) => {
    const inserted = await repo.insertFilings(tx, {
      filings: unique.map((p) => p.filing),
      insiderRows: unique.flatMap((p) => p.insiderRows),
    });
    const ids = new Map(inserted.map((r) => [r.accessionNo, r.id]));
    const insertedIds = new Set(ids.values());
    const missing = unique.filter((p) => !ids.has(p.accessionNo)).map((p) => p.accessionNo);
    for (const [a, id] of await repo.filingIdsByAccession(tx, { accessionNos: missing })) ids.set(a, id);
    const byAccession = new Map(unique.map((p) => [p.accessionNo, p]));
    // Amendments in this batch are invisible to the insert's own check: match them by form here.
    const batchAmendments = new Set(
      unique.filter((p) => p.original == null).map((p) => `${p.filing.cik}:${p.filing.formType}`),
    );
    const originals = inserted.flatMap((r) => {
      const original = byAccession.get(r.accessionNo)?.original;
      const waits = r.waitingAmendment || batchAmendments.has(`${original?.cik}:${original?.formType}/A`);
      return original && waits ? [{ ...original, id: r.id }] : [];
    });
    for (const r of inserted) {
      const late = byAccession.get(r.accessionNo)?.lateOriginal;
      const found = late ? await repo.findAmendedFiling(tx, late) : null;
      if (late && found)
        originals.push({
          ...found,
          cik: late.cik,
          formType: late.baseForm,
          filerCik: late.filerCik,
          period: late.period,
        });
    }
    await repo.linkOrphanAmendmentsOf(tx, { originals });
    // Filings new to the store, in filing order: the latest cover's name wins, here and against the stored one.
    const written = unique
      .filter((p) => p.writtenName && insertedIds.has(ids.get(p.accessionNo)!))
      .sort((a, b) => a.filing.filedAt.getTime() - b.filing.filedAt.getTime());
    const renamed = await repo.setCompanyDisplayNames(tx, {
      names: [
        ...new Map(written.map((p) => [p.writtenName!.cik, { ...p.writtenName!, filedAt: p.filing.filedAt }])).values(),
      ],
    });
    // Forms 3/4/5 stored before the cover named the company are titled again (titledByItsCover, decision 384).
    for (const cik of renamed) await enqueue(tx, retitleJob, { cik }, { jobKey: `retitle:${cik}` });
    const toAnalyze = inserted.filter((r) => r.ticker && byAccession.get(r.accessionNo)?.analyze);
    const watched = await repo.proWatchedTickers(tx, {
      tickers: [...new Set(toAnalyze.map((r) => r.ticker as string))],
    });
    for (const r of toAnalyze.filter((r) => watched.has(r.ticker as string))) {
      await enqueue(tx, analyzeJob, { filingId: r.id }, { jobKey: `analyze:${r.id}`, maxAttempts: 5 });
    }
    return { ids, insertedIds };
  });
  // After COMMIT, in its own statement: a NOTIFY inside the storing transaction would hold
  // PostgreSQL's notification-queue lock through the commit's WAL flush and serialise every
  // ingest worker. A notification lost to a crash right here is caught by the alerts sweep.
  await repo.notifyFilingsScored(db, { ids: [...insertedIds] });
  const reported = new Set<number>();
  return prepared.map((p) => {
    const id = ids.get(p.accessionNo) ?? 0;
    const inserted = insertedIds.has(id) && !reported.has(id);
    if (inserted) reported.add(id);
    return { id, inserted, score: p.score };
  });
}

/** Scores and stores one parsed filing once per accession number (a second call changes nothing). */
export async function storeParsedFiling(
  db: Db,
  { parsed, meta }: { parsed: ParsedFiling; meta: StoreMeta },
): Promise<StoreResult> {
  const [result] = await storeFilings(db, { prepared: [await prepareFiling(db, { parsed, meta })] });
  return result!;
}
