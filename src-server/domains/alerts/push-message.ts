/**
 * The web push notification of an alert (issue #31): title like the email subject's head, the
 * one-liner as body (a 10-K/10-Q's change since last year under it), and the filing on its ticker
 * page as what a click opens. Pure.
 */
import { isImportance } from '#shared/importance';
import { formName } from '#shared/spoken-forms';
import type { FilingFacts } from './alert-messages';
import { who } from './email/alert-email';
import { clip } from './clip';
import type { PushMessage, PushOptions } from '../push/push.service';

/** Lock screens show two to four lines; the rest is on the ticker page. */
const BODY_MAX = 180;
/** The one-liner keeps at least this much beside a report's change line. */
const MIN_ONE_LINER = 40;
/** An alert older than this is news no longer: the push service drops it rather than deliver it late. */
const TTL_SECONDS = 6 * 3600;

/** Where a click lands: the filing's card on the ticker page (same origin), else the filing on sec.gov. */
export function filingPath(f: Pick<FilingFacts, 'filingId' | 'ticker' | 'link'>): string {
  if (f.ticker) return `/ticker/${encodeURIComponent(f.ticker)}#filing-${f.filingId}`;
  return f.link ?? '/';
}

/**
 * A 10-K/10-Q's change since last year as the body's second line: the summary's headline (the
 * rewritten share of the risk factors and the count of new and removed ones, the same count the
 * text message carries). Like the text message, the count is kept and the one-liner gives way.
 */
function changeLine(f: FilingFacts): string {
  return f.reportChange ? `\n${clip(f.reportChange.headline, BODY_MAX - MIN_ONE_LINER - 1)}` : '';
}

export function alertPush(f: FilingFacts, { burst = 0 }: { burst?: number } = {}): PushMessage {
  const more = burst ? ` +${burst} more` : '';
  const change = changeLine(f);
  return {
    title: `${who(f)} ${formName(f.formType)} · ${f.importance}${more}`,
    body: clip(f.oneLiner.replace(/\s+/g, ' ').trim(), BODY_MAX - change.length) + change,
    url: filingPath(f),
    tag: `filing-${f.filingId}`,
  };
}

/** RFC 8030 Urgency from importance: CRITICAL and HIGH wake a phone, LOW may wait for it to be awake. */
export function pushOptions(f: Pick<FilingFacts, 'importance'>, alertId: number): PushOptions {
  const importance = isImportance(f.importance) ? f.importance : 'LOW';
  const urgency =
    importance === 'CRITICAL' || importance === 'HIGH' ? 'high' : importance === 'MEDIUM' ? 'normal' : 'low';
  return { urgency, topic: `alert-${alertId}`, ttlSeconds: TTL_SECONDS };
}
