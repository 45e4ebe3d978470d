/**
 * The report diff inside the ingest of a 10-K/10-Q: computed and stored before the report is
 * scored (the scorer reads it through filings.store's context), so its importance, reasons and
 * alerts carry the change. Bounded: when EDGAR is slow or paused, or the comparison fails, the
 * report is stored without it right away and a background job computes the diff later, then
 * rescores the stored report (cards and ticker pages show both; alerts already sent stay as sent).
 * The same happens when another report of this process is already waiting for its diff.
 */
import type { Db } from '../../db/client';
import type { ParsedFiling } from '../../edgar-model/parse/types';
import type { EdgarClient } from '../../integrations/edgar/edgar-client';
import type { EdgarPriority } from '../../integrations/edgar/request-budget';
import { enqueue } from '../../jobs/job';
import { reportJobOptions } from '../filings/ingest-queues';
import { reportDiffJob } from './reports.jobs';
import { compareWithPrevious, type NewReport } from './reports.service';

export interface ReportDiffOptions {
  /** EDGAR priority of the diff's requests (sweep for live filings, bulk for backfills). */
  priority: EdgarPriority;
  /** Longest the ingest waits for the diff before storing the report without it. */
  waitMs: number;
}

/** The document's file name when the ingest fetched the primary document itself (a bare document). */
function documentNameOf(url: string | undefined): string | null {
  const name = url?.split('?')[0]?.split('/').pop() ?? '';
  return /\.(htm|html|txt)$/i.test(name) && !/index|\d{10}-\d{2}-\d{6}\.txt$/i.test(name) ? name : null;
}

export function newReportOf(
  parsed: ParsedFiling,
  ref: { accessionNo: string; cik: number },
  raw: string,
  url?: string,
): NewReport {
  return {
    accessionNo: ref.accessionNo,
    cik: parsed.company?.cik ?? ref.cik,
    formType: parsed.formType,
    periodOfReport: parsed.periodOfReport,
    filedDate: parsed.filedDate,
    primaryDocument: parsed.primaryDocument ?? documentNameOf(url),
    raw,
  };
}

export async function diffBeforeScoring(
  db: Db,
  p: {
    client: EdgarClient;
    ref: { accessionNo: string; cik: number };
    parsed: ParsedFiling;
    raw: string;
    url?: string;
  } & ReportDiffOptions,
): Promise<void> {
  const f = p.parsed;
  if (f.family !== 'periodic' || f.isAmendment || f.detail?.kind !== 'periodic' || f.detail.isLateNotice) return;
  const report = newReportOf(f, p.ref, p.raw, p.url);
  if (waitingInSlot >= IN_SLOT_DIFFS) return queueDiff(db, report, p.priority);
  waitingInSlot++;
  try {
    if (await diffWithin(db, p, report)) return;
  } finally {
    waitingInSlot--;
  }
  await queueDiff(db, report, p.priority);
}

/**
 * Reports whose ingest may wait for its diff at once, per process. A diff reads two reports of
 * megabytes each (seconds of CPU on a busy machine); when a burst of 10-Ks arrives together, as in
 * the after-close rush or a replayed day, waiting for every one would hold all ingest slots while
 * the Form 4s and 8-Ks behind them wait. One waits; the others are stored at once and rescored when
 * their background diff is done.
 */
const IN_SLOT_DIFFS = 1;
let waitingInSlot = 0;

/** True when the diff was stored within the wait. */
async function diffWithin(db: Db, p: { client: EdgarClient } & ReportDiffOptions, report: NewReport): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), p.waitMs);
  });
  const work = compareWithPrevious(db, { client: p.client, report, priority: p.priority });
  try {
    if ((await Promise.race([work, late])) !== 'late') return true;
  } catch {
    // Falls through to the background job: EDGAR paused or unreachable, a document missing.
  } finally {
    clearTimeout(timer);
  }
  work.catch(() => {});
  return false;
}

async function queueDiff(db: Db, report: NewReport, priority: EdgarPriority): Promise<void> {
  const { raw: _raw, ...ref } = report;
  await enqueue(
    db,
    reportDiffJob,
    { ...ref, priority },
    { jobKey: `report-diff:${report.accessionNo}`, maxAttempts: 5, ...reportJobOptions },
  );
}
