/**
 * The importance rules, as a table a person can read (rendered on /about-our-ai) and the scorer
 * uses (src-server/edgar-model/score). Several rules may hit one filing: the highest level
 * wins and every hit is listed as a reason.
 */
import { FORM_8K_ITEMS } from './form8k-items';
import type { Importance } from './importance';

export const SCORING_THRESHOLDS = {
  /** An open-market purchase this large (USD) is CRITICAL. */
  largePurchaseUsd: 1_000_000,
  /** ... or one that grows the insider's holdings by this share (percent) ... */
  largePurchaseHoldingsPct: 25,
  /** ... provided it is worth at least this much (USD), so tiny positions do not count. */
  largePurchaseMinUsd: 100_000,
  /** This many different insiders buying in the open market ... */
  clusterInsiders: 3,
  /** ... within this many days is a cluster (CRITICAL). */
  clusterDays: 10,
  /** A 13G holder at or above this percent of the class is MEDIUM. */
  passiveStakeMediumPct: 10,
  /** A 13G amendment moving the stake by this many points is MEDIUM. */
  passiveStakeChangePts: 2,
  /**
   * An officer's or director's open-market purchase below this (USD) is MEDIUM, not HIGH: plan
   * top-ups such as Isabella Bank's director buying $5,000 of stock (275.634 shares) say little.
   */
  insiderPurchaseMinUsd: 10_000,
  /** A CEO's or CFO's open-market purchase this large (USD) is CRITICAL (role above other officers). */
  executivePurchaseUsd: 250_000,
  /** A discretionary sale (no Rule 10b5-1 plan) by the CEO or CFO this large (USD) is HIGH ... */
  executiveSaleUsd: 1_000_000,
  /** ... a discretionary sale of this share of the seller's position (percent) ... */
  salePositionPct: 20,
  /** ... provided it is worth at least this much (USD) ... */
  saleMinUsd: 1_000_000,
  /** ... or of this share of the company's market value (percent) is HIGH. */
  saleMarketValuePct: 0.05,
  /** A discretionary sale this large (USD) is HIGH ... */
  largeSaleUsd: 25_000_000,
  /** ... and this large (USD) CRITICAL. */
  hugeSaleUsd: 100_000_000,
  /** A 13D/13G stake crossing one of these percents of the class (up or down) is HIGH. */
  stakeCrossingsPct: [5, 10] as readonly number[],
} as const;

const T = SCORING_THRESHOLDS;

/** 8-K items by importance (items not listed are LOW). */
export const ITEM_IMPORTANCE: Record<string, Importance> = {
  '1.03': 'CRITICAL',
  '1.05': 'CRITICAL',
  '3.01': 'CRITICAL',
  '4.02': 'CRITICAL',
  '5.01': 'CRITICAL',
  '1.01': 'HIGH',
  '1.02': 'HIGH',
  '2.01': 'HIGH',
  '2.02': 'HIGH',
  '2.04': 'HIGH',
  '2.05': 'HIGH',
  '2.06': 'HIGH',
  '4.01': 'HIGH',
  '5.02': 'HIGH',
  '5.06': 'HIGH',
  '1.04': 'MEDIUM',
  '2.03': 'MEDIUM',
  '3.02': 'MEDIUM',
  '3.03': 'MEDIUM',
  '5.03': 'MEDIUM',
  '5.04': 'MEDIUM',
  '5.05': 'MEDIUM',
  '5.07': 'MEDIUM',
  '7.01': 'MEDIUM',
  '8.01': 'MEDIUM',
};

export function itemImportance(item: string): Importance {
  return ITEM_IMPORTANCE[item] ?? 'LOW';
}

export interface ScoringRule {
  id: string;
  /** Which filings the rule looks at, in words. */
  appliesTo: string;
  /** When it hits, in words. */
  when: string;
  importance: Importance;
}

const itemRules: ScoringRule[] = Object.entries(FORM_8K_ITEMS)
  .filter(([item]) => ITEM_IMPORTANCE[item])
  .map(([item, title]) => ({
    id: `8k.item.${item}`,
    appliesTo: '8-K current report',
    when: `Item ${item}: ${title}`,
    importance: ITEM_IMPORTANCE[item] as Importance,
  }));

const usd = (n: number) => `$${n.toLocaleString('en-US')}`;

