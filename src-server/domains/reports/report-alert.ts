/** The report-diff lines alerts carry (alerts/delivery.service asks for the filings it sends). */
import { type ReportAlertLines, reportAlertLines } from '#shared/report-diff';
import type { Db } from '../../db/client';
import * as repo from './reports.repo';

export async function reportAlertLinesOf(
  db: Db,
  { filings }: { filings: { filingId: number; formType: string }[] },
): Promise<Map<number, ReportAlertLines>> {
  const periodic = filings.filter((f) => /^10-[KQ]/.test(f.formType));
  const diffs = new Map(
    (await repo.diffsOfFilings(db, { filingIds: periodic.map((f) => f.filingId) })).map((r) => [
      Number(r.filingId),
      r.diff,
    ]),
  );
  const out = new Map<number, ReportAlertLines>();
  for (const f of periodic) {
    const diff = diffs.get(f.filingId);
    if (diff) out.set(f.filingId, reportAlertLines(diff));
  }
  return out;
}
