/** The report-diff lines alerts carry (alerts/delivery.service asks for the filings it sends). */
import { type ReportAlertLines, reportAlertLines } from '#shared/report-diff';
import type { Db } from '../../db/client';
import * as repo from './reports.repo';

export async function reportAlertLinesOf(
  db: Db,
  { filings }: { filings: { filingId: number; formType: string }[] },
): Promise<Map<number, ReportAlertLines>> {
  const out = new Map<number, ReportAlertLines>();
  for (const f of filings) {
    if (!/^10-[KQ]/.test(f.formType)) continue;
    const row = await repo.diffForFiling(db, { filingId: f.filingId });
    if (row) out.set(f.filingId, reportAlertLines(row.diff));
  }
  return out;
}
