/** Background tasks of the filings domain (the list a process runs: src-server/background.ts). */
import { systemClock } from '../../clock';
import { defineTask } from '../../jobs/registry';
import { analyseFiling } from './analysis.service';
import { runBackfill } from './backfill.service';
import { analyzeJob, backfillJob, ingestJob } from './filings.jobs';
import { ingestAccession } from './filings.service';

/** A feed filing whose documents are not up yet is retried a few times; a backfilled one is not. */
const FEED_NOT_AVAILABLE_RETRIES = 3;
/** Documents land shortly around the feed listing: look again after 2, 4 and 8 s before failing the job. */
const DOCUMENT_WAITS_MS = [2_000, 4_000, 8_000];

export const ingestTask = defineTask({
  ...ingestJob,
  async handler(ref, { deps, job }) {
    if (!deps.edgar) throw new Error('edgar.ingest needs deps.edgar');
    const client = await deps.edgar.start();
    const bulk = ref.source === 'backfill' || ref.detectedVia === 'daily_index' || ref.detectedVia === 'submissions';
    const run = () => ingestAccession(deps.db, { client, ref, analyze: deps.llm != null, priority: bulk ? 'bulk' : 'live' });
    let outcome = await run();
    for (const wait of bulk ? [] : DOCUMENT_WAITS_MS) {
      if (outcome.status !== 'not_available') break;
      await (deps.clock ?? systemClock).sleep(wait);
      outcome = await run();
    }
    deps.metrics?.ingested.inc({ source: ref.source, status: outcome.status });
    if (outcome.status === 'stored') deps.metrics?.observeStage('detected_to_stored', 'all', ref.detectedAt);
    if (outcome.status === 'not_available') {
      if (ref.source !== 'backfill' && job.attempts < FEED_NOT_AVAILABLE_RETRIES) throw new Error(`${ref.accessionNo} not available on EDGAR yet`);
      deps.logger?.warn({ accessionNo: ref.accessionNo, source: ref.source }, 'filing documents not available; skipped');
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

export const filingTasks = [ingestTask, backfillTask, analyzeTask];
