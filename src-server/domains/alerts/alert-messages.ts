/**
 * Alert emails, alert texts, the daily digest and the pre-market brief. The HTML comes from the
 * react-email templates in email/ (registered in email/templates.ts, so the admin template editor
 * previews the same output); the plain-text part is written alongside. Pure: links and names come in.
 */
import { COPY } from '#shared/copy';
import { FILED_DATE_NOT_RECORDED_INLINE, filedPhrase, isFiledDateUnknown } from '#shared/filed-date';
import { fillCopy, SMS_MIN_ONE_LINER, smsRoom } from '#shared/message-copy';
import { GSM_BASIC } from '#shared/sms-segments';
import { routeRule, type RouteSettings } from '#shared/routing';
import { formName } from '#shared/spoken-forms';
import type { MailMessage } from '../../integrations/email/mailer';
import { alertCopyValues, who, type AlertFiling } from './email/alert-email';
import { receiptLine, type ReceiptTimes } from './email/receipt';
import { reportChangeCount } from './email/report-change-block';
import { renderAlert, renderDigest } from './email/templates';
import { filedAtText, zonedFormat } from './zoned-format';
import { clip } from './clip';

import { filedDay, groupForDigest } from './email/digest-email';

export { groupForDigest };

/** A filing as messages use it, with the times of its receipt. */
export interface FilingFacts extends AlertFiling {
  acceptedAt?: Date | null;
  detectedAt?: Date | null;
  /** The detection layer of the receipt ('feed', 'efts', ...). */
  detectedVia?: string | null;
}

export interface MessageContext {
  brandName: string;
  brandColor: string;
  publicUrl: string;
  timeZone: string;
  /** One-click unsubscribe URL for this channel (email only). */
  unsubscribeUrl: string;
  postalAddress: string | null;
}

export const tickerPageUrl = (publicUrl: string, ticker: string) => `${publicUrl}/ticker/${encodeURIComponent(ticker)}`;
export const shortFilingUrl = (publicUrl: string, filingId: number) => `${publicUrl}/f/${filingId}`;

function footerText(ctx: MessageContext, why: string): string {
  return [
    '--',
    why,
    `Unsubscribe: ${ctx.unsubscribeUrl}`,
    [ctx.brandName, ctx.postalAddress].filter(Boolean).join(' · '),
    COPY.footerDisclaimer,
  ].join('\n');
}

