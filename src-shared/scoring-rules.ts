/**
 * The importance rules, as a table a person can read (rendered on /about-our-ai) and the scorer
 * uses (src-server/edgar-model/score). Several rules may hit one filing: the highest level
 * wins and every hit is listed as a reason.
 */
import { FORM_8K_ITEMS } from './form8k-items';
import type { Importance } from './importance';
import { CONTENT_RULES_8K } from './scoring-rules-8k';

export const SCORING_THRESHOLDS = {
  /** An open-market purchase this large (USD) by the CEO, CFO or a 10% owner is CRITICAL (an officer's or director's HIGH) ... */
  largePurchaseUsd: 1_000_000,
  /** ... or one that grows the buyer's holdings by this share (percent) ... */
  largePurchaseHoldingsPct: 20,
  /** ... provided it is worth at least this much (USD), so tiny positions do not count. */
  largePurchaseMinUsd: 100_000,
  /** This many different insiders buying in the open market ... */
  clusterInsiders: 3,
  /** ... within this many days is a cluster (CRITICAL). */
  clusterDays: 10,
  /** A 13G holder at or above this percent of the class is MEDIUM. */
  passiveStakeMediumPct: 10,
  /** An offering of this share of the shares already outstanding or more is large against the company (docs/scoring.md 424B row). */
  dilutiveOfferingPct: 20,
  /** A 13G amendment moving the stake by this many points is MEDIUM. */
  passiveStakeChangePts: 2,
  /**
   * An officer's or director's open-market purchase below this (USD) is LOW, not HIGH: plan
   * top-ups such as Isabella Bank's director buying $5,000 of stock (275.634 shares) say little.
   */
  insiderPurchaseMinUsd: 10_000,
  /** The CEO's or CFO's purchase is CRITICAL from the large-purchase size (USD) above. */
  executivePurchaseUsd: 1_000_000,
  /** A discretionary sale (no Rule 10b5-1 plan) by the CEO or CFO this large (USD) is named as such (MEDIUM) ... */
  executiveSaleUsd: 1_000_000,
  /** A discretionary sale of this share of the seller's holdings (percent) ... */
  salePositionPct: 20,
  /** ... provided it is worth at least this much (USD), is HIGH. */
  saleMinUsd: 1_000_000,
  /** A discretionary sale this large (USD), or of this share of the holdings (percent, worth at least saleSmallUsd), is MEDIUM; under both LOW. */
  saleMediumUsd: 1_000_000,
  saleMediumPositionPct: 5,
  saleSmallUsd: 100_000,
  /** ... or of this share of the company's market value (percent) is HIGH. */
  saleMarketValuePct: 0.05,
  /** A discretionary sale this large (USD) is HIGH ... */
  largeSaleUsd: 10_000_000,
  /** ... and this large (USD) is named as very large (still HIGH: a sale is never CRITICAL on size alone). */
  hugeSaleUsd: 100_000_000,
  /** Notes or other securities stated in dollars, or an allocation in an offering, from this amount (USD) are MEDIUM, below LOW. */
  allocationMediumUsd: 1_000_000,
  /** A 13D/13G stake crossing one of these percents of the class is HIGH on a 13D (rising), MEDIUM on a 13G (decision 356). */
  stakeCrossingsPct: [5, 10] as readonly number[],
} as const;

const T = SCORING_THRESHOLDS;

/**
 * 8-K items by importance when the item's text cannot be read (items not listed are LOW). When it
 * can, the content rules decide (scoring-rules-8k.ts, docs/scoring.md "8-K (and 6-K) by content");
 * these defaults are the rubric's usual level for the item.
 */
