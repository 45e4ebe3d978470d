/**
 * Background work of the filings domain, started with the process (src-server/background.ts): EDGAR
 * detection (one leader across all processes) and the backfill watcher (LISTEN + periodic scan).
 */
import { CHANNELS, listenTo } from '../../db/channels';
import type { AppDeps } from '../../deps';
import { runAsLeader } from '../../jobs/leader';
import { singleFlight } from '../../jobs/single-flight';
import type { RunningWorkers } from '../../jobs/workers';
import { enqueueMissingBackfills } from './backfill.service';
import { startDetection } from './detection.service';

const BACKFILL_SCAN_MS = 60_000;

function startBackfillWatcher(deps: AppDeps): RunningWorkers {
  const scan = singleFlight(async () => {
    await enqueueMissingBackfills(deps.db).catch((err) => deps.logger?.error({ err }, 'backfill scan failed'));
  });
  const listening = listenTo(deps.sql, CHANNELS.watchlistTickerAdded, scan.trigger, scan.trigger);
  const timer = setInterval(scan.trigger, BACKFILL_SCAN_MS);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await (await listening).unlisten();
      await scan.stop();
    },
  };
}

export async function startEdgarIngest(deps: AppDeps): Promise<RunningWorkers> {
  const edgar = deps.edgar;
  if (!edgar) return { stop: async () => {} };
  const log = (m: string) => deps.logger?.info(m);
  await edgar.start();
  const leadership = runAsLeader(deps.databaseUrl, {
    name: 'edgar-feed-poller',
    // Every second of a leaderless feed is a second behind EDGAR: a standby asks for the lock every
    // 2 s (one trivial statement), so a killed leader is replaced within about 3 s with the handover.
    retryMs: 2_000,
    log,
    start: async () => {
      log('EDGAR detection: this process is the poll leader (feed, full-text sweep, nightly reconciliation)');
      return startDetection(deps);
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
