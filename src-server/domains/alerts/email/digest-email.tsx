/** The daily digest and the pre-market brief: filings grouped by ticker, most important first. */
import { Heading, Link, Section, Text } from '@react-email/components';
import { IMPORTANCE_RANK, isImportance } from '#shared/importance';
import { fillCopy } from '#shared/message-copy';
import { NEW_YORK } from '#shared/calendar';
import { filedPhrase, isFiledDateUnknown } from '#shared/filed-date';
import { formName } from '#shared/spoken-forms';
import { zonedFormat } from '../zoned-format';
import { who, type AlertFiling } from './alert-email';
import { Badge, Buttons, Layout, Muted, type Frame } from './parts';
import { PALETTE } from './theme';

export interface DigestEmailProps {
  frame: Frame;
  kind: 'digest' | 'brief';
  /** "Tuesday, March 12" (the digest's local date, the brief's trading morning). */
  dateText: string;
  filings: AlertFiling[];
  publicUrl: string;
  /** Free readers get the upgrade line in the digest. */
  pro: boolean;
  rule: string;
  /** Edited copy from /admin/message-templates ({ subject, title }); absent: the code default. */
  copy?: Record<string, string> | null;
}

const rank = (f: AlertFiling) => (isImportance(f.importance) ? IMPORTANCE_RANK[f.importance] : 0);

/** Per ticker, most important first; tickers ordered by their most important filing. */
export function groupForDigest(filings: AlertFiling[]): { ticker: string; filings: AlertFiling[] }[] {
  const byTicker = new Map<string, AlertFiling[]>();
  for (const f of filings) byTicker.set(who(f), [...(byTicker.get(who(f)) ?? []), f]);
  const groups = [...byTicker].map(([ticker, list]) => ({
    ticker,
    filings: list.sort((a, b) => rank(b) - rank(a) || b.filedAt.getTime() - a.filedAt.getTime()),
  }));
  return groups.sort((a, b) => rank(b.filings[0]!) - rank(a.filings[0]!) || a.ticker.localeCompare(b.ticker));
}

const tickerUrl = (publicUrl: string, ticker: string) => `${publicUrl}/ticker/${encodeURIComponent(ticker)}`;
const count = (n: number) => `${n} new filing${n === 1 ? '' : 's'}`;

/** The tickers in digest order, shortened past 60 characters (subject lines stay readable). */
function tickerList(filings: AlertFiling[]): string {
  const tickers = groupForDigest(filings)
    .map((g) => g.ticker)
    .join(', ');
  return tickers.length > 60 ? `${tickers.slice(0, 57).trimEnd()}...` : tickers;
}

/** The values of the digest's and the brief's copy variables ({{date}}, {{tickers}}...). */
export function digestCopyValues(p: Pick<DigestEmailProps, 'frame' | 'dateText' | 'filings'>): Record<string, string> {
  const n = p.filings.length;
  return {
    brand: p.frame.brandName,
    date: p.dateText,
    count: String(n),
    filings: `${n} filing${n === 1 ? '' : 's'}`,
    newFilings: count(n),
    tickers: tickerList(p.filings),
  };
}

/** The day EDGAR dated a filing ("Nov 15, 2019"): a digest may carry old filings (issue 28). */
export const filedDay = (date: Date) =>
  zonedFormat(NEW_YORK, { month: 'short', day: 'numeric', year: 'numeric' }).format(date);

export function digestTitle(p: Pick<DigestEmailProps, 'kind' | 'frame' | 'dateText' | 'filings' | 'copy'>): string {
  if (p.copy?.title) return fillCopy(p.copy.title, digestCopyValues(p));
  return p.kind === 'brief'
    ? `Your pre-market brief for ${p.dateText}: ${count(p.filings.length)} since the close`
    : `Your filings digest for ${p.dateText}: ${count(p.filings.length)}`;
}

