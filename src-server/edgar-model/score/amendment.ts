/**
 * What an amendment (4/A, 8-K/A, SC 13D/A...) changed against the original it amends, in one
 * line, and whether any of it is material: shares, prices, transaction codes, 8-K items other
 * than exhibits, the percent of class. Pure: the service passes the stored original's details.
 */
import { collapseTrades, type InsiderTrade } from '#shared/insider-trades';
import type { FilingDetail } from '../parse/types';
import { percent, price, shares } from './format';

export interface AmendmentChange {
  /** "Amends the 4 of 2024-01-17: shares 1,000 -> 1,200 (S); price $5.00 -> $5.10". */
  line: string;
  material: boolean;
}

export interface OriginalFiling {
  formType: string;
  filedDay: string | null;
  detail: FilingDetail | null;
}

function tradeKey(t: InsiderTrade): string {
  return `${t.tableKind}|${t.code}|${t.date ?? ''}|${t.securityTitle ?? ''}|${t.directIndirect ?? ''}|${t.natureOfOwnership ?? ''}`;
}

function ownershipChanges(
  before: FilingDetail & { kind: 'ownership' },
  after: FilingDetail & { kind: 'ownership' },
): string[] {
  const was = new Map(collapseTrades(before.rows, []).map((t) => [tradeKey(t), t]));
  const now = new Map(collapseTrades(after.rows, []).map((t) => [tradeKey(t), t]));
  const changes: string[] = [];
  for (const [key, t] of now) {
    const o = was.get(key);
    if (!o) {
      changes.push(`adds ${t.code} ${shares(t.shares)} shares${t.date ? ` on ${t.date}` : ''}`);
      continue;
    }
    if (o.shares !== t.shares) changes.push(`shares ${shares(o.shares)} -> ${shares(t.shares)} (${t.code})`);
    if (o.vwap != null && t.vwap != null && Math.abs(o.vwap - t.vwap) >= 0.005)
      changes.push(`price ${price(o.vwap)} -> ${price(t.vwap)} (${t.code})`);
    else if ((o.vwap == null) !== (t.vwap == null))
      changes.push(
        `price ${o.vwap == null ? 'none' : price(o.vwap)} -> ${t.vwap == null ? 'none' : price(t.vwap)} (${t.code})`,
      );
  }
  for (const [key, o] of was)
    if (!now.has(key)) changes.push(`drops ${o.code} ${shares(o.shares)} shares${o.date ? ` on ${o.date}` : ''}`);
  return changes;
}

function itemsChanges(
  before: FilingDetail & { kind: 'current' },
  after: FilingDetail & { kind: 'current' },
): { changes: string[]; material: boolean } {
  const was = new Set(before.items.map((i) => i.number));
  const now = new Set(after.items.map((i) => i.number));
  const added = [...now].filter((n) => !was.has(n));
  const dropped = [...was].filter((n) => !now.has(n));
  const changes = [
    ...(added.length ? [`adds Item ${added.join(', ')}`] : []),
    ...(dropped.length ? [`drops Item ${dropped.join(', ')}`] : []),
  ];
  // Exhibits (9.01) alone, e.g. the acquired business's financial statements, change no event.
  return { changes, material: added.some((n) => n !== '9.01') };
}

/** The line and materiality, or null when the two filings are not comparable (other families). */
export function amendmentChange(original: OriginalFiling, amended: FilingDetail | null): AmendmentChange | null {
  const before = original.detail;
  if (!before || !amended || before.kind !== amended.kind) return null;
  const of = `Amends the ${original.formType}${original.filedDay ? ` of ${original.filedDay}` : ''}`;
  let changes: string[] = [];
  let material = false;
  if (before.kind === 'ownership' && amended.kind === 'ownership') {
    changes = ownershipChanges(before, amended);
    material = changes.length > 0;
  } else if (before.kind === 'current' && amended.kind === 'current') {
    ({ changes, material } = itemsChanges(before, amended));
  } else if (before.kind === 'beneficial' && amended.kind === 'beneficial') {
    const a = before.percentOfClass;
    const b = amended.percentOfClass;
    if (a != null && b != null && Math.abs(a - b) >= 0.05)
      changes.push(`percent of class ${percent(a)} -> ${percent(b)}`);
    const sharesBefore = Math.max(0, ...before.reportingPersons.map((p) => p.shares ?? 0));
    const sharesAfter = Math.max(0, ...amended.reportingPersons.map((p) => p.shares ?? 0));
    if (sharesBefore !== sharesAfter) changes.push(`shares ${shares(sharesBefore)} -> ${shares(sharesAfter)}`);
    material = changes.length > 0;
  } else {
    return null;
  }
  return {
    line: changes.length
      ? `${of}: ${changes.join('; ')}`
      : `${of}: nothing material changed${before.kind === 'current' ? ' (same items)' : ''}`,
    material,
  };
}