export const ITEM_IMPORTANCE: Record<string, Importance> = {
  '1.03': 'CRITICAL',
  '1.05': 'CRITICAL',
  '4.02': 'CRITICAL',
  '5.01': 'CRITICAL',
  '2.04': 'HIGH',
  '3.01': 'HIGH',
  '5.02': 'HIGH',
  '5.06': 'HIGH',
  '1.01': 'MEDIUM',
  '1.02': 'MEDIUM',
  '2.01': 'MEDIUM',
  '2.02': 'MEDIUM',
  '2.03': 'MEDIUM',
  '2.05': 'MEDIUM',
  '2.06': 'MEDIUM',
  '3.02': 'MEDIUM',
  '3.03': 'MEDIUM',
  '4.01': 'MEDIUM',
  '8.01': 'MEDIUM',
  '1.04': 'MEDIUM',
  '5.03': 'LOW',
  '5.04': 'LOW',
  '5.05': 'LOW',
  '5.07': 'LOW',
  '7.01': 'LOW',
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
    when: `Item ${item} (${title}) when its text cannot be read`,
    importance: ITEM_IMPORTANCE[item] as Importance,
  }));

const contentRules: ScoringRule[] = Object.entries(CONTENT_RULES_8K).map(([id, rule]) => ({
  id,
  appliesTo: '8-K current report',
  when: rule.when,
  importance: rule.importance,
}));

const usd = (n: number) => `$${n.toLocaleString('en-US')}`;

