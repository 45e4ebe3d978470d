/**
 * The receipt line every alert carries: when EDGAR accepted the filing, when we detected it, when
 * the message went out. One function, so the receipt timestamps issue #17 adds (listed-in-feed,
 * stored, delivered) are added here and nowhere else.
 */
import { zonedFormat } from '../zoned-format';

export interface ReceiptTimes {
  acceptedAt: Date | null;
  detectedAt: Date | null;
  sentAt: Date;
}

const CLOCK: Intl.DateTimeFormatOptions = { hour: 'numeric', minute: '2-digit', second: '2-digit', timeZoneName: 'short' };
const DAY: Intl.DateTimeFormatOptions = { month: 'short', day: 'numeric' };

export function receiptLine(t: ReceiptTimes, timeZone: string): string {
  const clock = (d: Date) => zonedFormat(timeZone, CLOCK).format(d);
  const day = (d: Date) => zonedFormat(timeZone, DAY).format(d);
  const parts: string[] = [];
  let lastDay = '';
  const stamp = (label: string, d: Date | null) => {
    if (!d) return;
    const today = day(d);
    parts.push(`${label} ${today !== lastDay ? `${today} ` : ''}${clock(d)}`);
    lastDay = today;
  };
  stamp('accepted', t.acceptedAt);
  stamp('detected', t.detectedAt);
  stamp('sent', t.sentAt);
  return parts.join(' → ');
}
