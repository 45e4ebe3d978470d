/**
 * Detection, in the one process that leads (jobs/leader.ts): the latest-filings feed poll
 * (integrations/edgar/feed-poller.ts), the safety net that sweeps the full-text index for watched
 * companies every 90 s in EDGAR hours, and the nightly reconciliation (reconcile.service.ts).
 * Every layer hands new accession numbers to one enqueue: an `edgar.ingest` job keyed by the
 * accession (a second layer finding it adds nothing), carrying the receipt (detected when, by
 * which layer, listed after when).
 */
import { systemClock, type Clock } from '../../clock';
import { nyDate, previousBusinessDay } from '#shared/us-calendar';
import type { Db } from '../../db/client';
import { retryOnDeadlock } from '../../db/errors';
import type { AppDeps } from '../../deps';
import type { EdgarClient } from '../../integrations/edgar/edgar-client';
import {
  EFTS_CIKS_PER_QUERY,
  EFTS_MAX_HITS,
  EFTS_PAGE,
  eftsPath,
  parseEftsPage,
  type EftsFiling,
} from '../../integrations/edgar/efts';
import { SeenSet, startFeedPoller, type DetectedFiling } from '../../integrations/edgar/feed-poller';
import { deepSweepFloor, isEdgarActive } from '../../integrations/edgar/schedule';
import { enqueue } from '../../jobs/job';
import type { RunningWorkers } from '../../jobs/workers';
import { ingestJob, ingestJobKey, type Detected, type DetectedVia } from './filings.jobs';
import { ingestQueueOf } from './ingest-queues';
import * as repo from './filings.repo';
import { runDueReconciliations } from './reconcile.service';

export type { Detected, DetectedVia } from './filings.jobs';

const isBulk = (via: DetectedVia) => via === 'submissions' || via === 'daily_index';

/** One ingest job per accession; late finds of the nightly reconciliation go to the bulk queue. */
export async function enqueueDetected(
  db: Db,
  { filings, source }: { filings: Detected[]; source: 'feed' | 'replay' },
): Promise<void> {
  if (filings.length === 0) return;
  // In accession order, so two finders adding overlapping sets (the feed and the nightly
  // reconciliation) lock job keys in the same order. bench:detect saw the reconciliation fail on a
  // deadlock against another add when they did not; a deadlock still possible (graphile's queue
  // rows) is tried again: the whole set commits or none of it.
  const ordered = [...filings].sort((a, b) => a.accessionNo.localeCompare(b.accessionNo));
  await retryOnDeadlock(() => enqueueAll(db, ordered, source));
}

async function enqueueAll(db: Db, filings: Detected[], source: 'feed' | 'replay'): Promise<void> {
  await db.transaction(async (tx) => {
    for (const f of filings) {
      const payload = {
        accessionNo: f.accessionNo,
        cik: f.cik,
        formType: f.formType ?? null,
        companyName: f.companyName ?? null,
        filedDate: f.filedDate ?? null,
        acceptedAt: f.acceptedAt ?? null,
        detectedAt: f.detectedAt.toISOString(),
        listedAfter: f.listedAfter?.toISOString() ?? null,
        detectedVia: f.via,
        source,
      };
      await enqueue(tx, ingestJob, payload, {
        jobKey: ingestJobKey(f.accessionNo),
        jobKeyMode: 'unsafe_dedupe',
        maxAttempts: 10,
        ...ingestQueueOf({ formType: f.formType, bulk: isBulk(f.via) }),
      });
    }
  });
}