function listUnsubscribe(ctx: MessageContext): Record<string, string> {
  // RFC 8058 one-click: mail clients POST "List-Unsubscribe=One-Click" to the URL.
  return { 'List-Unsubscribe': `<${ctx.unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}

const frameOf = (ctx: MessageContext, why: string) => ({
  brandName: ctx.brandName,
  brandColor: ctx.brandColor,
  why,
  unsubscribeUrl: ctx.unsubscribeUrl,
  postalAddress: ctx.postalAddress,
});

export interface AlertRouting {
  route: string | null;
  settings: RouteSettings;
}

/** The real-time alert email; `burst` holds the other filings of a burst sent in the same message. */
export async function alertEmail(
  to: string,
  f: FilingFacts,
  ctx: MessageContext,
  {
    routing,
    burst = [],
    sentAt = new Date(),
    copy = null,
  }: { routing: AlertRouting; burst?: FilingFacts[]; sentAt?: Date; copy?: Record<string, string> | null },
): Promise<MailMessage> {
  const why = `You get this because ${who(f)} is on your ${ctx.brandName} watchlist with email alerts on.`;
  const receipt: ReceiptTimes = {
    acceptedAt: f.acceptedAt ?? null,
    detectedAt: f.detectedAt ?? null,
    detectedVia: f.detectedVia ?? null,
    sentAt,
  };
  const rendered = await renderAlert({
    frame: frameOf(ctx, why),
    filing: f,
    burst,
    tickerUrl: f.ticker ? tickerPageUrl(ctx.publicUrl, f.ticker) : null,
    // A report known only by its period end: no time rather than the period end as its filing time.
    filedAtText: isFiledDateUnknown(f.details)
      ? FILED_DATE_NOT_RECORDED_INLINE
      : filedAtText(f.filedAt, ctx.timeZone, { acceptedAt: f.acceptedAt }),
    receipt: receiptLine(receipt, ctx.timeZone),
    rule: routeRule(routing.route, routing.settings),
    copy,
  });
  return {
    to,
    subject: rendered.subject,
    text: `${rendered.text}\n\n${footerText(ctx, why)}`,
    html: rendered.html,
    headers: listUnsubscribe(ctx),
  };
}

const SMS_LIMIT = 160;

/**
 * GSM 03.38 keeps a text to one 160-character segment; one character outside it (a curly quote,
 * an ellipsis, a middle dot) turns the whole text into 70-character UCS-2 segments.
 */
const GSM_SET = new Set(GSM_BASIC);
const ASCII_FOR: Record<string, string> = {
  '‘': "'",
  '’': "'",
  '“': '"',
  '”': '"',
  '–': '-',
  '—': '-',
  '…': '...',
  '·': '-',
  '→': '->',
  '\u00a0': ' ',
};

export function toGsm7(text: string): string {
  return [...text.normalize('NFKD')]
    .map((ch) => (GSM_SET.has(ch) ? ch : (ASCII_FOR[ch] ?? (/[\u0300-\u036f]/.test(ch) ? '' : '?'))))
    .join('');
}

export const isOneSegment = (text: string) => text.length <= SMS_LIMIT && [...text].every((ch) => GSM_SET.has(ch));

/** One GSM-7 segment: brand, ticker, importance, form, one-liner (and the thread, when there is room), short link. */
export function alertSms(
  f: FilingFacts,
  ctx: Pick<MessageContext, 'brandName' | 'publicUrl'>,
  { burst = 0, copy = null }: { burst?: number; copy?: Record<string, string> | null } = {},
): string {
  const link = shortFilingUrl(ctx.publicUrl, f.filingId);
  if (copy?.text) return editedSms(copy.text, f, ctx, link, burst);
  const head = toGsm7(
    `${ctx.brandName}: ${who(f)} ${f.importance} ${formName(f.formType)}${burst ? ` +${burst} more` : ''}: `,
  );
  const room = SMS_LIMIT - head.length - link.length - 1;
  const body = toGsm7(f.oneLiner.replace(/\s+/g, ' ').trim());
  const follows = f.follows ? toGsm7(` (${f.follows})`) : '';
  // A 10-K/10-Q's risk factor count is worth more than the one-liner's tail (report-change-block.tsx).
  const risks = f.reportChange ? toGsm7(` (${reportChangeCount(f.reportChange)})`) : '';
  const keepsRisks = risks && room - risks.length >= 20;
  const text =
    body.length + follows.length + risks.length <= room
      ? body + follows + risks
      : keepsRisks
        ? clip(body, room - risks.length) + risks
        : clip(body, Math.max(20, room));
  return `${head}${text} ${link}`;
}

/** An alert text from edited copy: the one-liner is shortened to the room the rest leaves in one segment. */
function editedSms(
  text: string,
  f: FilingFacts,
  ctx: Pick<MessageContext, 'brandName'>,
  link: string,
  burst: number,
): string {
  const values = {
    ...alertCopyValues(f, 1_000),
    brand: ctx.brandName,
    link,
    ticker: `${who(f)}${burst ? ` +${burst} more` : ''}`,
  };
  const gsm = Object.fromEntries(Object.entries(values).map(([k, v]) => [k, toGsm7(v.replace(/\s+/g, ' ').trim())]));
  const room = smsRoom(toGsm7(text), gsm);
  return toGsm7(fillCopy(text, { ...gsm, oneLiner: clip(gsm.oneLiner!, Math.max(SMS_MIN_ONE_LINER, room)) }));
}

/** Longest digest text: three GSM-7 segments of a concatenated SMS (153 characters each). */
export const DIGEST_SMS_LIMIT = 459;

/**
 * The daily digest as a text, for a free user verified only by phone: the day, how many filings,
 * the most important first with their filing dates while they fit, and the dashboard link.
 */
export function digestSms(
  filings: FilingFacts[],
  ctx: Pick<MessageContext, 'brandName' | 'publicUrl'> & { localDate: string },
): string {
  const day = zonedFormat('UTC', { month: 'short', day: 'numeric' }).format(new Date(`${ctx.localDate}T12:00:00Z`));
  const n = filings.length;
  const head = toGsm7(`${ctx.brandName} digest ${day}: ${n} new filing${n === 1 ? '' : 's'}.`);
  const tail = ` All: ${ctx.publicUrl}/`;
  const lines: string[] = [];
  const ordered = groupForDigest(filings).flatMap((g) => g.filings);
  for (const [i, f] of ordered.entries()) {
    const line = toGsm7(
      ` ${who(f)} ${formName(f.formType)} ${f.importance}, ${filedPhrase(filedDay(f.filedAt), { unknown: isFiledDateUnknown(f.details) })}: ${clip(f.oneLiner.replace(/\s+/g, ' ').trim(), 70)}`,
    );
    // Room is kept for a " +N more." after the line, so the count always fits.
    if (head.length + lines.join('').length + line.length + 12 + tail.length > DIGEST_SMS_LIMIT) {
      lines.push(` +${ordered.length - i} more.`);
      break;
    }
    lines.push(`${line}${i === ordered.length - 1 ? '' : ';'}`);
  }
  return `${head}${lines.join('')}${tail}`;
}

/** The daily digest (kind 'digest') or the pre-market brief (kind 'brief'); `copy`: its edited subject and heading. */
export async function digestEmail(
  to: string,
  filings: FilingFacts[],
  ctx: MessageContext & {
    localDate: string;
    kind?: 'digest' | 'brief';
    pro?: boolean;
    routing?: RouteSettings;
    copy?: Record<string, string> | null;
  },
): Promise<MailMessage> {
  const kind = ctx.kind ?? 'digest';
  const why =
    kind === 'brief'
      ? `You get this pre-market brief of your ${ctx.brandName} watchlist because the brief is on in your settings.`
      : `You get this daily digest of your ${ctx.brandName} watchlist because digests are on in your settings.`;
  const dateText = zonedFormat('UTC', { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' }).format(
    new Date(`${ctx.localDate}T12:00:00Z`),
  );
  const settings = ctx.routing ?? { emailMinRank: 1, smsMinRank: 4 };
  const rule =
    kind === 'brief' ? routeRule('brief', settings) : routeRule(ctx.pro ? 'digest_below' : 'digest', settings);
  const rendered = await renderDigest({
    frame: frameOf(ctx, why),
    kind,
    dateText,
    filings,
    publicUrl: ctx.publicUrl,
    pro: Boolean(ctx.pro),
    rule,
    copy: ctx.copy ?? null,
  });
  return {
    to,
    subject: rendered.subject,
    text: `${rendered.text}\n\n${footerText(ctx, why)}`,
    html: rendered.html,
    headers: listUnsubscribe(ctx),
  };
}
