/** Texts of alert emails, alert SMS and the daily digest. Pure: links and names come in. */
import { COPY } from '../../core/copy';
import { escapeHtml } from '../../core/html';
import { IMPORTANCE_RANK, isImportance } from '../../core/importance';
import { receiptLine, type Receipt } from '../../core/latency-receipt';
import type { MailMessage } from '../../integrations/email/mailer';
import { zonedFormat } from './zoned-format';

export interface FilingFacts {
  filingId: number;
  ticker: string | null;
  companyName: string | null;
  formType: string;
  importance: string;
  reasons: string[];
  oneLiner: string;
  /** The filing on sec.gov. */
  link: string | null;
  filedAt: Date;
  /** Latency receipt (accepted -> detected, by which layer); rendered as one line. */
  receipt?: Receipt;
}

export interface MessageContext {
  brandName: string;
  publicUrl: string;
  timeZone: string;
  /** One-click unsubscribe URL for this channel (email only). */
  unsubscribeUrl: string;
  postalAddress: string | null;
}

const SMS_LIMIT = 160;
const SUBJECT_ONE_LINER = 90;

export const tickerPageUrl = (publicUrl: string, ticker: string) => `${publicUrl}/ticker/${encodeURIComponent(ticker)}`;
export const shortFilingUrl = (publicUrl: string, filingId: number) => `${publicUrl}/f/${filingId}`;

function clip(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, Math.max(0, max - 3)).trimEnd()}...`;
}

const FILED_AT: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short' };
const localTime = (date: Date, timeZone: string) => zonedFormat(timeZone, FILED_AT).format(date);
const RECEIPT_TIME: Intl.DateTimeFormatOptions = { hour: 'numeric', minute: '2-digit', second: '2-digit', timeZoneName: 'short' };

const label = (f: FilingFacts) => f.ticker ?? f.companyName ?? 'A company you follow';

/** Both parts of an email: the unsubscribe link, the postal address and the disclaimer. */
function footer(ctx: MessageContext, why: string): { text: string; html: string } {
  const lines = [why, `Unsubscribe: ${ctx.unsubscribeUrl}`, [ctx.brandName, ctx.postalAddress].filter(Boolean).join(' · '), COPY.footerDisclaimer];
  const html = `<hr style="border:none;border-top:1px solid #e5e7eb;margin:24px 0 12px">
<p style="font-size:12px;color:#6b7280;margin:4px 0">${escapeHtml(why)}</p>
<p style="font-size:12px;color:#6b7280;margin:4px 0"><a href="${escapeHtml(ctx.unsubscribeUrl)}" style="color:#6b7280">Unsubscribe</a></p>
<p style="font-size:12px;color:#6b7280;margin:4px 0">${escapeHtml(lines[2]!)}</p>
<p style="font-size:12px;color:#6b7280;margin:4px 0">${escapeHtml(COPY.footerDisclaimer)}</p>`;
  return { text: ['--', ...lines].join('\n'), html };
}

function listUnsubscribe(ctx: MessageContext): Record<string, string> {
  // RFC 8058 one-click: mail clients POST "List-Unsubscribe=One-Click" to the URL.
  return { 'List-Unsubscribe': `<${ctx.unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}

const page = (body: string) =>
  `<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#1f2937;max-width:600px">\n${body}\n</body></html>`;

export function alertEmail(to: string, f: FilingFacts, ctx: MessageContext): MailMessage {
  const who = label(f);
  const subject = `${who} ${f.formType} · ${f.importance}: ${clip(f.oneLiner, SUBJECT_ONE_LINER)}`;
  const tickerUrl = f.ticker ? tickerPageUrl(ctx.publicUrl, f.ticker) : null;
  const company = f.companyName && f.ticker ? ` (${f.companyName})` : '';
  const head = `${who}${company} filed a ${f.formType}, importance ${f.importance}, ${localTime(f.filedAt, ctx.timeZone)}.`;
  const why = `You get this because ${who} is on your ${ctx.brandName} watchlist with email alerts on.`;
  const receipt = f.receipt ? receiptLine(f.receipt, (d) => zonedFormat(ctx.timeZone, RECEIPT_TIME).format(d)) : null;
  const foot = footer(ctx, why);
  const text = [
    head,
    '',
    f.oneLiner,
    ...(f.reasons.length ? ['', 'Why it matters:', ...f.reasons.map((r) => `- ${r}`)] : []),
    '',
    ...(f.link ? [`Filing on SEC EDGAR: ${f.link}`] : []),
    ...(tickerUrl ? [`${who} on ${ctx.brandName}: ${tickerUrl}`] : []),
    ...(receipt ? ['', receipt] : []),
    '',
    foot.text,
  ].join('\n');
  const html = page(`<p style="color:#6b7280;margin:0 0 8px">${escapeHtml(head)}</p>
<p style="font-size:17px;font-weight:600;margin:0 0 12px">${escapeHtml(f.oneLiner)}</p>
${f.reasons.length ? `<p style="margin:0">Why it matters:</p><ul>${f.reasons.map((r) => `<li>${escapeHtml(r)}</li>`).join('')}</ul>` : ''}
<p>${f.link ? `<a href="${escapeHtml(f.link)}">Read the filing on SEC EDGAR</a>` : ''}${f.link && tickerUrl ? ' · ' : ''}${
    tickerUrl ? `<a href="${escapeHtml(tickerUrl)}">${escapeHtml(who)} on ${escapeHtml(ctx.brandName)}</a>` : ''
  }</p>
${receipt ? `<p style="font-size:12px;color:#6b7280">${escapeHtml(receipt)}</p>` : ''}
${foot.html}`);
  return { to, subject, text, html, headers: listUnsubscribe(ctx) };
}