/** The full-text index for the watched companies (100 CIKs a query), today and the business day before. */
export async function eftsSweep(
  db: Db,
  { client, clock, seen }: { client: EdgarClient; clock: Clock; seen: SeenSet },
): Promise<Detected[]> {
  const now = clock.now();
  const ciks = await repo.watchedCiks(db);
  const today = nyDate(now);
  const startdt = previousBusinessDay(today);
  const found = new Map<string, EftsFiling>();
  for (let i = 0; i < ciks.length; i += EFTS_CIKS_PER_QUERY) {
    const batch = ciks.slice(i, i + EFTS_CIKS_PER_QUERY);
    for (let from = 0; from < EFTS_MAX_HITS; from += EFTS_PAGE) {
      const json = await client.getJson(
        `${client.eftsBaseUrl}${eftsPath({ ciks: batch, startdt, enddt: today, from })}`,
        'sweep',
      );
      const page = parseEftsPage(json);
      for (const f of page.filings) if (!found.has(f.accessionNo)) found.set(f.accessionNo, f);
      if (page.hits < EFTS_PAGE || from + EFTS_PAGE >= page.total) break;
    }
  }
  const detectedAt = new Date(clock.now());
  const unseen = [...found.values()].filter((f) => !seen.has(f.accessionNo));
  const stored = await repo.storedAccessions(db, { accessionNos: unseen.map((f) => f.accessionNo) });
  const watched = new Set(ciks);
  const fresh = unseen.filter((f) => !stored.has(f.accessionNo));
  for (const f of unseen) seen.add(f.accessionNo);
  return fresh
    .map((f) => ({
      accessionNo: f.accessionNo,
      cik: f.ciks.find((c) => watched.has(c)) ?? f.ciks[0] ?? 0,
      formType: f.formType || null,
      companyName: f.companyName,
      filedDate: f.filedDate,
      detectedAt,
      via: 'efts' as const,
    }))
    .filter((f) => f.cik > 0);
}

/** Runs `task` every `everyMs` of the clock while `due(now)` holds, as one `busy` stretch each. */
function every(
  clock: Clock,
  signal: AbortSignal,
  everyMs: (now: number) => number,
  task: () => Promise<void>,
  onError: (err: unknown) => void,
): Promise<void> {
  return (async () => {
    while (!signal.aborted) {
      const started = clock.now();
      await clock.busy(task).catch((err: unknown) => onError(err));
      await clock.sleep(Math.max(1, started + everyMs(clock.now()) - clock.now()), signal);
    }
  })();
}

export async function startDetection(deps: AppDeps): Promise<RunningWorkers> {
  const edgar = deps.edgar;
  if (!edgar) return { stop: async () => {} };
  const clock = deps.clock ?? systemClock;
  const source = edgar.mode === 'replay' ? 'replay' : 'feed';
  const seen = new SeenSet();
  const warn = (what: string) => (err: unknown) => deps.logger?.warn({ err }, what);
  const enqueue = (filings: Detected[]) => enqueueDetected(deps.db, { filings, source });

  const poller = startFeedPoller({
    client: () => edgar.start(),
    clock,
    seen,
    activeMs: deps.env.EDGAR_POLL_SECONDS * 1000,
    idleMs: deps.env.EDGAR_IDLE_POLL_SECONDS * 1000,
    alwaysActive: !edgar.edgarHours,
    known: (accessionNos) => {
      // Called once a feed page was fetched and read: a successful poll.
      deps.metrics?.pollSucceeded();
      return repo.storedAccessions(deps.db, { accessionNos });
    },
    onError: (err) => {
      deps.metrics?.edgarPolls.inc({ outcome: 'error' });
      warn('EDGAR feed poll failed')(err);
    },
    onNew: (filings: DetectedFiling[]) => {
      for (const f of filings) deps.metrics?.observeDetection(f.updated, f.detectedAt);
      return enqueue(
        filings.map((f) => ({
          accessionNo: f.accessionNo,
          cik: f.cik,
          formType: f.formType,
          companyName: f.companyName,
          filedDate: f.filedDate,
          acceptedAt: f.updated,
          detectedAt: f.detectedAt,
          listedAfter: f.listedAfter,
          via: f.via,
        })),
      );
    },
  });

  const abort = new AbortController();
  const sweepMs = deps.env.EDGAR_EFTS_SWEEP_SECONDS * 1000;
  const sweep = every(
    clock,
    abort.signal,
    () => sweepMs,
    async () => {
      const now = clock.now();
      if (edgar.edgarHours && !isEdgarActive(now) && deepSweepFloor(now) == null) return;
      const client = await edgar.start();
      await enqueue(await eftsSweep(deps.db, { client, clock, seen }));
    },
    warn('EDGAR full-text sweep failed'),
  );
  const reconcile = every(
    clock,
    abort.signal,
    () => 60_000,
    async () => {
      const client = await edgar.start();
      await runDueReconciliations(deps.db, { client, clock, enqueue });
    },
    warn('EDGAR reconciliation failed'),
  );

  return {
    async stop() {
      abort.abort();
      await poller.stop();
      await Promise.allSettled([sweep, reconcile]);
    },
  };
}
