/**
 * A report read after the report that compares with it (the replay releasing many filings at once,
 * two ingests racing, a backfill reaching last year's 10-K after this year's): the later report's
 * diff is queued when its comparable arrives, so no pair stays uncompared because of the order.
 */
import type { Db } from '../../db/client';
import { pickComparable } from '../../edgar-model/diff/comparable';
import type { ReportKind } from '../../edgar-model/sections';
import type { EdgarPriority } from '../../integrations/edgar/request-budget';
import { enqueue } from '../../jobs/job';
import { reportJobOptions } from '../filings/ingest-queues';
import { reportDiffJob } from './reports.jobs';
import * as repo from './reports.repo';

export async function queueLaterReports(db: Db, row: repo.SectionsRow, priority: EdgarPriority): Promise<number> {
  if (!row.periodOfReport) return 0;
  const me = [{ accessionNo: row.accessionNo, formType: row.formType, reportDate: row.periodOfReport }];
  let queued = 0;
  for (const later of await repo.storedReports(db, { cik: row.cik, kind: row.kind })) {
    if (later.accessionNo === row.accessionNo || !later.reportDate) continue;
    if (pickComparable(row.kind as ReportKind, later.reportDate, me)?.accessionNo !== row.accessionNo) continue;
    if (await repo.getDiff(db, { accessionNo: later.accessionNo })) continue;
    await enqueue(
      db,
      reportDiffJob,
      {
        accessionNo: later.accessionNo,
        cik: row.cik,
        formType: later.formType,
        periodOfReport: later.reportDate,
        filedDate: later.filedDate,
        primaryDocument: null,
        priority,
      },
      { jobKey: `report-diff:${later.accessionNo}`, maxAttempts: 5, ...reportJobOptions },
    );
    queued += 1;
  }
  return queued;
}
