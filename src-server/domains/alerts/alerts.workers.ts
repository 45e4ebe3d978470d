/**
 * Background work of the alerts domain, in every process that runs workers (src-server/background.ts):
 * matching on `filing_scored` (LISTEN on the process's one listening connection), and a sweep
 * that catches what notifications and crashed processes leave behind: filings nobody matched,
 * alerts and digests of dead senders, lost jobs, and digests that are due.
 */
import { CHANNELS, listenTo } from '../../db/channels';
import { takeTurn } from '../../db/claims';
import type { AppDeps } from '../../deps';
import { singleFlight } from '../../jobs/single-flight';
import { unlockAbandonedJobs } from '../../jobs/worker-liveness';
import type { RunningWorkers } from '../../jobs/workers';
import { alertSettings } from './alerts.config';
import { pruneOldAlerts } from './retention.service';
import { requeueOrphans, unclaimStuck } from './delivery.repo';
import { requeueOrphanDigests } from './digest.repo';
import { openDueBriefs, openDueDigests } from './digest.service';
import { watchDeadlines } from '../threads/deadlines.service';
import { linkFiling } from '../threads/threads.service';
import { matchFiling, matchMissedFilings } from './match.service';
import { applyLapsedCompLimits } from '../watchlist/watchlist.service';

/** A queued alert nobody picked up for this long lost its job. */
const OVERDUE_SECONDS = 120;

/**
 * One pass of every sweep step; a step that fails is logged and the others still run. This
 * process's own stuck rows are opened in every process; the cluster-wide steps run in the one
 * process that takes the sweep's turn (issue 27: five processes each ran all eight every 15 s).
 */
async function unlockAbandoned(deps: AppDeps): Promise<void> {
  const freed = await unlockAbandonedJobs(deps.db);
  if (freed > 0) deps.logger?.warn({ jobs: freed }, 'freed jobs held by killed workers; they run again');
}

export async function sweepAlerts(deps: AppDeps, options: { everyMs?: number } = {}): Promise<void> {
  const identity = deps.senderIdentity;
  const me = await identity.current();
  const own: [string, () => Promise<unknown>][] = [
    ['open stuck alerts', () => unclaimStuck(deps.db, { table: 'alerts', me, inFlight: identity.inFlight })],
    ['open stuck digests', () => unclaimStuck(deps.db, { table: 'alert_digests', me, inFlight: identity.inFlight })],
  ];
  const cluster: [string, () => Promise<unknown>][] = [
    [
      'match missed filings',
      () => matchMissedFilings(deps.db, { burstGatherSeconds: alertSettings(deps.env).burstGatherSeconds }),
    ],
    ['requeue orphaned alerts', () => requeueOrphans(deps.db, { limit: 5_000, overdueSeconds: OVERDUE_SECONDS })],
    ['requeue orphaned digests', () => requeueOrphanDigests(deps.db, { overdueSeconds: OVERDUE_SECONDS })],
    ['open due digests', () => openDueDigests(deps)],
    ['open due briefs', () => openDueBriefs(deps)],
    ['watch report deadlines', () => watchDeadlines(deps)],
    ['retention', () => pruneOldAlerts(deps)],
    ['free jobs of killed workers', () => unlockAbandoned(deps)],
    // A lapsed comp account is matched on tickers past the free limit for one sweep at most.
    ['ticker limit after comp PRO ended', () => applyLapsedCompLimits(deps.db)],
  ];
  // A little under the interval, so timers that drift apart do not skip a turn.
  const turn = options.everyMs == null || (await takeTurn(deps.db, 'alerts-sweep', options.everyMs * 0.8));
  const steps = turn ? [...own, ...cluster] : own;
  for (const [name, step] of steps) {
    await step().catch((err) => deps.logger?.error({ err, step: name }, 'alerts sweep step failed'));
  }
}

export async function startAlerts(deps: AppDeps): Promise<RunningWorkers> {
  const settings = alertSettings(deps.env);
  const log = deps.logger;
  // Half a MAIL_EVENTS configuration stops start-up here rather than at the first crash recovery.
  const events = deps.mailEvents;
  if (deps.mailer.kind === 'smtp') {
    if (!deps.env.MAIL_POSTAL_ADDRESS)
      log?.warn('MAIL_POSTAL_ADDRESS not set: alert emails carry no postal address (required for commercial email)');
    if (!events)
      log?.warn('MAIL_EVENTS_URL not set: an email cut off by a crash is sent again with the same Message-ID');
  }
  const identity = deps.senderIdentity;
  await identity.current();

  const waiting = new Set<number>();
  const matcher = singleFlight(async () => {
    for (const filingId of waiting) {
      waiting.delete(filingId);
      try {
        // Threads first, so the alert can say which filing it follows.
        await linkFiling(deps.db, { filingId }).catch((err) =>
          log?.error({ err, filingId }, 'linking a filing into its threads failed'),
        );
        const outcome = await matchFiling(deps.db, { filingId, burstGatherSeconds: settings.burstGatherSeconds });
        if (outcome.claimed) log?.info({ filingId, ...outcome }, 'filing matched to watchers');
      } catch (err) {
        // Left unmatched: the sweep picks it up.
        log?.error({ err, filingId }, 'matching a filing failed');
      }
    }
  });
  const sweep = singleFlight(() =>
    sweepAlerts(deps, { everyMs: settings.sweepMs }).catch((err) => log?.error({ err }, 'alerts sweep failed')),
  );

  const listening = listenTo(
    deps.sql,
    CHANNELS.filingScored,
    (id) => {
      waiting.add(id);
      matcher.trigger();
    },
    // (Re)connected: whatever was stored while the connection was down is caught up now.
    () => sweep.trigger(),
  );
  const timer = setInterval(sweep.trigger, settings.sweepMs);
  timer.unref();
  await listening;

  return {
    async stop() {
      clearInterval(timer);
      await (await listening).unlisten().catch(() => {});
      await matcher.stop();
      await sweep.stop();
      // The sender identity stays held until the job queue has stopped (jobs/workers.ts): sends
      // still finishing must not look like a dead sender's to the other processes.
    },
  };
}
