/**
 * The public latency receipts (/latency, GET /api/latency): for the last 24 hours and 7 days,
 * acceptance -> detection (p50/p95, how many filings, by detection layer), detection ->
 * delivered per channel (SMS: the carrier's receipt through Twilio's status callback; email: the
 * SMTP server's acceptance, not inbox arrival), detection -> sent (the provider took the request), the distribution, the ten slowest with the reason, and the nightly
 * reconciliations' recall. Replay mode is said plainly: its filings are recorded old ones.
 */
import { latencyReason } from '#shared/latency-receipt';
import type { Db } from '../../db/client';
import * as repo from './latency.repo';

export const HISTOGRAM_EDGES = [5, 10, 20, 30, 45, 60, 90, 120, 300, 600, 3600, 86_400, 1e12];

const round = (v: number | null | undefined) => (v == null ? null : Math.round(Number(v) * 10) / 10);

async function window(db: Db, hours: number) {
  const [detection, delivery, sent] = await Promise.all([
    repo.detectionStats(db, { hours }),
    repo.deliveryStats(db, { hours }),
    repo.sentStats(db, { hours }),
  ]);
  return {
    hours,
    filings: detection.filings,
    accept_to_detect: { p50_s: round(detection.p50_s), p95_s: round(detection.p95_s) },
    by_layer: detection.by_layer ?? {},
    detect_to_delivered: Object.fromEntries(
      delivery.map((c) => [c.channel, { n: c.n, p50_s: round(c.p50_s), p95_s: round(c.p95_s) }]),
    ),
    detect_to_sent: Object.fromEntries(
      sent.map((c) => [
        c.channel,
        {
          n: c.n,
          p50_s: round(c.p50_s),
          p95_s: round(c.p95_s),
          delivered: c.delivered,
          not_delivered: c.not_delivered,
        },
      ]),
    ),
  };
}

export type LatencyReport = Awaited<ReturnType<typeof latencyReport>>;

export async function latencyReport(db: Db, { mode }: { mode: 'live' | 'replay' }) {
  const [day, week, counts, worst, recall] = await Promise.all([
    window(db, 24),
    window(db, 24 * 7),
    repo.histogram(db, { hours: 24 * 7, edges: HISTOGRAM_EDGES }),
    repo.worst(db, { hours: 24 * 7, limit: 10 }),
    repo.recall(db, { days: 7 }),
  ]);
  return {
    mode,
    notice:
      mode === 'replay'
        ? 'Replay mode: this server reads a local stand-in for EDGAR that releases recorded, historical filings. Their acceptance times are years old, so acceptance-to-detection is not measured here; detection-to-delivery is real.'
        : null,
    generated_at: new Date().toISOString(),
    windows: { '24h': day, '7d': week },
    histogram_7d: HISTOGRAM_EDGES.map((hi, i) => ({
      lo_s: i === 0 ? 0 : HISTOGRAM_EDGES[i - 1]!,
      hi_s: hi >= 1e12 ? null : hi,
      count: counts[i] ?? 0,
    })),
    worst_7d: worst.map((w) => ({
      id: w.id,
      accession_no: w.accession_no,
      ticker: w.ticker,
      company_name: w.company_name,
      form: w.form_type,
      seconds: round(w.seconds),
      receipt: {
        accepted_at: w.accepted_at,
        listed_after: w.listed_after,
        detected_at: w.detected_at,
        stored_at: w.stored_at,
        detected_via: w.detected_via,
      },
      reason: latencyReason({
        accepted_at: w.accepted_at,
        listed_after: w.listed_after,
        detected_at: w.detected_at,
        stored_at: w.stored_at,
        detected_via: w.detected_via,
      }),
    })),
    recall: recall.map((r) => ({
      day: r.day,
      source: r.source,
      listed: r.listed,
      detected_before: r.detected_before,
      recall: r.recall,
    })),
  };
}
