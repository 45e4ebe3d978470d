/**
 * How many SMS segments a text costs (GSM 03.38 / 3GPP TS 23.040), shared by the send path and the
 * admin template editor's counter. A text of GSM-7 characters fits 160 in one segment and 153 per
 * segment once split (7 go to the concatenation header); one character outside GSM-7 turns the
 * whole text into UCS-2: 70 alone, 67 per segment. Extension characters (€ [ ] { } etc.) take two
 * GSM-7 septets.
 */
export const GSM_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const GSM_EXTENDED = '^{}\\[~]|€\f';
const BASIC = new Set(GSM_BASIC);
const EXTENDED = new Set(GSM_EXTENDED);

export type SmsEncoding = 'GSM-7' | 'UCS-2';

export interface SmsLength {
  encoding: SmsEncoding;
  /** Septets (GSM-7) or UTF-16 code units (UCS-2). */
  units: number;
  segments: number;
  /** The limit of a text that stays one segment: 160 or 70. */
  singleLimit: number;
  /** Units per segment once the text is split: 153 or 67. */
  perSegment: number;
}

export const SMS_LIMITS = { 'GSM-7': { single: 160, multi: 153 }, 'UCS-2': { single: 70, multi: 67 } } as const;

export const isGsm7Char = (ch: string) => BASIC.has(ch) || EXTENDED.has(ch);

export function smsLength(text: string): SmsLength {
  const chars = [...text];
  const gsm = chars.every(isGsm7Char);
  const encoding: SmsEncoding = gsm ? 'GSM-7' : 'UCS-2';
  const units = gsm ? chars.reduce((n, ch) => n + (EXTENDED.has(ch) ? 2 : 1), 0) : text.length;
  const { single, multi } = SMS_LIMITS[encoding];
  const segments = units === 0 ? 0 : units <= single ? 1 : Math.ceil(units / multi);
  return { encoding, units, segments, singleLimit: single, perSegment: multi };
}
