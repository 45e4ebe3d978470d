/**
 * A filing's latency receipt, and why a detection was slow, in plain words. Pure: the /latency
 * page, the ticker page and alert messages share it.
 */
import { HOLD_CUTOFF_S, HOLD_RELEASE_S } from './edgar-hold';
import { nextBusinessDay, nyInstant, nyParts } from './us-calendar';

export interface Receipt {
  accepted_at: string | null;
  /** The feed listed it after this instant (our last poll covering its place without it). */
  listed_after: string | null;
  detected_at: string | null;
  stored_at: string | null;
  /** 'feed' | 'feed_deep' | 'efts' | 'submissions' | 'daily_index' | 'backfill' | 'manual' */
  detected_via: string | null;
}

export const DETECTION_LAYERS: Record<string, string> = {
  feed: 'latest-filings feed',
  feed_deep: 'latest-filings feed (deeper page)',
  efts: 'full-text search sweep',
  submissions: 'nightly check of company filings',
  daily_index: "nightly check of EDGAR's daily index",
  backfill: 'history backfill',
  manual: 'manual import',
};

const ms = (iso: string | null) => (iso ? Date.parse(iso) : Number.NaN);

/** "12 s", "4 min 5 s", "9 h 12 min". */
export function formatDuration(seconds: number): string {
  if (!Number.isFinite(seconds)) return '-';
  const s = Math.max(0, seconds);
  if (s < 10) return `${s.toFixed(1)} s`;
  if (s < 60) return `${Math.round(s)} s`;
  if (s < 3600) return `${Math.floor(s / 60)} min ${Math.round(s % 60)} s`;
  return `${Math.floor(s / 3600)} h ${Math.round((s % 3600) / 60)} min`;
}

/**
 * Filed after 17:30 ET and seen at or after the next business day's 06:00 release: EDGAR held it.
 * Seen earlier (after midnight, before any release), it was not held: its delay has another reason.
 */
export function wasHeld(r: Receipt): boolean {
  const a = ms(r.accepted_at);
  const d = ms(r.detected_at);
  if (Number.isNaN(a) || Number.isNaN(d)) return false;
  const accepted = nyParts(a);
  return accepted.secondsOfDay >= HOLD_CUTOFF_S && d >= nyInstant(nextBusinessDay(accepted.date), HOLD_RELEASE_S);
}

/** Why acceptance -> detection took as long as it did. */
export function latencyReason(r: Receipt): string {
  const a = ms(r.accepted_at);
  const d = ms(r.detected_at);
  const l = ms(r.listed_after);
  if (r.detected_via === 'daily_index' || r.detected_via === 'submissions') {
    return `Never seen in EDGAR's latest-filings feed or full-text search; found by the ${DETECTION_LAYERS[r.detected_via]}.`;
  }
  if (wasHeld(r)) return 'Filed after 17:30 ET: EDGAR held it until its 06:00 release the next business day.';
  if (r.detected_via === 'efts')
    return "Not listed in EDGAR's latest-filings feed in time; found by the full-text search sweep.";
  if (!Number.isNaN(l) && !Number.isNaN(a) && !Number.isNaN(d)) {
    const edgar = (l - a) / 1000;
    const ours = (d - l) / 1000;
    if (ours > edgar)
      return `Our side: ${formatDuration(ours)} from EDGAR's listing to detection (EDGAR took ${formatDuration(edgar)}).`;
    return `EDGAR listed it in the feed ${formatDuration(edgar)} after acceptance; we saw it within ${formatDuration(ours)}.`;
  }
  if (r.detected_via === 'feed_deep')
    return 'Listed below newer filings in the feed (sorted by acceptance time); found on a deeper page.';
  return "EDGAR's feed listed it late; the exact listing time is not known (first poll after a restart).";
}

/**
 * An alert's receipt line: accepted by SEC -> detected (how long after, by which layer) -> sent,
 * each instant through `format` (the reader's zone; called in that order, so it may leave out a
 * date the previous instant already showed). Null without a detection instant.
 */
export function receiptLine(
  r: Pick<Receipt, 'accepted_at' | 'detected_at' | 'detected_via'> & { sent_at?: string | null },
  format: (d: Date) => string,
): string | null {
  const a = ms(r.accepted_at);
  const d = ms(r.detected_at);
  const sent = ms(r.sent_at ?? null);
  if (Number.isNaN(d)) return null;
  const accepted = Number.isNaN(a) ? null : `accepted by SEC ${format(new Date(a))}`;
  const how = [
    ...(Number.isNaN(a) ? [] : [`${formatDuration((d - a) / 1000)} later`]),
    ...(r.detected_via && DETECTION_LAYERS[r.detected_via] ? [`via the ${DETECTION_LAYERS[r.detected_via]}`] : []),
  ];
  const detected = `detected ${format(new Date(d))}${how.length ? ` (${how.join(', ')})` : ''}`;
  return [accepted, detected, Number.isNaN(sent) ? null : `sent ${format(new Date(sent))}`].filter(Boolean).join(' → ');
}
