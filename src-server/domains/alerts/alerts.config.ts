import type { Env } from '../../config/env';

import { deliverJob } from './alerts.jobs';

export const DELIVER_TASK = deliverJob.name;
/**
 * Alerts per delivery job: a 100,000-watcher filing makes 2,000 jobs, spread over every worker.
 * Small, so a send slot busy with a popular filing's tail frees within a second or two and another
 * filing's alerts (whose job goes ahead of the tail: deliveryJobsSql `yieldTail`) do not wait
 * behind the burst; two or three send groups per job keep the per-job queries few.
 */
export const DELIVERY_CHUNK = 50;
/** graphile-worker's own retries of a delivery job (the alert rows carry their own attempts). */
export const DELIVER_JOB_ATTEMPTS = 5;
/**
 * Bursts: a company whose other filing was stored this recently is mid-burst (a deal 8-K with its
 * exhibits filed as several accessions, a fund's joint Form 4s); its non-CRITICAL real-time alerts
 * wait ALERT_BURST_GATHER_SECONDS, and the one sent names every queued alert of the company within
 * BURST_BUNDLE_SECONDS of it.
 */
export const BURST_WINDOW_SECONDS = 120;
export const BURST_BUNDLE_SECONDS = 600;
/** Filings stored this long ago or less are matched by the catch-up sweep. */
export const CATCH_UP_HOURS = 24;

export interface AlertSettings {
  maxAttempts: number;
  /** First retry delay; each further attempt doubles it (capped at an hour), with jitter. */
  retryBaseMs: number;
  /** How often the sweep runs (missed filings, crashed senders, lost jobs, due digests). */
  sweepMs: number;
  /** How long a provider's message log may lag behind an accepted send. */
  settleMs: number;
  /** Bursts: the wait of a mid-burst company's real-time alerts, in seconds. */
  burstGatherSeconds: number;
  /** Sends one delivery job runs at once (marked 'sending' together, then sent concurrently). */
  sendParallelism: number;
}

export function alertSettings(env: Env): AlertSettings {
  return {
    maxAttempts: env.ALERT_MAX_ATTEMPTS,
    retryBaseMs: env.ALERT_RETRY_BASE_SECONDS * 1000,
    sweepMs: env.ALERT_SWEEP_SECONDS * 1000,
    settleMs: env.MAIL_EVENTS_SETTLE_SECONDS * 1000,
    burstGatherSeconds: env.ALERT_BURST_GATHER_SECONDS,
    sendParallelism: env.ALERT_SEND_PARALLELISM,
  };
}

const MAX_BACKOFF_MS = 60 * 60 * 1000;

/** Delay before attempt `attempts + 1`: base * 2^(attempts-1), capped, +-20% jitter. */
export function backoffMs(
  settings: Pick<AlertSettings, 'retryBaseMs'>,
  attempts: number,
  random = Math.random,
): number {
  const raw = Math.min(MAX_BACKOFF_MS, settings.retryBaseMs * 2 ** Math.max(0, attempts - 1));
  return Math.round(raw * (0.8 + 0.4 * random()));
}
