/** The real-time alert email: one filing, or a burst of one company's filings named together. */
import { Heading, Link, Text } from '@react-email/components';
import { fillCopy } from '#shared/message-copy';
import { aForm, formName } from '#shared/spoken-forms';
import type { FilingDetail } from '../../../edgar-model/parse/types';
import { keyFacts } from './facts';
import {
  Badge,
  Buttons,
  FactsTable,
  FilingQuoteBlock,
  filingQuoteText,
  Layout,
  Muted,
  Reasons,
  reasonsText,
  type Frame,
} from './parts';
import { PALETTE } from './theme';
import { ReportChangeBlock, reportChangeText } from './report-change-block';
import { clip } from '../clip';

export interface AlertFiling {
  filingId: number;
  ticker: string | null;
  companyName: string | null;
  formType: string;
  importance: string;
  reasons: string[];
  oneLiner: string;
  /** The card's summary: for an 8-K, the deciding item's own words ("Item 3.01, as filed: “...”"). */
  summary?: string | null;
  /** The filing on sec.gov. */
  link: string | null;
  filedAt: Date;
  items?: string[] | null;
  details?: FilingDetail | null;
  /** "follows the Form 144 of May 2" when a story thread leads here. */
  follows?: string | null;
  /** A 10-K/10-Q's change since the comparable report (report-change-block.tsx). */
  reportChange?: import('#shared/report-diff').ReportAlertLines | null;
}

export interface AlertEmailProps {
  frame: Frame;
  filing: AlertFiling;
  /** The burst's other filings (same company, minutes apart), sent in this one message. */
  burst: AlertFiling[];
  tickerUrl: string | null;
  /** The filing time in the reader's zone. */
  filedAtText: string;
  receipt: string;
  rule: string;
  /** Edited copy from /admin/message-templates ({ subject, intro }): the alert's, or the burst's when `burst` names others; absent: the code default. */
  copy?: Record<string, string> | null;
}

export const who = (f: Pick<AlertFiling, 'ticker' | 'companyName'>) =>
  f.ticker ?? f.companyName ?? 'A company you follow';

/** The values of the copy variables ({{ticker}}, {{oneLiner}}...) for a filing. */
export function alertCopyValues(f: AlertFiling, oneLinerMax: number): Record<string, string> {
  return {
    ticker: who(f),
    company: f.companyName ?? who(f),
    name: f.companyName && f.ticker ? `${f.ticker} (${f.companyName})` : who(f),
    form: formName(f.formType),
    aForm: aForm(f.formType),
    importance: f.importance,
    oneLiner: clip(f.oneLiner, oneLinerMax),
  };
}

/** A burst's copy also has {{count}}: the lead and the others it names. */
const copyValues = (p: Pick<AlertEmailProps, 'filing' | 'burst'>, oneLinerMax: number) => ({
  ...alertCopyValues(p.filing, oneLinerMax),
  count: String(p.burst.length + 1),
});

export function alertHeadline(p: AlertEmailProps): string {
  const f = p.filing;
  const company = f.companyName && f.ticker ? ` (${f.companyName})` : '';
  if (p.copy?.intro) return fillCopy(p.copy.intro, copyValues(p, 300));
  if (p.burst.length) return `${who(f)}${company} filed ${p.burst.length + 1} documents within minutes`;
  return `${who(f)}${company} filed ${aForm(f.formType)}`;
}

export function AlertEmail(p: AlertEmailProps) {
  const f = p.filing;
  const links = [
    ...(f.link ? [{ label: `Read the ${formName(f.formType)} on SEC EDGAR`, href: f.link, primary: true }] : []),
    ...(p.tickerUrl ? [{ label: `${who(f)} on ${p.frame.brandName}`, href: p.tickerUrl }] : []),
  ];
  return (
    <Layout frame={p.frame} preview={f.oneLiner}>
      <Text style={{ margin: '0 0 6px', fontSize: 13, color: PALETTE.muted }}>
        <Badge importance={f.importance} /> &nbsp;{alertHeadline(p)} · {p.filedAtText}
      </Text>
      <Heading as="h1" style={{ fontSize: 20, lineHeight: '27px', margin: '4px 0 8px', color: PALETTE.text }}>
        {f.oneLiner}
      </Heading>
      {f.follows ? <Muted>In a story thread: {f.follows}.</Muted> : null}
      <FilingQuoteBlock summary={f.summary} />
      <FactsTable facts={keyFacts(f)} />
      <ReportChangeBlock change={f.reportChange} />
      {p.burst.length ? (
        <>
          <Text style={{ margin: '8px 0 4px', fontSize: 14, fontWeight: 600 }}>Also in this burst</Text>
          <ul style={{ margin: '0 0 12px', paddingLeft: 20, fontSize: 14, lineHeight: '21px' }}>
            {p.burst.map((b) => (
              <li key={b.filingId}>
                <Badge importance={b.importance} /> {formName(b.formType)}
                {': '}
                {b.link ? (
                  <Link href={b.link} style={{ color: PALETTE.brand }}>
                    {b.oneLiner}
                  </Link>
                ) : (
                  b.oneLiner
                )}
                {b.follows ? ` (${b.follows})` : ''}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <Reasons reasons={f.reasons} />
      <Buttons links={links} />
      <Muted>Receipt: {p.receipt}</Muted>
      <Muted>Routing: {p.rule}</Muted>
    </Layout>
  );
}

/** The plain-text part, line for line what the HTML says. */
export function alertText(p: AlertEmailProps): string {
  const f = p.filing;
  const facts = keyFacts(f);
  return [
    `[${f.importance}] ${alertHeadline(p)}, ${p.filedAtText}.`,
    '',
    f.oneLiner,
    ...(f.follows ? [`In a story thread: ${f.follows}.`] : []),
    ...filingQuoteText(f.summary),
    ...(facts.length ? ['', ...facts.map((x) => `${x.label}: ${x.value}`)] : []),
    ...reportChangeText(f.reportChange),
    ...(p.burst.length
      ? [
          '',
          'Also in this burst:',
          ...p.burst.map(
            (b) => `- [${b.importance}] ${formName(b.formType)}: ${b.oneLiner}${b.link ? ` ${b.link}` : ''}`,
          ),
        ]
      : []),
    ...reasonsText(f.reasons),
    '',
    ...(f.link ? [`Filing on SEC EDGAR: ${f.link}`] : []),
    ...(p.tickerUrl ? [`${who(f)} on ${p.frame.brandName}: ${p.tickerUrl}`] : []),
    '',
    `Receipt: ${p.receipt}`,
    `Routing: ${p.rule}`,
  ].join('\n');
}

const SUBJECT_ONE_LINER = 90;

export function alertSubject(p: Pick<AlertEmailProps, 'filing' | 'burst' | 'copy'>): string {
  const f = p.filing;
  if (p.copy?.subject)
    return fillCopy(p.copy.subject, copyValues(p, p.burst.length ? SUBJECT_ONE_LINER - 20 : SUBJECT_ONE_LINER));
  if (p.burst.length)
    return `${who(f)}: ${p.burst.length + 1} filings within minutes · ${f.importance}: ${clip(f.oneLiner, SUBJECT_ONE_LINER - 20)}`;
  return `${who(f)} ${formName(f.formType)} · ${f.importance}: ${clip(f.oneLiner, SUBJECT_ONE_LINER)}`;
}
