/** Where an ingest (and a report's section diff) waits in the job queue. */
import { reportKind } from '../../edgar-model/sections/items';

/** Bulk ingests (backfill, reconciliation) run one at a time in this queue, behind live ones. */
export const BULK_QUEUE = 'edgar-bulk';
export const BULK_PRIORITY = 10;

/**
 * Annual and quarterly reports wait behind the other live forms in a backlog (the after-close
 * rush, a catch-up after an outage): their documents run to megabytes and their section diff to
 * seconds of CPU, while a Form 4 or an 8-K is read in milliseconds and moves prices that day. The
 * market does not react to a report's rewritten text on the day it is filed (research/importance.md
 * §5), so a report a few seconds later loses nothing (decision 321).
 */
export const REPORT_PRIORITY = 5;

/**
 * A report's diff job waits at the report priority too (it was 0, level with 8-Ks). Not capped by a
 * named queue: graphile-worker runs a named queue's jobs one at a time, so one stuck diff would hold
 * back every report behind it (decision 332).
 */
export const reportJobOptions = { priority: REPORT_PRIORITY } as const;

/** An ingest's place: bulk finds in the bulk queue, reports behind the rest, the rest at the front. */
export function ingestQueueOf(f: { formType?: string | null; bulk: boolean }): {
  queueName?: string;
  priority?: number;
} {
  if (f.bulk) return { queueName: BULK_QUEUE, priority: BULK_PRIORITY };
  return f.formType && reportKind(f.formType) ? reportJobOptions : {};
}
