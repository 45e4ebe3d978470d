/**
 * An 8-K deal's size against the company (issue #25, decision 366): its share of the company's market value, else of
 * its total assets, and the words that say which reference sized it.
 */
import { formatMarketCap } from '#shared/amounts';
import { formatDay } from '#shared/calendar';
import type { CompanySize, ScoreContext } from './types';

export interface DealSize {
  /** The deal as a fraction of the reference. */
  share: number;
  rule: '8k.deal.huge' | '8k.deal.large' | '8k.deal.mid' | '8k.deal.small';
  /** "about 40% of the company's market value of $2.1B (shares outstanding on its 10-Q cover ...)". */
  said: string;
}

/** The company's size the caller found, else a bare market value (tests, older callers). */
function companySize(context: ScoreContext): CompanySize | null {
  if (context.companySize) return context.companySize;
  const cap = context.marketCapUsd;
  return cap != null && cap > 0 ? { kind: 'market-value', usd: cap } : null;
}

function reference(size: CompanySize): string {
  const f = size.from;
  if (size.kind === 'total-assets')
    return `its total assets of ${formatMarketCap(size.usd)}${f?.source === 'balance-sheet' ? ` (${f.form}, ${formatDay(f.asOf)})` : ''}`;
  const how =
    f?.source === 'cover-shares'
      ? ` (shares outstanding on its ${f.form} cover, ${formatDay(f.asOf)}, × the close of ${formatDay(f.closeDay)})`
      : f?.source === 'quote'
        ? ` (the quote of ${formatDay(f.quotedDay)})`
        : f?.source === 'carried-count' && f.closeDay
          ? ` (today's share count × the close of ${formatDay(f.closeDay)})`
          : '';
  return `the company's market value of ${formatMarketCap(size.usd)}${how}`;
}

/**
 * Against the market value: half or more is CRITICAL, a fifth HIGH, a twentieth MEDIUM (docs/scoring.md, the 1.01/2.01 row). Against
 * total assets the MEDIUM floor is 10%, the line at which Item 2.01 (Instruction 4) calls an acquisition of assets
 * significant; a fifth and a half as for the market value, close to Regulation S-X Rule 3-05's 20% and 40-50% tiers
 * for the acquired business's own financial statements. Book assets are not a price, so the lower floor asks more.
 */
function sizeRule(share: number, kind: CompanySize['kind']): DealSize['rule'] {
  const midFloor = kind === 'total-assets' ? 0.1 : 0.05;
  return share >= 0.5
    ? '8k.deal.huge'
    : share >= 0.2
      ? '8k.deal.large'
      : share >= midFloor
        ? '8k.deal.mid'
        : '8k.deal.small';
}

/** A sum's size against the company, when the company's size is known. */
export function dealSize(amount: number | null, context: ScoreContext): DealSize | null {
  const size = companySize(context);
  if (amount == null || size == null || size.usd <= 0) return null;
  const share = amount / size.usd;
  return { share, rule: sizeRule(share, size.kind), said: `about ${Math.round(share * 100)}% of ${reference(size)}` };
}
