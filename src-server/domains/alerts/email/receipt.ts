/**
 * The receipt line every alert email carries (HTML and plain text): when SEC accepted the filing,
 * when we detected it (how long after, by which layer), when the message went out, from the
 * filing's stored receipt. The wording is core/latency-receipt's receiptLine (shared with the
 * ticker page and /latency); this adds the reader's zone, naming a day only when it changes.
 */
import { receiptLine as latencyReceiptLine } from '#shared/latency-receipt';
import { zonedFormat } from '../zoned-format';

export interface ReceiptTimes {
  acceptedAt: Date | null;
  detectedAt: Date | null;
  /** Which layer found it ('feed', 'efts', ...; core/latency-receipt DETECTION_LAYERS). */
  detectedVia?: string | null;
  sentAt: Date;
}

const CLOCK: Intl.DateTimeFormatOptions = {
  hour: 'numeric',
  minute: '2-digit',
  second: '2-digit',
  timeZoneName: 'short',
};
const DAY: Intl.DateTimeFormatOptions = { month: 'short', day: 'numeric' };

export function receiptLine(t: ReceiptTimes, timeZone: string): string {
  let lastDay = '';
  const format = (d: Date) => {
    const day = zonedFormat(timeZone, DAY).format(d);
    const text = `${day !== lastDay ? `${day} ` : ''}${zonedFormat(timeZone, CLOCK).format(d)}`;
    lastDay = day;
    return text;
  };
  const iso = (d: Date | null) => d?.toISOString() ?? null;
  const line = latencyReceiptLine(
    {
      accepted_at: iso(t.acceptedAt),
      detected_at: iso(t.detectedAt),
      detected_via: t.detectedVia ?? null,
      sent_at: iso(t.sentAt),
    },
    format,
  );
  // Not detected by us (a filing imported by hand): the sending instant is still a receipt.
  return line ?? `${t.acceptedAt ? `accepted by SEC ${format(t.acceptedAt)} → ` : ''}sent ${format(t.sentAt)}`;
}
