/**
 * The email templates, as a registry: each with its id, what it is for, the variables it takes,
 * a renderer and a sample built from real filings of the offline replay set. Delivery renders
 * through `renderAlert`/`renderDigest`; the admin template editor lists `EMAIL_TEMPLATES` and
 * previews with `previewTemplate`, so both show byte for byte the same HTML.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { render } from '@react-email/render';
import { createElement } from 'react';
import { BRANDS } from '#shared/brands';
import { IMPORTANCE_RANK, isImportance } from '#shared/importance';
import { routeRule } from '#shared/routing';
import { REPLAY_DATA_DIR } from '../../../integrations/edgar/replay/replay-set';
import { parseFiling, type ParseHints } from '../../../edgar-model/parse';
import { scoreFiling } from '../../../edgar-model/score';
import { AlertEmail, alertSubject, alertText, type AlertEmailProps, type AlertFiling } from './alert-email';
import { DigestEmail, digestSubject, digestText, type DigestEmailProps } from './digest-email';
import { receiptLine } from './receipt';
import { filedAtText } from '../zoned-format';

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

export async function renderAlert(props: AlertEmailProps): Promise<RenderedEmail> {
  return { subject: alertSubject(props), html: await render(createElement(AlertEmail, props)), text: alertText(props) };
}

export async function renderDigest(props: DigestEmailProps): Promise<RenderedEmail> {
  return {
    subject: digestSubject(props),
    html: await render(createElement(DigestEmail, props)),
    text: digestText(props),
  };
}

export interface TemplateVariable {
  name: string;
  description: string;
}

export interface EmailTemplate {
  id: 'alert' | 'alert-burst' | 'digest' | 'brief';
  name: string;
  description: string;
  variables: TemplateVariable[];
  preview(): Promise<RenderedEmail>;
}

const FRAME_VARIABLES: TemplateVariable[] = [
  { name: 'frame.brandName', description: 'Brand name in the header and footer' },
  { name: 'frame.brandColor', description: "Header colour (the brand's primary colour)" },
  { name: 'frame.why', description: 'Why the reader gets this email' },
  { name: 'frame.unsubscribeUrl', description: 'One-click unsubscribe link for this channel' },
  { name: 'frame.postalAddress', description: "Sender's postal address (MAIL_POSTAL_ADDRESS)" },
];

const FILING_VARIABLES: TemplateVariable[] = [
  { name: 'filing.ticker / companyName', description: 'Who filed' },
  { name: 'filing.formType', description: 'The EDGAR form, written as people say it ("a Form 4")' },
  { name: 'filing.importance', description: 'CRITICAL, HIGH, MEDIUM or LOW: the coloured badge' },
  { name: 'filing.oneLiner', description: 'The headline' },
  { name: 'filing.details / items', description: 'Key facts table: a Form 4 trade, 8-K items, a stake, a period' },
  { name: 'filing.reasons', description: 'Why it matters' },
  { name: 'filing.follows', description: 'Story thread line ("follows the Form 144 of May 2")' },
  { name: 'filing.link', description: 'The filing on SEC EDGAR (button)' },
];

/** A real filing of the replay set, parsed and scored as ingest does it. */
function replayFiling(file: string, hints: ParseHints & { ticker: string }, id: number): AlertFiling {
  const parsed = parseFiling(readFileSync(join(REPLAY_DATA_DIR, 'filings', file), 'utf8'), hints);
  const score = scoreFiling(parsed);
  const cik = parsed.company?.cik ?? hints.cik ?? 0;
  const accession = (parsed.accessionNo ?? hints.accessionNo ?? '').replace(/-/g, '');
  return {
    filingId: id,
    ticker: hints.ticker,
    companyName: parsed.company?.name ?? hints.companyName ?? null,
    formType: parsed.formType,
    importance: score.importance,
    reasons: score.reasons,
    oneLiner: score.oneLiner,
    link: accession
      ? `https://www.sec.gov/Archives/edgar/data/${cik}/${accession}/${parsed.primaryDocument ?? ''}`
      : null,
    filedAt: new Date(parsed.acceptedAt ?? `${parsed.filedDate ?? '2025-01-08'}T21:00:00Z`),
    items: parsed.detail?.kind === 'current' ? parsed.detail.items.map((i) => i.number) : null,
    details: parsed.detail,
    follows: null,
  };
}

/** Sample filings: Tesla's Wilson-Thompson Form 4 (10b5-1 sale), Acorn Energy's 5.02 8-K, Tesla's 2020 10-K. */
export function sampleFilings(): AlertFiling[] {
  return [
    replayFiling(
      'tsla_wilson-thompson_2025-01-06_M_S_10b5-1.xml',
      {
        ticker: 'TSLA',
        accessionNo: '0000950170-25-003585',
        cik: 1318605,
        formType: '4',
        companyName: 'Tesla, Inc.',
        filedDate: '2025-01-08',
        acceptedAt: '2025-01-09T00:00:05.000Z',
        primaryDocument: 'ownership.xml',
      },
      1,
    ),
    replayFiling('0001493152-25-001317_acorn_energy_5.02_9.01.nc', { ticker: 'ACFN' }, 2),
    replayFiling('10-K_tsla_2020_minimal_submission.txt', { ticker: 'TSLA' }, 3),
  ];
}

