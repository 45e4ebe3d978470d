/**
 * Background work of the filings domain, started with the process (jobs/workers.ts): the EDGAR
 * feed poller (one leader across all processes) and the backfill watcher (LISTEN + periodic scan).
 */
import type { AppDeps } from '../../deps';
import { startFeedPoller } from '../../integrations/edgar/poller';
import { runAsLeader } from '../../jobs/leader';
import { addJob } from '../../jobs/queue';
import { singleFlight } from '../../jobs/single-flight';
import type { RunningWorkers } from '../../jobs/workers';
import { enqueueMissingBackfills } from './backfill.service';
import * as repo from './filings.repo';

const BACKFILL_SCAN_MS = 60_000;

function startBackfillWatcher(deps: AppDeps): RunningWorkers {
  const scan = singleFlight(async () => {
    await enqueueMissingBackfills(deps.db).catch((err) => deps.logger?.error({ err }, 'backfill scan failed'));
  });
  const listening = deps.sql.listen('watchlist_ticker_added', scan.trigger, scan.trigger);
  const timer = setInterval(scan.trigger, BACKFILL_SCAN_MS);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await (await listening).unlisten();
      await scan.idle();
    },
  };
}

export async function startEdgarIngest(deps: AppDeps): Promise<RunningWorkers> {
  const edgar = deps.edgar;
  if (!edgar) return { stop: async () => {} };
  const log = (m: string) => deps.logger?.info(m);
  await edgar.start();
  const source = edgar.mode === 'replay' ? 'replay' : 'feed';
  const leadership = runAsLeader(deps.sql, {
    name: 'edgar-feed-poller',
    retryMs: deps.env.EDGAR_POLL_SECONDS * 1000,
    start: async () => {
      log('EDGAR feed poller: this process is the poll leader');
      return startFeedPoller({
        client: () => edgar.start(),
        intervalMs: deps.env.EDGAR_POLL_SECONDS * 1000,
        known: (accessionNos) => {
          // Called once the feed page was fetched and read: a successful poll.
          deps.metrics?.pollSucceeded();
          return repo.storedAccessions(deps.db, { accessionNos });
        },
        onError: (err) => {
          deps.metrics?.edgarPolls.inc({ outcome: 'error' });
          deps.logger?.warn({ err }, 'EDGAR feed poll failed');
        },
        onNew: (filings, detectedAt) =>
          deps.db.transaction(async (tx) => {
            for (const f of filings) deps.metrics?.observeDetection(f.updated, detectedAt);
            for (const f of filings) {
              await addJob(tx, {
                task: 'edgar.ingest',
                payload: {
                  accessionNo: f.accessionNo,
                  cik: f.cik,
                  formType: f.formType,
                  companyName: f.companyName,
                  filedDate: f.filedDate,
                  acceptedAt: f.updated,
                  detectedAt: detectedAt.toISOString(),
                  source,
                },
                jobKey: `ingest:${f.accessionNo}`,
                jobKeyMode: 'unsafe_dedupe',
                maxAttempts: 10,
              });
            }
          }),
      });
    },
  });
  const backfill = startBackfillWatcher(deps);
  return {
    async stop() {
      await backfill.stop();
      await leadership.stop();
      await edgar.stop();
    },
  };
}