export const SCORING_RULES: readonly ScoringRule[] = [
  ...itemRules,
  { id: '8k.item.other', appliesTo: '8-K current report', when: 'Any other item (e.g. 9.01 Financial Statements and Exhibits, 5.08, asset-backed items)', importance: 'LOW' },
  { id: '8k.no-items', appliesTo: '8-K current report', when: 'No item could be read from the filing', importance: 'LOW' },
  { id: '6k.report', appliesTo: '6-K foreign issuer report', when: 'Every 6-K (no item codes to rank)', importance: 'LOW' },
  { id: '6k.results', appliesTo: '6-K foreign issuer report', when: 'It announces quarterly or annual results', importance: 'MEDIUM' },
  { id: 'form4.purchase.insider', appliesTo: 'Form 4 / Form 5', when: `An officer or director bought shares in the open market (code P), worth ${usd(T.insiderPurchaseMinUsd)} or more (or of unknown value)`, importance: 'HIGH' },
  { id: 'form4.purchase.small', appliesTo: 'Form 4 / Form 5', when: `An officer or director bought less than ${usd(T.insiderPurchaseMinUsd)} in the open market`, importance: 'MEDIUM' },
  { id: 'form4.purchase.holder', appliesTo: 'Form 4 / Form 5', when: 'A 10% owner (not an officer or director) bought shares in the open market', importance: 'MEDIUM' },
  {
    id: 'form4.purchase.large',
    appliesTo: 'Form 4 / Form 5',
    when: `The open-market purchase is worth at least ${usd(T.largePurchaseUsd)}, or grows the insider's holdings by at least ${T.largePurchaseHoldingsPct}% and is worth at least ${usd(T.largePurchaseMinUsd)}`,
    importance: 'CRITICAL',
  },
  {
    id: 'form4.purchase.cluster',
    appliesTo: 'Form 4 / Form 5',
    when: `${T.clusterInsiders} or more different insiders of the company bought in the open market within ${T.clusterDays} days`,
    importance: 'CRITICAL',
  },
  {
    id: 'form4.purchase.executive',
    appliesTo: 'Form 4 / Form 5',
    when: `The CEO or CFO bought at least ${usd(T.executivePurchaseUsd)} in the open market`,
    importance: 'CRITICAL',
  },
  { id: 'form4.sale', appliesTo: 'Form 4 / Form 5', when: 'An insider sold shares in the open market (code S), not under a Rule 10b5-1 plan', importance: 'MEDIUM' },
  {
    id: 'form4.sale.executive',
    appliesTo: 'Form 4 / Form 5',
    when: `The CEO or CFO sold at least ${usd(T.executiveSaleUsd)} in the open market, not under a Rule 10b5-1 plan`,
    importance: 'HIGH',
  },
  {
    id: 'form4.sale.position',
    appliesTo: 'Form 4 / Form 5',
    when: `A discretionary sale of at least ${T.salePositionPct}% of the seller's position (holdings before the sale), worth at least ${usd(T.saleMinUsd)}`,
    importance: 'HIGH',
  },
  {
    id: 'form4.sale.market-value',
    appliesTo: 'Form 4 / Form 5',
    when: `A discretionary sale worth at least ${T.saleMarketValuePct}% of the company's market value (when a quote gives it)`,
    importance: 'HIGH',
  },
  { id: 'form4.sale.large', appliesTo: 'Form 4 / Form 5', when: `A discretionary sale worth at least ${usd(T.largeSaleUsd)}`, importance: 'HIGH' },
  { id: 'form4.sale.huge', appliesTo: 'Form 4 / Form 5', when: `A discretionary sale worth at least ${usd(T.hugeSaleUsd)}`, importance: 'CRITICAL' },
  { id: 'form4.sale.plan', appliesTo: 'Form 4 / Form 5', when: 'Every open-market sale was made under a pre-arranged Rule 10b5-1 trading plan', importance: 'LOW' },
  {
    id: 'form4.routine',
    appliesTo: 'Form 4 / Form 5',
    when: 'Only grants or awards (A), option/RSU exercises or conversions (M, C, X), tax withholding (F), gifts (G) or other non-market transactions',
    importance: 'LOW',
  },
  { id: 'form4.no-rows', appliesTo: 'Form 4 / Form 5', when: 'No transaction could be itemised (paper-era text forms, holdings only)', importance: 'LOW' },
  { id: 'form4.late', appliesTo: 'Form 4', when: 'Filed after its deadline, two business days after the trade (federal holidays excluded)', importance: 'LOW' },
  { id: 'form4.very-late', appliesTo: 'Form 4', when: 'Filed 5 or more business days after its deadline', importance: 'MEDIUM' },
  { id: 'form144.notice', appliesTo: 'Form 144', when: 'An insider or affiliate gives notice of a proposed sale', importance: 'LOW' },
  { id: 'form3.initial', appliesTo: 'Form 3', when: 'A new insider states their initial holdings', importance: 'LOW' },
  { id: 'form3.ten-percent', appliesTo: 'Form 3', when: 'The new insider is a 10% owner', importance: 'MEDIUM' },
  { id: '13d.initial', appliesTo: 'Schedule 13D', when: 'An activist or control investor reports a new 5%+ stake (largest percent of any reporting person)', importance: 'HIGH' },
  { id: '13d.amendment', appliesTo: 'Schedule 13D/A', when: 'A 13D holder updates its stake or plans', importance: 'MEDIUM' },
  {
    id: 'stake.crossing',
    appliesTo: 'Schedule 13D/A, 13G/A',
    when: `The largest stake crossed ${T.stakeCrossingsPct.join('% or ')}% of the class since the holder's previous filing (either way)`,
    importance: 'HIGH',
  },
  { id: 'amendment.changes', appliesTo: '4/A, 8-K/A, 13D/A, 13G/A', when: 'An amendment: what changed against the original (shares, price, items, percent), in one line', importance: 'LOW' },
  { id: 'amendment.immaterial', appliesTo: '4/A, 8-K/A, 13D/A, 13G/A', when: 'An amendment that changes nothing material (same trades, items other than exhibits, percent): LOW whatever the original scored', importance: 'LOW' },
  { id: '13g.passive', appliesTo: 'Schedule 13G and 13G/A', when: 'A passive investor reports a 5%+ stake', importance: 'LOW' },
  { id: '13g.large', appliesTo: 'Schedule 13G and 13G/A', when: `The stake is ${T.passiveStakeMediumPct}% of the class or more`, importance: 'MEDIUM' },
  {
    id: '13g.change',
    appliesTo: 'Schedule 13G/A',
    when: `The stake moved by ${T.passiveStakeChangePts} percentage points or more since the holder's previous filing, or fell below 5%`,
    importance: 'MEDIUM',
  },
  { id: 'periodic.report', appliesTo: '10-K, 10-Q, 20-F, 40-F', when: 'An annual or quarterly report', importance: 'MEDIUM' },
  { id: 'periodic.amendment', appliesTo: '10-K/A, 10-Q/A, 20-F/A', when: 'An amendment to an annual or quarterly report', importance: 'LOW' },
  { id: 'periodic.late', appliesTo: 'NT 10-K, NT 10-Q, NT 20-F', when: 'The company says it cannot file its report on time', importance: 'HIGH' },
  { id: 'offering.registration', appliesTo: 'S-1, F-1, 424B1, 424B4', when: 'An IPO or new share offering is registered or priced', importance: 'MEDIUM' },
  { id: 'offering.amendment', appliesTo: 'S-1/A, F-1/A', when: 'An amendment to a registration statement', importance: 'LOW' },
  { id: 'offering.form-d', appliesTo: 'Form D, D/A', when: 'A private placement is reported', importance: 'LOW' },
  { id: 'proxy.annual', appliesTo: 'DEF 14A', when: 'Proxy for an annual meeting', importance: 'LOW' },
  { id: 'proxy.special', appliesTo: 'DEF 14A, DEFM14A', when: 'Proxy for a special meeting or a merger vote', importance: 'MEDIUM' },
  { id: 'proxy.contest', appliesTo: 'DEFC14A', when: 'A contested proxy (a fight for board seats)', importance: 'HIGH' },
  { id: '13f.holdings', appliesTo: '13F-HR', when: "An institutional manager's quarterly holdings", importance: 'LOW' },
  { id: 'other', appliesTo: 'Any other form', when: 'Stored with its header data only', importance: 'LOW' },
];