const SAMPLE_URL = 'https://alerts.example';
const sampleFrame = (why: string) => ({
  brandName: BRANDS.form4.brandName,
  brandColor: BRANDS.form4.ui.primaryColor,
  why,
  unsubscribeUrl: `${SAMPLE_URL}/unsubscribe/sample`,
  postalAddress: '100 Example Street, Springfield, IL 62701',
});
const SETTINGS = { emailMinRank: 3, smsMinRank: 4 };

/**
 * A burst sample of one company's real filings (Tesla: Musk's Nov 2022 sale heads it, being the most
 * important; Wilson-Thompson's Form 4 and the 2020 10-K follow). They were not filed minutes apart:
 * the sample shows the layout, every filing in it is Tesla's own.
 */
export function sampleBurst(): { filing: AlertFiling; burst: AlertFiling[] } {
  const [form4, , tenK] = sampleFilings();
  return {
    filing: replayFiling('0000899243-22-035394_tsla_musk_S_9_rows.txt', { ticker: 'TSLA' }, 4),
    burst: [form4!, tenK!],
  };
}

function sampleAlert(burst: boolean): AlertEmailProps {
  const [form4] = sampleFilings();
  const { filing, burst: others } = burst ? sampleBurst() : { filing: form4!, burst: [] };
  return {
    frame: sampleFrame(
      `You get this because ${filing.ticker} is on your ${BRANDS.form4.brandName} watchlist with email alerts on.`,
    ),
    filing,
    burst: others,
    tickerUrl: `${SAMPLE_URL}/ticker/${filing.ticker}`,
    filedAtText: filedAtText(filing.filedAt, 'America/New_York'),
    receipt: receiptLine(
      {
        acceptedAt: filing.filedAt,
        detectedAt: new Date(filing.filedAt.getTime() + 9_000),
        detectedVia: 'feed',
        sentAt: new Date(filing.filedAt.getTime() + 11_000),
      },
      'America/New_York',
    ),
    // The sample's own label decides the threshold it was emailed under: the Form 4 the scorer now
    // calls LOW read "Email at once: your email alerts are set to HIGH and up" beside its LOW badge.
    rule: routeRule('realtime_email', {
      ...SETTINGS,
      emailMinRank: Math.min(
        SETTINGS.emailMinRank,
        isImportance(filing.importance) ? IMPORTANCE_RANK[filing.importance] : 1,
      ),
    }),
  };
}

function sampleDigest(kind: 'digest' | 'brief'): DigestEmailProps {
  return {
    frame: sampleFrame(
      `You get this ${kind === 'brief' ? 'pre-market brief' : 'daily digest'} of your watchlist because it is on in your settings.`,
    ),
    kind,
    dateText: 'Thursday, January 9, 2025',
    filings: sampleFilings(),
    publicUrl: SAMPLE_URL,
    pro: kind === 'brief',
    rule: routeRule(kind === 'brief' ? 'brief' : 'digest', SETTINGS),
  };
}

export const EMAIL_TEMPLATES: readonly EmailTemplate[] = [
  {
    id: 'alert',
    name: 'Real-time alert',
    description: 'One filing, sent the moment it is scored (PRO email).',
    variables: [
      ...FRAME_VARIABLES,
      ...FILING_VARIABLES,
      { name: 'receipt', description: 'accepted -> detected -> sent' },
      { name: 'rule', description: 'The routing rule that sent it' },
    ],
    preview: () => renderAlert(sampleAlert(false)),
  },
  {
    id: 'alert-burst',
    name: 'Burst alert',
    description: 'Several filings of one company within minutes, named in one alert.',
    variables: [
      ...FRAME_VARIABLES,
      ...FILING_VARIABLES,
      { name: 'burst[]', description: 'The other filings of the burst' },
    ],
    preview: () => renderAlert(sampleAlert(true)),
  },
  {
    id: 'digest',
    name: 'Daily digest',
    description: 'Once a day at the digest hour: new filings grouped by ticker, most important first.',
    variables: [
      ...FRAME_VARIABLES,
      { name: 'dateText', description: 'The local date' },
      { name: 'filings[]', description: 'Each filing as in the alert' },
      { name: 'pro', description: 'Free readers see the upgrade button' },
    ],
    preview: () => renderDigest(sampleDigest('digest')),
  },
  {
    id: 'brief',
    name: 'Pre-market brief',
    description:
      "Filings accepted between the close and 09:30 ET, in one email at the reader's brief time (default 08:00 ET).",
    variables: [
      ...FRAME_VARIABLES,
      { name: 'dateText', description: 'The trading morning' },
      { name: 'filings[]', description: 'Each filing as in the alert' },
    ],
    preview: () => renderDigest(sampleDigest('brief')),
  },
];

export async function previewTemplate(id: string): Promise<RenderedEmail | null> {
  const template = EMAIL_TEMPLATES.find((t) => t.id === id);
  return template ? template.preview() : null;
}
