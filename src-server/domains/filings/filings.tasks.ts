/** Background tasks of the filings domain (the list a process runs: src-server/background.ts). */
import { systemClock } from '../../clock';
import { enqueue } from '../../jobs/job';
import { nudgeWorkers } from '../../jobs/queue';
import { defineTask } from '../../jobs/registry';
import { analyseFiling } from './analysis.service';
import { nextDocumentCheck } from './document-wait';
import { runBackfill } from './backfill.service';
import { analyzeJob, backfillJob, ingestJob, ingestJobKey, retitleJob } from './filings.jobs';
import { retitleOwnershipFilings } from './filings-admin.service';
import { ingestAccession } from './filings.service';
import { ingestQueueOf } from './ingest-queues';

/** After the wait (document-wait.ts) the job fails and is retried this many times in all, then skipped. */
const FEED_NOT_AVAILABLE_RETRIES = 3;

export const ingestTask = defineTask({
  ...ingestJob,
  async handler(ref, { deps, job }) {
    if (!deps.edgar) throw new Error('edgar.ingest needs deps.edgar');
    const client = await deps.edgar.start();
    const clock = deps.clock ?? systemClock;
    const bulk = ref.source === 'backfill' || ref.detectedVia === 'daily_index' || ref.detectedVia === 'submissions';
    // A re-check while documents are awaited yields to the feed and to first fetches of live filings.
    const priority = bulk ? 'bulk' : ref.documentWait ? 'sweep' : 'live';
    const reports =
      deps.env.EDGAR_REPORT_DIFFS === 'on'
        ? {
            priority: bulk ? ('bulk' as const) : ('sweep' as const),
            waitMs: deps.env.EDGAR_REPORT_DIFF_WAIT_SECONDS * 1000,
          }
        : undefined;
    const outcome = await ingestAccession(deps.db, { client, ref, analyze: deps.llm != null, priority, reports });
    if (outcome.status === 'not_available' && !bulk) {
      const next = nextDocumentCheck(ref.documentWait ?? null, clock.now());
      if (next) {
        // Back in the queue (same key: the running row gives its key up, so a detection layer
        // finding the accession again still adds nothing), due on the app's clock: no job slot
        // is held while EDGAR uploads, and the wait is a row, so a crash or restart keeps it.
        const dueAt = clock.now() + next.delayMs;
        await enqueue(
          deps.db,
          ingestJob,
          { ...ref, documentWait: next.wait },
          {
            jobKey: ingestJobKey(ref.accessionNo),
            jobKeyMode: 'replace',
            ...ingestQueueOf({ formType: ref.formType, bulk }),
            runAt: new Date(dueAt - clock.offsetMs()),
            maxAttempts: job.maxAttempts,
          },
        );
        // Workers poll for due jobs every few seconds; wake one when this is due (best effort).
        void clock
          .sleep(next.delayMs + 20)
          .then(() => nudgeWorkers(deps.db))
          .catch(() => {});
        return;
      }
    }
    deps.metrics?.ingested.inc({ source: ref.source, status: outcome.status });
    if (outcome.status === 'stored') deps.metrics?.observeStage('detected_to_stored', 'all', ref.detectedAt);
    if (outcome.status === 'not_available') {
      if (ref.source !== 'backfill' && job.attempts < FEED_NOT_AVAILABLE_RETRIES) {
        const waited = ref.documentWait
          ? ` after waiting since ${ref.documentWait.since} (${ref.documentWait.checks} checks)`
          : '';
        throw new Error(`${ref.accessionNo} not available on EDGAR${waited}`);
      }
      deps.logger?.warn(
        { accessionNo: ref.accessionNo, source: ref.source },
        'filing documents not available; skipped',
      );
    }
  },
});

export const backfillTask = defineTask({
  ...backfillJob,
  async handler({ cik }, { deps }) {
    if (!deps.edgar) throw new Error('edgar.backfill needs deps.edgar');
    const client = await deps.edgar.start();
    const { queued } = await runBackfill(deps.db, { client, cik, days: deps.env.EDGAR_BACKFILL_DAYS });
    deps.logger?.info({ cik, queued }, 'EDGAR backfill queued recent filings');
  },
});

export const analyzeTask = defineTask({
  ...analyzeJob,
  async handler({ filingId }, { deps }) {
    if (!deps.llm) return;
    await analyseFiling(deps.db, { llm: deps.llm, filingId });
  },
});

export const retitleTask = defineTask({
  ...retitleJob,
  async handler({ cik }, { deps }) {
    const rescored = await retitleOwnershipFilings(deps.db, { cik });
    if (rescored > 0) deps.logger?.info({ cik, rescored }, "Forms 3/4/5 retitled with the company's cover name");
  },
});

export const filingTasks = [ingestTask, backfillTask, analyzeTask, retitleTask];