export function DigestEmail(p: DigestEmailProps) {
  const groups = groupForDigest(p.filings);
  return (
    <Layout frame={p.frame} preview={digestTitle(p)}>
      <Heading as="h1" style={{ fontSize: 20, lineHeight: '27px', margin: '0 0 8px', color: PALETTE.text }}>
        {digestTitle(p)}
      </Heading>
      {groups.map((g) => (
        <Section key={g.ticker} style={{ margin: '12px 0 4px' }}>
          <Text style={{ margin: '8px 0 4px', fontSize: 16, fontWeight: 700 }}>
            <Link href={tickerUrl(p.publicUrl, g.ticker)} style={{ color: PALETTE.brand, textDecoration: 'none' }}>
              {g.ticker}
            </Link>
          </Text>
          <table
            role="presentation"
            width="100%"
            cellPadding={0}
            cellSpacing={0}
            style={{ borderCollapse: 'collapse', fontSize: 14 }}
          >
            <tbody>
              {g.filings.map((f) => (
                <tr key={f.filingId}>
                  <td
                    style={{
                      padding: '6px 8px 6px 0',
                      borderTop: `1px solid ${PALETTE.border}`,
                      width: 84,
                      verticalAlign: 'top',
                    }}
                  >
                    <Badge importance={f.importance} />
                  </td>
                  <td
                    style={{
                      padding: '6px 0',
                      borderTop: `1px solid ${PALETTE.border}`,
                      verticalAlign: 'top',
                      lineHeight: '20px',
                    }}
                  >
                    <strong>{formName(f.formType)}</strong>{' '}
                    <span style={{ color: PALETTE.muted }}>
                      {filedPhrase(filedDay(f.filedAt), { unknown: isFiledDateUnknown(f.details) })}
                    </span>{' '}
                    ·{' '}
                    {f.link ? (
                      <Link href={f.link} style={{ color: PALETTE.text }}>
                        {f.oneLiner}
                      </Link>
                    ) : (
                      f.oneLiner
                    )}
                    {f.follows ? <span style={{ color: PALETTE.muted }}> ({f.follows})</span> : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </Section>
      ))}
      <Buttons
        links={[
          { label: 'Open your dashboard', href: p.publicUrl, primary: true },
          ...(p.pro ? [] : [{ label: 'Get real-time alerts with PRO', href: `${p.publicUrl}/upgrade` }]),
        ]}
      />
      <Muted>Routing: {p.rule}</Muted>
    </Layout>
  );
}

export function digestText(p: DigestEmailProps): string {
  const groups = groupForDigest(p.filings);
  return [
    `${digestTitle(p)}.`,
    ...groups.flatMap((g) => [
      '',
      `${g.ticker} · ${tickerUrl(p.publicUrl, g.ticker)}`,
      ...g.filings.map(
        (f) =>
          `  [${f.importance}] ${formName(f.formType)} ${filedPhrase(filedDay(f.filedAt), { unknown: isFiledDateUnknown(f.details) })} · ${f.oneLiner}${f.follows ? ` (${f.follows})` : ''}${f.link ? `\n    ${f.link}` : ''}`,
      ),
    ]),
    '',
    ...(p.pro ? [] : [`Get these the moment they are filed with PRO real-time alerts: ${p.publicUrl}/upgrade`, '']),
    `Routing: ${p.rule}`,
  ].join('\n');
}

export function digestSubject(p: Pick<DigestEmailProps, 'kind' | 'frame' | 'dateText' | 'filings' | 'copy'>): string {
  if (p.copy?.subject) return fillCopy(p.copy.subject, digestCopyValues(p));
  const list = tickerList(p.filings);
  const n = p.filings.length;
  return p.kind === 'brief'
    ? `${p.frame.brandName} pre-market brief: ${n} filing${n === 1 ? '' : 's'} since the close for ${list}`
    : `${p.frame.brandName} daily digest: ${n} new filing${n === 1 ? '' : 's'} for ${list}`;
}