export const SCORING_RULES: readonly ScoringRule[] = [
  ...contentRules,
  ...itemRules,
  {
    id: '8k.item.other',
    appliesTo: '8-K current report',
    when: 'Any other item (e.g. 9.01 Financial Statements and Exhibits, 5.08, asset-backed items)',
    importance: 'LOW',
  },
  {
    id: '8k.no-items',
    appliesTo: '8-K current report',
    when: 'No item could be read from the filing',
    importance: 'LOW',
  },
  {
    id: '6k.report',
    appliesTo: '6-K foreign issuer report',
    when: 'Every 6-K (no item codes to rank)',
    importance: 'LOW',
  },
  {
    id: '6k.news',
    appliesTo: '6-K foreign issuer report',
    when: "It furnishes a press release whose headline is news (read as an 8-K's Other Events: MEDIUM, a material topic higher); a forwarded routine report (meeting notice, own-share transactions, voting rights) is not",
    importance: 'MEDIUM',
  },
  {
    id: '6k.results',
    appliesTo: '6-K foreign issuer report',
    when: 'It announces quarterly or annual results',
    importance: 'MEDIUM',
  },
  {
    id: 'form4.purchase.insider',
    appliesTo: 'Form 4 / Form 5',
    when: `An officer or director bought shares in the open market (code P, no plan, not an allocation), worth ${usd(T.insiderPurchaseMinUsd)} or more (or of unknown value)`,
    importance: 'HIGH',
  },
  {
    id: 'form4.purchase.small',
    appliesTo: 'Form 4 / Form 5',
    when: `An officer or director bought less than ${usd(T.insiderPurchaseMinUsd)} in the open market (a dividend reinvestment or a plan top-up)`,
    importance: 'LOW',
  },
  {
    id: 'form4.purchase.holder',
    appliesTo: 'Form 4 / Form 5',
    when: 'A 10% owner (not an officer or director) bought shares in the open market',
    importance: 'MEDIUM',
  },
  {
    id: 'form4.purchase.large',
    appliesTo: 'Form 4 / Form 5',
    when: `A 10% owner's open-market purchase is worth at least ${usd(T.largePurchaseUsd)}, or grows the holdings by at least ${T.largePurchaseHoldingsPct}% and is worth at least ${usd(T.largePurchaseMinUsd)}`,
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
    when: `The CEO or CFO bought at least ${usd(T.executivePurchaseUsd)} in the open market, or grew the holdings by ${T.largePurchaseHoldingsPct}% or more (at least ${usd(T.largePurchaseMinUsd)})`,
    importance: 'CRITICAL',
  },
  {
    id: 'form4.purchase.allocation',
    appliesTo: 'Form 4 / Form 5',
    when: `Shares bought in the IPO, a placement, a rights or direct offering at its price (the footnotes or remarks say so): an allocation, not a market buy; MEDIUM from ${usd(T.allocationMediumUsd)} or for a 10% owner`,
    importance: 'LOW',
  },
  {
    id: 'form4.notes',
    appliesTo: 'Form 4 / Form 5',
    when: `Convertible notes or other securities stated in dollars (no share count) bought or received: told as the dollar amount, MEDIUM from ${usd(T.allocationMediumUsd)}`,
    importance: 'MEDIUM',
  },
  {
    id: 'form4.sale.small',
    appliesTo: 'Form 4 / Form 5',
    when: `A discretionary sale (no Rule 10b5-1 plan) under ${usd(T.saleMediumUsd)} and under ${T.saleMediumPositionPct}% of the seller's holdings (or under ${usd(T.saleSmallUsd)})`,
    importance: 'LOW',
  },
  {
    id: 'form4.sale',
    appliesTo: 'Form 4 / Form 5',
    when: `A discretionary sale (no Rule 10b5-1 plan) of ${usd(T.saleMediumUsd)} or more, or of ${T.saleMediumPositionPct}% or more of the seller's holdings`,
    importance: 'MEDIUM',
  },
  {
    id: 'form4.sale.executive',
    appliesTo: 'Form 4 / Form 5',
    when: `The CEO or CFO sold at least ${usd(T.executiveSaleUsd)} in the open market, not under a Rule 10b5-1 plan`,
    importance: 'MEDIUM',
  },
  {
    id: 'form4.sale.position',
    appliesTo: 'Form 4 / Form 5',
    when: `A discretionary sale of at least ${T.salePositionPct}% of the seller's holdings (every holding of the security after the sale, per holding), worth at least ${usd(T.saleMinUsd)}`,
    importance: 'HIGH',
  },
  {
    id: 'form4.sale.market-value',
    appliesTo: 'Form 4 / Form 5',
    when: `A discretionary sale worth at least ${T.saleMarketValuePct}% of the company's market value (when a quote gives it)`,
    importance: 'HIGH',
  },
  {
    id: 'form4.sale.large',
    appliesTo: 'Form 4 / Form 5',
    when: `A discretionary sale worth at least ${usd(T.largeSaleUsd)}`,
    importance: 'HIGH',
  },
  {
    id: 'form4.sale.huge',
    appliesTo: 'Form 4 / Form 5',
    when: `A discretionary sale worth at least ${usd(T.hugeSaleUsd)} (named; a sale is never CRITICAL on its size alone)`,
    importance: 'HIGH',
  },
  {
    id: 'form4.purchase.plan',
    appliesTo: 'Form 4 / Form 5',
    when: 'Every open-market purchase was made under a pre-arranged Rule 10b5-1 trading plan (a footnote, the remarks or the box)',
    importance: 'LOW',
  },
  {
    id: 'form5.annual',
    appliesTo: 'Form 5',
    when: 'A year-end report of trades not reported when made: old news, its purchases and sales held to LOW',
    importance: 'LOW',
  },
  {
    id: 'form4.sale.plan',
    appliesTo: 'Form 4 / Form 5',
    when: 'Every open-market sale was made under a pre-arranged Rule 10b5-1 trading plan',
    importance: 'LOW',
  },
  {
    id: 'form4.pattern.routine',
    appliesTo: 'Form 4 / Form 5',
    when: 'A routine insider (Cohen, Malloy & Pomorski 2012): traded in the same calendar month in each of the three prior years; the trade is LOW whatever its size',
    importance: 'LOW',
  },
  {
    id: 'form4.pattern.opportunistic',
    appliesTo: 'Form 4 / Form 5',
    when: 'An open-market trade by an insider whose stored history covers three prior years without that pattern (named as a reason)',
    importance: 'LOW',
  },
  {
    id: 'form4.pattern.unknown',
    appliesTo: 'Form 4 / Form 5',
    when: 'An open-market trade by an insider whose stored history is too short to tell routine from opportunistic (said plainly)',
    importance: 'LOW',
  },
  {
    id: 'form4.routine',
    appliesTo: 'Form 4 / Form 5',
    when: 'Only grants or awards (A), option/RSU exercises or conversions (M, C, X), tax withholding (F), gifts (G) or other non-market transactions',
    importance: 'LOW',
  },
  {
    id: 'form4.no-rows',
    appliesTo: 'Form 4 / Form 5',
    when: 'No transaction could be itemised (paper-era text forms, holdings only)',
    importance: 'LOW',
  },
  {
    id: 'form4.late',
    appliesTo: 'Form 4',
    when: 'Filed after its deadline, two business days after the trade (federal holidays excluded), by the filing date or, without one, the signature date; nothing discretionary was traded',
    importance: 'LOW',
  },
  {
    id: 'form4.late.discretionary',
    appliesTo: 'Form 4',
    when: 'Filed late (as above) and the trade was discretionary: an open-market purchase or a sale outside a plan',
    importance: 'MEDIUM',
  },
  {
    id: 'form144.notice',
    appliesTo: 'Form 144',
    when: 'An insider or affiliate gives notice of a proposed sale',
    importance: 'LOW',
  },
  { id: 'form3.initial', appliesTo: 'Form 3', when: 'A new insider states their initial holdings', importance: 'LOW' },
  {
    id: 'form3.ten-percent',
    appliesTo: 'Form 3',
    when: 'The new insider is a 10% owner (the box, or "Other" with a holding of more than 10% stated there or in the remarks)',
    importance: 'MEDIUM',
  },
  {
    id: 'form3.reorganization',
    appliesTo: 'Form 3',
    when: "A 10% owner's Form 3 filed for a corporate reorganization among the holder's own entities: no new holder",
    importance: 'LOW',
  },
  {
    id: 'form3.pre-listing',
    appliesTo: 'Form 3',
    when: "A 10% owner's Form 3 at the initial public offering for holdings from before it (preferred that converts at the offering, or a director's or officer's stake): not a new holder",
    importance: 'LOW',
  },
  {
    id: '13d.initial',
    appliesTo: 'Schedule 13D',
    when: 'An activist or control investor reports a new 5%+ stake (largest percent of any reporting person): a first crossing',
    importance: 'HIGH',
  },
  {
    id: '13d.plans',
    appliesTo: 'Schedule 13D, 13D/A',
    when: 'Item 4 states an action taken or a stated campaign (a letter or proposal delivered, directors nominated, a demand, an agreement with the company, an intention to press the board on value, strategic alternatives or board seats): CRITICAL on a first 13D, HIGH on an amendment, CRITICAL again when it proposes to acquire the company',
    importance: 'CRITICAL',
  },
  {
    id: '13d.deal-support',
    appliesTo: 'Schedule 13D',
    when: "A first 13D whose stake is the acquirer's proxies under voting or support agreements signed with an announced merger agreement: the deal is the news",
    importance: 'MEDIUM',
  },
  {
    id: '13d.pre-listing',
    appliesTo: 'Schedule 13D',
    when: "A first 13D for securities held before the company listed (converted at its IPO, or held before its SPAC merger): a backer's expected filing",
    importance: 'MEDIUM',
  },
  {
    id: '13d.reorganization',
    appliesTo: 'Schedule 13D',
    when: "A first 13D filed because the holder's own group reorganised internally: the same shares re-reported, no new plans",
    importance: 'LOW',
  },
  {
    id: '13d.plan-trustee',
    appliesTo: 'Schedule 13D, 13D/A',
    when: "A 13D or 13D/A filed by a trustee of the company's employee stock plan or employee trust for the plan's shares: the employees' shares, not a purchase (amendments and employee trusts since decision 354)",
    importance: 'LOW',
  },
  {
    id: '13d.not-purchased',
    appliesTo: 'Schedule 13D',
    when: 'A first 13D whose Item 3 says no funds were used or the shares were received for services: shares received in a distribution, a grant or a deal, not bought in the market',
    importance: 'MEDIUM',
  },
  {
    id: '13d.capital-call',
    appliesTo: 'Schedule 13D',
    when: "A first 13D whose Item 3 says a fund with no public market issued the shares on its call for capital the holder committed before (a private BDC's drawdown): not a purchase in a market (decision 378)",
    importance: 'LOW',
  },
  {
    id: 'stake.exit',
    appliesTo: 'Schedule 13D/A, 13G/A',
    when: "The holder has ceased to be the beneficial owner of more than 5% (the cover's box, or a stake below 5% on an amendment): an exit",
    importance: 'MEDIUM',
  },
  {
    id: 'stake.exit.sale',
    appliesTo: 'Schedule 13D/A, 13G/A',
    when: "An exit because the company was sold: the holder's shares went into a tender offer for all outstanding shares, were converted in the company's merger, or a 13D/A says the merger was consummated and ended the holder's stake (the sale was the news when announced)",
    importance: 'LOW',
  },
  {
    id: '13g.initial',
    appliesTo: 'Schedule 13G',
    when: "A passive investor's first 13G: a first crossing of 5% (an index-fund manager's routine filing stays LOW)",
    importance: 'MEDIUM',
  },
  {
    id: '13d.no-recent-purchase',
    appliesTo: 'Schedule 13D',
    when: 'A first 13D whose Item 5(c) lists no transaction in the past sixty days, or whose cover dates the event that required it more than sixty days before the filing: the 5% line was not just crossed by buying, so the market has not just seen the stake bought (decisions 352, 373)',
    importance: 'MEDIUM',
  },
  {
    id: '13d.control-update',
    appliesTo: 'Schedule 13D/A',
    when: 'A 13D/A by a holder that owns more than half the class before and after, with no Item 4 action and no exit: control does not change (decision 374)',
    importance: 'LOW',
  },
  {
    id: '13d.dilution-only',
    appliesTo: 'Schedule 13D/A',
    when: "A 13D/A whose Item 4 says the holder's percentage fell only because the company sold or issued shares: the holder traded nothing (decision 354)",
    importance: 'LOW',
  },
  {
    id: '13d.amendment',
    appliesTo: 'Schedule 13D/A',
    when: 'A 13D holder updates its stake or plans',
    importance: 'MEDIUM',
  },
  {
    id: 'stake.crossing',
    appliesTo: 'Schedule 13D/A, 13G/A',
    when: `The largest stake crossed ${T.stakeCrossingsPct.join('% or ')}% of the class since the holder's previous filing: on a 13D/A when it rose through the line (a fall through 10% that stays above 5% is a numbers update), on a 13G/A (MEDIUM) either way when it moved ${T.passiveStakeChangePts} points or more (decision 356)`,
    importance: 'HIGH',
  },
  {
    id: 'amendment.changes',
    appliesTo: '4/A, 8-K/A, 13D/A, 13G/A',
    when: 'An amendment: what changed against the original (shares, price, items, percent), in one line',
    importance: 'LOW',
  },
  {
    id: 'amendment.immaterial',
    appliesTo: '4/A, 8-K/A, 13D/A, 13G/A',
    when: 'An amendment that changes nothing material (same trades, items other than exhibits, percent): LOW whatever the original scored',
    importance: 'LOW',
  },
  {
    id: '13g.passive',
    appliesTo: 'Schedule 13G and 13G/A',
    when: 'A passive investor reports a 5%+ stake',
    importance: 'LOW',
  },
  {
    id: '13g.other-class',
    appliesTo: 'Schedule 13G and 13G/A',
    when: "The class reported is not the company's common stock (preferred or preference shares, notes, warrants): a filing about another security of the issuer",
    importance: 'LOW',
  },
  {
    id: '13g.blank-check',
    appliesTo: 'Schedule 13G and 13G/A',
    when: 'The company is a blank-check company (SIC 6770): a passive stake in its trust-backed shares, not news about a business',
    importance: 'LOW',
  },
  {
    id: '13g.large',
    appliesTo: 'Schedule 13G',
    when: `A first 13G's stake is ${T.passiveStakeMediumPct}% of the class or more (an index-fund manager's stays LOW at any size)`,
    importance: 'MEDIUM',
  },
  {
    id: '13g.change',
    appliesTo: 'Schedule 13G/A',
    when: `The stake moved by ${T.passiveStakeChangePts} percentage points or more since the holder's previous filing, or fell below 5%`,
    importance: 'MEDIUM',
  },
  {
    id: 'periodic.report',
    appliesTo: '10-K, 10-Q, 20-F, 40-F',
    when: 'An annual or quarterly report',
    importance: 'MEDIUM',
  },
  {
    id: 'periodic.going-concern',
    appliesTo: '10-K, 10-Q',
    when: "The report concludes there is substantial doubt about the company's ability to continue as a going concern",
    importance: 'HIGH',
  },
  {
    id: 'periodic.asset-backed',
    appliesTo: '10-K, 10-Q',
    when: "The report of an asset-backed issuer (SIC 6189, a loan or receivables trust): about the trust's notes, not a company's stock",
    importance: 'LOW',
  },
  {
    id: 'periodic.rewrite',
    appliesTo: '10-K, 10-Q',
    when: 'Risk Factors (25%+) or Legal Proceedings (50%+) rewrote far more of their text than the company usually does (twice its usual change) since the same report a year earlier',
    importance: 'HIGH',
  },
  {
    id: 'periodic.risk_factors',
    appliesTo: '10-K, 10-Q',
    when: 'Risk factors were added or removed since the same report a year earlier (named as a reason; never lowers the level)',
    importance: 'LOW',
  },
  {
    id: 'periodic.amendment',
    appliesTo: '10-K/A, 10-Q/A, 20-F/A',
    when: 'An amendment to an annual or quarterly report',
    importance: 'LOW',
  },
  {
    id: 'periodic.late',
    appliesTo: 'NT 10-K, NT 10-Q, NT 20-F',
    when: 'The company says it cannot file its report on time',
    importance: 'HIGH',
  },
  {
    id: 'offering.registration',
    appliesTo: 'S-1, F-1, 424B1, 424B4',
    when: 'An IPO or new share offering is registered or priced',
    importance: 'MEDIUM',
  },
  {
    id: 'offering.resale',
    appliesTo: 'S-1, F-1, 424B1-424B4',
    when: 'A registration for selling holders to resell shares they already own: the company receives none of the proceeds',
    importance: 'LOW',
  },
  {
    id: 'offering.blank-check',
    appliesTo: 'S-1, F-1, 424B1-424B4',
    when: 'A blank-check company (SPAC) registers or prices its IPO: no operating business yet',
    importance: 'LOW',
  },
  {
    id: 'offering.dilutive',
    appliesTo: '424B, S-1, F-1',
    when: `A listed company sells new shares equal to ${T.dilutiveOfferingPct}% or more of the shares outstanding before the offering (the prospectus summary's offered and outstanding lines): large against the company`,
    importance: 'HIGH',
  },
  {
    id: 'offering.supplement',
    appliesTo: '424B5 / 424B7',
    when: "A prospectus supplement whose cover sells the company's own common stock (an offering or an at-the-market program): it dilutes holders",
    importance: 'MEDIUM',
  },
  {
    id: 'offering.amendment',
    appliesTo: 'S-1/A, F-1/A',
    when: 'An amendment to a registration statement',
    importance: 'LOW',
  },
  { id: 'offering.form-d', appliesTo: 'Form D, D/A', when: 'A private placement is reported', importance: 'LOW' },
  { id: 'proxy.annual', appliesTo: 'DEF 14A', when: 'Proxy for an annual meeting', importance: 'LOW' },
  {
    id: 'proxy.special',
    appliesTo: 'DEF 14A, DEFM14A',
    when: 'Proxy for a special meeting or a merger vote',
    importance: 'MEDIUM',
  },
  {
    id: 'proxy.reverse-split',
    appliesTo: 'DEF 14A',
    when: 'The proxy asks holders to approve a reverse stock split',
    importance: 'MEDIUM',
  },
  {
    id: 'proxy.contest',
    appliesTo: 'DEFC14A',
    when: 'A contested proxy (a fight for board seats)',
    importance: 'HIGH',
  },
  { id: '13f.holdings', appliesTo: '13F-HR', when: "An institutional manager's quarterly holdings", importance: 'LOW' },
  { id: 'other', appliesTo: 'Any other form', when: 'Stored with its header data only', importance: 'LOW' },
];