/** One text of at most 160 characters: brand, ticker, importance, form, one-liner, short link. */
export function alertSms(f: FilingFacts, ctx: Pick<MessageContext, 'brandName' | 'publicUrl'>): string {
  const link = shortFilingUrl(ctx.publicUrl, f.filingId);
  const head = `${ctx.brandName}: ${label(f)} ${f.importance} ${f.formType}: `;
  const room = SMS_LIMIT - head.length - link.length - 1;
  return `${head}${clip(f.oneLiner, Math.max(20, room))} ${link}`;
}

/** Per ticker, most important first; tickers ordered by their most important filing. */
export function groupForDigest(filings: FilingFacts[]): { ticker: string; filings: FilingFacts[] }[] {
  const rank = (f: FilingFacts) => (isImportance(f.importance) ? IMPORTANCE_RANK[f.importance] : 0);
  const byTicker = new Map<string, FilingFacts[]>();
  for (const f of filings) {
    const key = label(f);
    byTicker.set(key, [...(byTicker.get(key) ?? []), f]);
  }
  const groups = [...byTicker].map(([ticker, list]) => ({
    ticker,
    filings: list.sort((a, b) => rank(b) - rank(a) || b.filedAt.getTime() - a.filedAt.getTime()),
  }));
  return groups.sort((a, b) => rank(b.filings[0]!) - rank(a.filings[0]!) || a.ticker.localeCompare(b.ticker));
}

export function digestEmail(to: string, filings: FilingFacts[], ctx: MessageContext & { localDate: string }): MailMessage {
  const groups = groupForDigest(filings);
  const n = filings.length;
  const subject = `${ctx.brandName} daily digest: ${n} new filing${n === 1 ? '' : 's'} for ${clip(groups.map((g) => g.ticker).join(', '), 60)}`;
  const upgrade = `Get these the moment they are filed with PRO real-time alerts: ${ctx.publicUrl}/upgrade`;
  const foot = footer(ctx, `You get this daily digest of your ${ctx.brandName} watchlist because digests are on in your settings.`);
  const line = (f: FilingFacts) => `[${f.importance}] ${f.formType} · ${f.oneLiner}`;
  const text = [
    `Your filings digest for ${ctx.localDate}: ${n} new filing${n === 1 ? '' : 's'}.`,
    ...groups.flatMap((g) => [
      '',
      `${g.ticker} · ${tickerPageUrl(ctx.publicUrl, g.ticker)}`,
      ...g.filings.map((f) => `  ${line(f)}${f.link ? `\n    ${f.link}` : ''}`),
    ]),
    '',
    upgrade,
    '',
    foot.text,
  ].join('\n');
  const html = page(`<p>Your filings digest for ${escapeHtml(ctx.localDate)}: ${n} new filing${n === 1 ? '' : 's'}.</p>
${groups
  .map(
    (g) => `<h3 style="margin:20px 0 6px"><a href="${escapeHtml(tickerPageUrl(ctx.publicUrl, g.ticker))}">${escapeHtml(g.ticker)}</a></h3>
<ul style="margin:0;padding-left:20px">${g.filings
      .map((f) => `<li>${f.link ? `<a href="${escapeHtml(f.link)}">${escapeHtml(line(f))}</a>` : escapeHtml(line(f))}</li>`)
      .join('')}</ul>`,
  )
  .join('\n')}
<p style="margin-top:20px"><a href="${escapeHtml(`${ctx.publicUrl}/upgrade`)}">Get real-time alerts with PRO</a></p>
${foot.html}`);
  return { to, subject, text, html, headers: listUnsubscribe(ctx) };
}
