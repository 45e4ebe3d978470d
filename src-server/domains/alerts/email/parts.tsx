/** The pieces every alert, digest and brief email is made of (react-email components, inline styles). */
import { Body, Button, Container, Head, Hr, Html, Link, Preview, Section, Text } from '@react-email/components';
import type { ReactNode } from 'react';
import { COPY } from '#shared/copy';
import { filingQuote } from '#shared/filing-quote';
import { isImportance } from '#shared/importance';
import { noteText, splitReasons } from '#shared/reason-notes';
import { clip } from '../clip';
import type { Fact } from './facts';
import { BADGE, FONT, PALETTE } from './theme';

export interface Frame {
  brandName: string;
  brandColor: string;
  /** Why the reader gets this email, the unsubscribe link, postal address. */
  why: string;
  unsubscribeUrl: string;
  postalAddress: string | null;
}

export function Layout({ frame, preview, children }: { frame: Frame; preview: string; children: ReactNode }) {
  return (
    <Html lang="en">
      <Head>
        <meta name="color-scheme" content="light dark" />
        <meta name="supported-color-schemes" content="light dark" />
      </Head>
      <Preview>{preview}</Preview>
      <Body
        style={{ backgroundColor: PALETTE.page, margin: 0, padding: '24px 0', fontFamily: FONT, color: PALETTE.text }}
      >
        <Container
          style={{
            maxWidth: 600,
            width: '100%',
            backgroundColor: PALETTE.card,
            border: `1px solid ${PALETTE.border}`,
            borderRadius: 8,
          }}
        >
          <Section style={{ backgroundColor: frame.brandColor, borderRadius: '8px 8px 0 0', padding: '14px 24px' }}>
            <Text style={{ margin: 0, color: '#ffffff', fontSize: 18, fontWeight: 700, letterSpacing: 0.2 }}>
              {frame.brandName}
            </Text>
          </Section>
          <Section style={{ padding: '20px 24px 8px' }}>{children}</Section>
          <Section style={{ padding: '0 24px 20px' }}>
            <Hr style={{ borderColor: PALETTE.border, margin: '16px 0 12px' }} />
            <Small>{frame.why}</Small>
            <Small>
              <Link href={frame.unsubscribeUrl} style={{ color: PALETTE.muted, textDecoration: 'underline' }}>
                Unsubscribe
              </Link>
            </Small>
            <Small>{[frame.brandName, frame.postalAddress].filter(Boolean).join(' · ')}</Small>
            <Small>{COPY.footerDisclaimer}</Small>
          </Section>
        </Container>
      </Body>
    </Html>
  );
}

export function Small({ children }: { children: ReactNode }) {
  return <Text style={{ fontSize: 12, lineHeight: '18px', color: PALETTE.muted, margin: '2px 0' }}>{children}</Text>;
}

export function Badge({ importance }: { importance: string }) {
  const colour = isImportance(importance) ? BADGE[importance] : BADGE.LOW;
  return (
    <span
      style={{
        display: 'inline-block',
        backgroundColor: colour,
        color: '#ffffff',
        fontSize: 11,
        fontWeight: 700,
        letterSpacing: 0.5,
        padding: '2px 8px',
        borderRadius: 10,
        lineHeight: '16px',
      }}
    >
      {importance}
    </span>
  );
}

export function FactsTable({ facts }: { facts: Fact[] }) {
  if (facts.length === 0) return null;
  return (
    <table
      role="presentation"
      width="100%"
      cellPadding={0}
      cellSpacing={0}
      style={{ borderCollapse: 'collapse', margin: '4px 0 12px', fontSize: 14 }}
    >
      <tbody>
        {facts.map((f) => (
          <tr key={`${f.label}:${f.value}`}>
            <td
              style={{
                padding: '6px 10px',
                border: `1px solid ${PALETTE.border}`,
                backgroundColor: PALETTE.tableHead,
                color: PALETTE.muted,
                width: '34%',
                verticalAlign: 'top',
              }}
            >
              {f.label}
            </td>
            <td
              style={{
                padding: '6px 10px',
                border: `1px solid ${PALETTE.border}`,
                color: PALETTE.text,
                verticalAlign: 'top',
              }}
            >
              {f.value}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Why the filing matters; a caveat among the stored reasons (reason-notes.ts) follows as a note, not as a reason. */
export function Reasons({ reasons: lines }: { reasons: string[] }) {
  const { reasons, notes } = splitReasons(lines);
  return (
    <>
      {reasons.length > 0 && (
        <>
          <Text style={{ margin: '8px 0 4px', fontSize: 14, fontWeight: 600 }}>Why it matters</Text>
          <ul style={{ margin: '0 0 12px', paddingLeft: 20, fontSize: 14, lineHeight: '21px' }}>
            {reasons.map((r) => (
              <li key={r}>{r}</li>
            ))}
          </ul>
        </>
      )}
      {notes.map((n) => (
        <Text key={n} style={{ margin: '0 0 12px', fontSize: 13, lineHeight: '19px', color: PALETTE.muted }}>
          {noteText(n)}
        </Text>
      ))}
    </>
  );
}

/** How much of the filing's own words an email quotes: the card has the whole passage, one tap away. */
const QUOTE_MAX = 420;

/** "What happened": the filing's own first sentences for the deciding item, marked as a quote (issue #25). */
export function FilingQuoteBlock({ summary }: { summary: string | null | undefined }) {
  const quote = filingQuote(summary);
  if (!quote) return null;
  return (
    <Section style={{ margin: '4px 0 12px', borderLeft: `3px solid ${PALETTE.border}`, paddingLeft: 12 }}>
      <Text style={{ margin: '0 0 2px', fontSize: 14, lineHeight: '21px' }}>{`“${clip(quote.words, QUOTE_MAX)}”`}</Text>
      <Text style={{ margin: 0, fontSize: 12, lineHeight: '18px', color: PALETTE.muted }}>
        {`From the filing, Item ${quote.item}`}
      </Text>
    </Section>
  );
}

/** The plain-text lines of FilingQuoteBlock. */
export function filingQuoteText(summary: string | null | undefined): string[] {
  const quote = filingQuote(summary);
  return quote ? ['', `From the filing, Item ${quote.item}: “${clip(quote.words, QUOTE_MAX)}”`] : [];
}

/** The plain-text lines of Reasons. */
export function reasonsText(lines: string[]): string[] {
  const { reasons, notes } = splitReasons(lines);
  return [
    ...(reasons.length ? ['', 'Why it matters:', ...reasons.map((r) => `- ${r}`)] : []),
    ...(notes.length ? ['', ...notes.map(noteText)] : []),
  ];
}

export function Buttons({ links }: { links: { label: string; href: string; primary?: boolean }[] }) {
  return (
    <Section style={{ margin: '8px 0 12px' }}>
      {links.map((l) => (
        <Button
          key={l.href}
          href={l.href}
          style={{
            backgroundColor: l.primary ? PALETTE.button : PALETTE.card,
            color: l.primary ? PALETTE.buttonText : PALETTE.secondary,
            border: `1px solid ${l.primary ? PALETTE.button : PALETTE.border}`,
            borderRadius: 6,
            fontSize: 14,
            fontWeight: 600,
            padding: '10px 16px',
            marginRight: 8,
            marginBottom: 8,
          }}
        >
          {l.label}
        </Button>
      ))}
    </Section>
  );
}

export function Muted({ children }: { children: ReactNode }) {
  return <Text style={{ margin: '2px 0', fontSize: 13, lineHeight: '19px', color: PALETTE.muted }}>{children}</Text>;
}
