/**
 * The three webhook bodies (decision 313): our generic JSON (signed), a Slack incoming-webhook
 * message and a Discord webhook message. Filing text comes from EDGAR filers, so it is escaped
 * for Slack's mrkdwn and Discord is told to ping nobody (`allowed_mentions`).
 */
import type { WebhookFormat } from '#shared/integrations';
import type { ReportAlertLines } from '#shared/report-diff';
import { SIGNATURE_HEADER, signatureHeader } from './signature';

/** One filing as a webhook carries it. */
export interface WebhookFiling {
  filingId: number;
  ticker: string | null;
  companyName: string | null;
  form: string;
  importance: string;
  oneLiner: string;
  reasons: string[];
  /** The filing on sec.gov. */
  secUrl: string | null;
  /** Our ticker page. */
  pageUrl: string | null;
  /** When filedDateUnknown, only the reported period's end (the filing had no recorded filing date). */
  filedAt: string;
  /** No filing date is recorded: filedAt is not the filing's date (decision 369). Absent in older events. */
  filedDateUnknown?: boolean;
  acceptedAt: string | null;
  /**
   * A 10-K/10-Q compared with its previous report (issue #26): the alert's two-line summary and
   * the risk factor counts; null for every other form and for a report not compared yet.
   */
  reportChange: ReportAlertLines | null;
}

export interface WebhookEvent {
  /** Unique per delivery (`alert:<id>`, `test:<uuid>`): a receiver drops a repeat. */
  id: string;
  type: 'filing.alert' | 'test';
  brand: string;
  /** The most important filing first; several when a company filed within minutes. */
  filings: WebhookFiling[];
}

export interface WebhookRequest {
  body: string;
  headers: Record<string, string>;
}

const IMPORTANCE_COLOURS: Record<string, number> = {
  CRITICAL: 0xb91c1c,
  HIGH: 0xc2410c,
  MEDIUM: 0x1d4ed8,
  LOW: 0x4b5563,
};

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);
/** Slack mrkdwn: &, < and > are control characters. */
const slackEscape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function headline(f: WebhookFiling): string {
  return `${f.ticker ?? f.companyName ?? 'Filing'} ${f.form} · ${f.importance}: ${f.oneLiner}`;
}

function jsonBody(event: WebhookEvent, nowSeconds: number): string {
  return JSON.stringify({
    id: event.id,
    type: event.type,
    created: nowSeconds,
    brand: event.brand,
    data: { filings: event.filings },
  });
}

/** A report's change under its headline, as the alert email's "What changed since last year" block. */
const changeLines = (f: WebhookFiling) =>
  f.reportChange ? [`What changed since last year: ${f.reportChange.headline}`, f.reportChange.detail] : [];

function slackBody(event: WebhookEvent): string {
  const lines = event.filings.map((f) => {
    const link = f.secUrl ?? f.pageUrl;
    const text = slackEscape(clip(headline(f), 300));
    const change = changeLines(f).map((l) => `\n>${slackEscape(l)}`);
    return (link ? `<${link}|${text}>` : text) + change.join('');
  });
  const head = event.type === 'test' ? `${slackEscape(event.brand)}: test message, your webhook works.` : lines[0]!;
  const blocks = [
    { type: 'section', text: { type: 'mrkdwn', text: clip(event.type === 'test' ? head : lines.join('\n'), 2900) } },
    ...event.filings
      .slice(0, 1)
      .flatMap((f) =>
        f.reasons.length
          ? [{ type: 'context', elements: [{ type: 'mrkdwn', text: slackEscape(clip(f.reasons.join(' · '), 2900)) }] }]
          : [],
      ),
  ];
  return JSON.stringify({ text: clip(event.type === 'test' ? head : lines.join('\n'), 3000), blocks });
}

function discordBody(event: WebhookEvent): string {
  const embeds = event.filings.slice(0, 10).map((f) => ({
    title: clip(`${f.ticker ?? f.companyName ?? 'Filing'} ${f.form} · ${f.importance}`, 256),
    ...(f.secUrl ? { url: f.secUrl } : {}),
    description: clip([f.oneLiner, ...changeLines(f), ...f.reasons.map((r) => `• ${r}`)].join('\n'), 4000),
    color: IMPORTANCE_COLOURS[f.importance] ?? IMPORTANCE_COLOURS.LOW,
    // Discord prints the timestamp as the embed's time: none rather than a period end.
    ...(f.acceptedAt || !f.filedDateUnknown ? { timestamp: f.acceptedAt ?? f.filedAt } : {}),
  }));
  const content =
    event.type === 'test'
      ? `${event.brand}: test message, your webhook works.`
      : clip(event.filings.map(headline).join('\n'), 2000);
  return JSON.stringify({ content, embeds, allowed_mentions: { parse: [] } });
}

/** The request for one format: body and headers (the JSON format signed with the hook's secret). */
export function webhookRequest(
  format: WebhookFormat,
  event: WebhookEvent,
  secret: string,
  nowSeconds = Math.floor(Date.now() / 1000),
): WebhookRequest {
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'user-agent': `${event.brand}-Webhooks/1`,
    'filing-delivery': event.id,
  };
  if (format === 'slack') return { body: slackBody(event), headers };
  if (format === 'discord') return { body: discordBody(event), headers };
  const body = jsonBody(event, nowSeconds);
  return { body, headers: { ...headers, [SIGNATURE_HEADER]: signatureHeader(secret, nowSeconds, body) } };
}
