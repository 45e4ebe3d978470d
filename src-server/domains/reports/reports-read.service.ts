/** What the card, the ticker page and the assistant read of stored report diffs. */
import type { ReportChangeView, ReportSectionId } from '#shared/report-diff';
import type { Db } from '../../db/client';
import * as repo from './reports.repo';

function view(row: repo.DiffRow, priorFilingId: number | null): ReportChangeView {
  return {
    ...row.diff,
    accessionNo: row.accessionNo,
    priorAccessionNo: row.priorAccessionNo,
    kind: row.kind === '10-Q' ? '10-Q' : '10-K',
    period: row.periodOfReport,
    priorPeriod: row.priorPeriodOfReport,
    filedDate: row.filedDate,
    priorFiledDate: row.priorFiledDate,
    documentUrl: row.documentUrl,
    priorDocumentUrl: row.priorDocumentUrl,
    priorFilingId,
  };
}

/** The diff of a stored 10-K/10-Q with its comparable; null when none was computed. */
export async function reportChangeOfFiling(
  db: Db,
  { filingId }: { filingId: number },
): Promise<ReportChangeView | null> {
  const row = await repo.diffForFiling(db, { filingId });
  return row ? view(row, row.priorFilingId) : null;
}

export interface ReportHistoryRow {
  accessionNo: string;
  filingId: number | null;
  kind: '10-K' | '10-Q';
  period: string | null;
  priorPeriod: string | null;
  /** Share rewritten per compared section (null: not found in both reports). */
  rewritten: Partial<Record<ReportSectionId, number>>;
  /** Cosine similarity of Risk Factors with the year before. */
  riskFactorsCosine: number | null;
  riskFactorsAdded: number;
  riskFactorsRemoved: number;
}

/** Every diff of a ticker's company, oldest period first: the similarity history across years. */
export async function reportHistory(db: Db, { ticker }: { ticker: string }): Promise<ReportHistoryRow[]> {
  const cik = await repo.cikOfTicker(db, { ticker });
  if (cik == null) return [];
  const rows = await repo.companyDiffs(db, { cik });
  const ids = await repo.filingIdsOf(db, { accessionNos: rows.map((r) => r.accessionNo) });
  return rows.map((r) => ({
    accessionNo: r.accessionNo,
    filingId: ids.get(r.accessionNo) ?? null,
    kind: r.kind === '10-Q' ? '10-Q' : '10-K',
    period: r.periodOfReport,
    priorPeriod: r.priorPeriodOfReport,
    rewritten: Object.fromEntries(r.diff.sections.map((s) => [s.id, s.rewritten])),
    riskFactorsCosine: r.diff.sections.find((s) => s.id === 'risk_factors')?.cosine ?? null,
    riskFactorsAdded: r.diff.riskFactorsAdded.length,
    riskFactorsRemoved: r.diff.riskFactorsRemoved.length,
  }));
}
