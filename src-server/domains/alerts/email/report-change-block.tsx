/** A 10-K/10-Q alert's "what changed since last year" (domains/reports): its own block of the email. */
import { Section, Text } from '@react-email/components';
import type { ReportAlertLines } from '#shared/report-diff';
import { PALETTE } from './theme';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

export function reportChangeCount(r: ReportAlertLines): string {
  return `${plural(r.newRiskFactors, 'new risk factor')}, ${r.removedRiskFactors} removed`;
}

export function ReportChangeBlock({ change }: { change: ReportAlertLines | null | undefined }) {
  if (!change) return null;
  return (
    <Section
      style={{
        margin: '4px 0 12px',
        padding: '10px 12px',
        border: `1px solid ${PALETTE.border}`,
        borderRadius: 6,
      }}
    >
      <Text style={{ margin: '0 0 4px', fontSize: 12, fontWeight: 700, color: PALETTE.muted }}>
        WHAT CHANGED SINCE LAST YEAR
      </Text>
      <Text style={{ margin: '0 0 2px', fontSize: 14, fontWeight: 600, color: PALETTE.text }}>{change.headline}</Text>
      <Text style={{ margin: 0, fontSize: 13, color: PALETTE.muted }}>{change.detail}</Text>
    </Section>
  );
}

/** The same block in the plain-text part. */
export function reportChangeText(change: ReportAlertLines | null | undefined): string[] {
  return change ? ['', 'What changed since last year:', change.headline, change.detail] : [];
}
