import { edgarMode } from '../../config/env';
import { ADDON_PACK_PRICE_USD, ALL_FILINGS_PLAN_PRICE_USD } from '#shared/plans';
import type { AppDeps } from '../../deps';
import { alertLatency } from '../alerts/alerts-admin.service';
import * as repo from './overview.repo';

const iso = (d: Date | string | null) => (d == null ? null : new Date(d).toISOString());
const round = (n: number | null) => (n == null ? null : Math.round(n * 10) / 10);

/** /admin: the service's health in one read, every figure from the database or this process. */
export async function overview(deps: AppDeps) {
  const [ingestion, queue, dead, users, latency, errors, sent] = await Promise.all([
    repo.ingestion(deps.db),
    repo.queue(deps.db),
    repo.deadLetters(deps.db),
    repo.userCounts(deps.db),
    alertLatency(deps.db, { hours: 24 }),
    repo.recentErrors(deps.db, { limit: 10 }),
    repo.sentLast24h(deps.db),
  ]);
  const mode = deps.edgar?.mode ?? edgarMode(deps.env);
  return {
    generatedAt: new Date().toISOString(),
    ingestion: {
      mode,
      lastRequestAt: iso(ingestion.last_request_at),
      pausedUntil: iso(ingestion.paused_until),
      pauseReason: ingestion.pause_reason,
      lastDetectedAt: iso(ingestion.last_detected_at),
      lastStoredAt: iso(ingestion.last_stored_at),
      stored24h: ingestion.stored_24h,
      // Replayed filings carry their real (years old) acceptance times: no lag to speak of.
      lagSeconds: mode === 'live' ? { p50: round(ingestion.lag_p50_s), p95: round(ingestion.lag_p95_s) } : null,
    },
    queue,
    deadLetters: { alerts: dead.alerts, digests: dead.digests, stripeEvents: dead.stripe_events },
    // Stored -> sent per channel: what a subscriber waits once we have the filing.
    alertLatency24h: latency.stages
      .filter((s) => s.stage === 'stored_to_sent')
      .map((s) => ({ channel: s.channel, count: s.count, p50Ms: s.p50Ms, p95Ms: s.p95Ms })),
    // What went out, counted apart from the timings (an alert queued before the window still counts).
    sent24h: { email: sent.email, sms: sent.sms, digests: sent.digests },
    liveSockets: deps.live.subscriberCount,
    users: { total: users.total, verified: users.verified, pro: users.pro, paying: users.paying, comped: users.comped },
    // From subscriptions as the Stripe sync stored them, at the plan's list prices.
    mrrUsd: users.paying * ALL_FILINGS_PLAN_PRICE_USD + users.addon_packs * ADDON_PACK_PRICE_USD,
    recentErrors: errors.map((e) => ({ source: e.source, what: e.what, error: e.error, at: iso(e.at)! })),
  };
}
