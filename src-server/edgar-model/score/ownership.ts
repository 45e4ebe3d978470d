/**
 * Scoring for Forms 3/4/5 in named parts (docs/scoring.md, "Form 4 by context"): who traded, what
 * (shares, or dollars of notes), whether it was an allocation in an offering, discretionary or
 * under a plan, its size against the seller's own holdings, the insider's routine (Cohen, Malloy
 * & Pomorski) and how late the filing is by its own dates.
 */
import { ownerRoleLabel, transactionCodeWords } from '#shared/insider';
import { collapseTrades, type InsiderTrade } from '#shared/insider-trades';
import { SCORING_THRESHOLDS as T } from '#shared/scoring-rules';
import type { OwnershipDetail, OwnershipOwner, ParsedFiling } from '../parse/types';
import { money, percent, plural, shares } from './format';
import {
  allocationText,
  type CodeTotals,
  dollarTotals,
  elapsed,
  form4Lateness,
  holdingsAfter,
  type OwnershipFacts,
  positionSold,
  totalsByCode,
} from './ownership-facts';
import { oneLinerOf, summaryOf } from './ownership-text';
import { tradingPattern } from './trading-pattern';
import type { Hit, InsiderData, ScoreContext } from './types';

/** The person the filing is "about": the first officer or director, else the first owner. */
export function primaryOwner(detail: OwnershipDetail): OwnershipOwner | undefined {
  return detail.owners.find((o) => o.isOfficer || o.isDirector) ?? detail.owners[0];
}

/** CEO or CFO (or their "principal executive/financial officer" titles): their trades weigh more. */
function isChiefExecutiveOrFinancial(owner: Pick<OwnershipOwner, 'officerTitle'> | undefined): boolean {
  return /\b(chief\s+executive|ceo|chief\s+financial|cfo|principal\s+executive|principal\s+financial)\b/i.test(
    owner?.officerTitle ?? '',
  );
}

function whoFiled(detail: OwnershipDetail, owner: OwnershipOwner | undefined): string {
  const name = owner?.displayName || 'An insider';
  const others = detail.owners.length - 1;
  return others > 0 ? `${name} and ${plural(others, 'other')}` : name;
}

/**
 * A 10% owner by the form's own words when the box is not ticked: an owner who ticked "Other" and,
 * there or in the remarks, states a holding (alone or as a group) of more than 10%.
 */
const TEN_PERCENT_WORDS =
  /\b(?:more than|in excess of|over|greater than)\s+(?:10|ten)\s*(?:%|percent|per cent)|\b(?:10%|ten percent)\s+(?:owner|holder|beneficial owner)/i;

/** Sentences, not cut at "Inc." or "S.A.": a break needs a capital letter after it. */
function sentenceWith(texts: string[], pattern: RegExp): string | null {
  for (const text of texts) {
    const sentence = text.split(/(?<=\.)\s+(?=[A-Z])/).find((s) => pattern.test(s));
    if (sentence) return sentence.trim();
  }
  return null;
}

const quote = (s: string): string => `"${s.length > 240 ? `${s.slice(0, 237)}...` : s}"`;

/** The sentence stating the 10% holding when only the "Other" box is ticked, else null. */
function tenPercentByRemarks(detail: OwnershipDetail): string | null {
  if (!detail.owners.some((o) => o.isOther)) return null;
  return sentenceWith([...detail.owners.map((o) => o.otherText ?? ''), detail.remarks ?? ''], TEN_PERCENT_WORDS);
}

function gatherFacts(f: ParsedFiling, detail: OwnershipDetail, company: string, context: ScoreContext): OwnershipFacts {
  const totals = totalsByCode(detail.rows);
  const trades = collapseTrades(
    detail.rows,
    detail.owners.map((o) => ({ cik: o.cik, name: o.displayName })),
  );
  const owner = primaryOwner(detail);
  const buy = totals.get('P');
  const allocation = buy ? allocationText(detail, buy.rows) : null;
  // Share trades only: a row stated in dollars (notes) has no shares and is told apart.
  // A purchase under a Rule 10b5-1 plan is as pre-arranged as a sale under one.
  const discretionary = trades.filter(
    (t) => t.shares > 0 && !t.planAll && (t.code === 'S' || (t.code === 'P' && !allocation)),
  );
  const firstTrade = discretionary
    .map((t) => t.date)
    .filter((d): d is string => !!d)
    .sort()[0];
  return {
    formType: f.formType,
    detail,
    company,
    context,
    incomplete: f.incomplete.length > 0,
    totals,
    trades,
    owner,
    name: whoFiled(detail, owner),
    role: owner ? ownerRoleLabel(owner) : null,
    insider: detail.owners.some((o) => o.isOfficer || o.isDirector),
    tenPercent: detail.owners.some((o) => o.isTenPercentOwner) || tenPercentByRemarks(detail) != null,
    executive: isChiefExecutiveOrFinancial(owner),
    buy,
    sell: totals.get('S'),
    dollars: dollarTotals(detail.rows),
    allocation,
    isForm3: f.formType.startsWith('3'),
    discretionary,
    lateness: form4Lateness(f.formType, detail, f.filedDate ?? f.acceptedAt?.slice(0, 10) ?? null, f.isAmendment),
    pattern: firstTrade
      ? tradingPattern(firstTrade, owner?.displayName ?? 'The insider', context.insiderHistory)
      : null,
  };
}

/**
 * A Form 3 filed because of a reorganization among one holder's own entities (a parent or a new
 * holding company added as owner of the shares a subsidiary already held) names no new holder.
 */
const REORGANIZATION = /\b(?:corporate|internal|intercompany|intra-group)\s+(?:reorganization|restructuring)\b/i;

const reorganizationText = (detail: OwnershipDetail): string | null =>
  sentenceWith([...detail.footnotes.map((n) => n.text), detail.remarks ?? ''], REORGANIZATION);

/**
 * A 10% owner's Form 3 at the listing whose holdings predate it: preferred stock that converts at the
 * initial public offering, or a director or officer (a founder) whose footnotes tie the holdings to the
 * offering. The holder is not new to the company, only to the public market (rubric: "MEDIUM when it
 * shows a new >10% holder"). Shares bought in the offering are a new holder's and stay MEDIUM.
 */
const AT_LISTING = /\b(?:initial public offering|IPO)\b/i;
/** A sentence that names the listing and a conversion or net exercise, in either order. */
const CONVERTS_AT_LISTING =
  /^(?=[\s\S]*\b(?:initial public offering|IPO)\b)(?=[\s\S]*\b(?:conver(?:t|ts|sion|ted)|net exercised)\b)/i;
const BOUGHT_IN_OFFERING =
  /\b(?:purchased|bought|acquired|subscribed)\b[^.]{0,80}\b(?:offering|IPO|private placement)\b/i;

function preListingText(f: OwnershipFacts): string | null {
  const texts = [...f.detail.footnotes.map((n) => n.text), f.detail.remarks ?? ''];
  if (sentenceWith(texts, BOUGHT_IN_OFFERING)) return null;
  return sentenceWith(texts, CONVERTS_AT_LISTING) ?? (f.insider ? sentenceWith(texts, AT_LISTING) : null);
}

function form3Hits(f: OwnershipFacts): Hit[] {
  if (!f.isForm3) return [];
  const reorganization = f.tenPercent ? reorganizationText(f.detail) : null;
  const byRemarks = f.detail.owners.some((o) => o.isTenPercentOwner) ? null : tenPercentByRemarks(f.detail);
  if (reorganization)
    return [
      {
        rule: 'form3.reorganization',
        importance: 'LOW',
        reason: `${f.name} filed for a reorganization among the holder's own entities, not a new 10% owner: ${quote(reorganization)}`,
      },
    ];
  const preListing = f.tenPercent ? preListingText(f) : null;
  if (preListing)
    return [
      {
        rule: 'form3.pre-listing',
        importance: 'LOW',
        reason: `${f.name} filed for holdings from before the listing, not as a new 10% owner: ${quote(preListing)}`,
      },
    ];
  return [
    f.tenPercent
      ? {
          rule: 'form3.ten-percent',
          importance: 'MEDIUM',
          reason: `${f.name} became a 10% owner of ${f.company}${byRemarks ? `, as the filing states: ${quote(byRemarks)}` : ''}`,
        }
      : { rule: 'form3.initial', importance: 'LOW', reason: `${f.name} filed an initial statement of holdings` },
  ];
}

/** Shares bought in an offering at its price: an allocation, MEDIUM when large or a 10% owner's, else LOW. */
function allocationHits(f: OwnershipFacts, buy: CodeTotals, sentence: string): Hit[] {
  const big = buy.value >= T.allocationMediumUsd || f.tenPercent;
  return [
    {
      rule: 'form4.purchase.allocation',
      importance: big ? 'MEDIUM' : 'LOW',
      reason: `${f.name} bought ${shares(buy.shares)} shares${buy.value ? ` (${money(buy.value)})` : ''} as an allocation, not in the open market: "${sentence.length > 160 ? `${sentence.slice(0, 157)}...` : sentence}"`,
    },
  ];
}

/** Growth of the buyer's holdings: bought / (every holding of the bought security after - bought). */
function holdingsGrowthPct(f: OwnershipFacts, buy: CodeTotals): number | null {
  const titles = new Set(buy.rows.map((r) => (r.securityTitle ?? '').replace(/\s+/g, ' ').trim()));
  const held = holdingsAfter(f.detail, titles);
  if (held.length === 0 || buy.shares <= 0) return null;
  const before = held.reduce((s, h) => s + h.shares, 0) - buy.shares;
  return before <= 0 ? Infinity : (buy.shares / before) * 100;
}

function purchaseHits(f: OwnershipFacts): Hit[] {
  const buy = f.buy;
  if (!buy) return [];
  if (f.allocation) return allocationHits(f, buy, f.allocation);
  const buys = f.trades.filter((t) => t.code === 'P');
  if (buys.length > 0 && buys.every((t) => t.planAll))
    return [
      {
        rule: 'form4.purchase.plan',
        importance: 'LOW',
        reason: `${f.name} bought ${shares(buy.shares)} shares${buy.value ? ` (${money(buy.value)})` : ''} under a pre-arranged Rule 10b5-1 trading plan`,
      },
    ];
  const bought = `${f.name}${f.role ? ` (${f.role})` : ''} bought ${shares(buy.shares)} shares in the open market${buy.value ? ` (${money(buy.value)})` : ''}`;
  const hits: Hit[] = [];
  if (!f.insider)
    hits.push({ rule: 'form4.purchase.holder', importance: 'MEDIUM', reason: `${bought}, as a 10% owner` });
  else if (buy.value > 0 && buy.value < T.insiderPurchaseMinUsd)
    hits.push({
      rule: 'form4.purchase.small',
      importance: 'LOW',
      reason: `${bought}: a small purchase (under ${money(T.insiderPurchaseMinUsd)}), such as a dividend reinvestment`,
    });
  else hits.push({ rule: 'form4.purchase.insider', importance: 'HIGH', reason: bought });
  const growth = holdingsGrowthPct(f, buy);
  const grew = growth != null && growth >= T.largePurchaseHoldingsPct && buy.value >= T.largePurchaseMinUsd;
  const large = buy.value >= T.largePurchaseUsd || grew;
  const size =
    buy.value >= T.largePurchaseUsd || growth == null
      ? money(buy.value)
      : `${money(buy.value)}, growing the holdings ${Number.isFinite(growth) ? `by ${percent(growth)}` : 'from nothing'}`;
  if (large && f.executive)
    hits.push({
      rule: 'form4.purchase.executive',
      importance: 'CRITICAL',
      reason: `The buyer is the ${f.role ?? 'CEO/CFO'} and bought ${size}`,
    });
  if (large && f.tenPercent)
    hits.push({ rule: 'form4.purchase.large', importance: 'CRITICAL', reason: `A 10% owner bought ${size}` });
  const buyers = new Set(f.context.clusterBuyers ?? []);
  if (f.owner) buyers.delete(f.owner.displayName);
  if (buyers.size + 1 >= T.clusterInsiders)
    hits.push({
      rule: 'form4.purchase.cluster',
      importance: 'CRITICAL',
      reason: `${buyers.size + 1} insiders bought within ${T.clusterDays} days (also ${[...buyers].join(', ')})`,
    });
  return hits;
}

/** Notes and other securities stated in dollars: told as the amount, never as "0 shares". */
function notesHits(f: OwnershipFacts): Hit[] {
  const d = f.dollars;
  if (!d) return [];
  const title = d.title.toLowerCase();
  if (d.acquired > 0)
    return [
      {
        rule: 'form4.notes',
        importance: d.acquired >= T.allocationMediumUsd ? 'MEDIUM' : 'LOW',
        reason: `${f.name} acquired ${money(d.acquired)} of ${title} (an amount in dollars, not shares)`,
      },
    ];
  return [
    {
      rule: 'form4.notes',
      importance: 'LOW',
      reason: `${f.name} disposed of ${money(d.disposed)} of ${title} (an amount in dollars, not shares)`,
    },
  ];
}

/** A rule's dollar line as people say it ("$100M", not "$100.0M"). */
const inMillions = (usd: number) => (usd % 1e6 === 0 ? `$${usd / 1e6}M` : money(usd));

/** Size rules of a discretionary sale (no plan), per docs/scoring.md's rubric. */
function saleSizeHits(f: OwnershipFacts, sold: InsiderTrade[]): Hit[] {
  const value = sold.reduce((v, t) => v + t.value, 0);
  const count = sold.reduce((v, t) => v + t.shares, 0);
  const held = positionSold(f.detail, sold);
  // An exercise-and-sale: the filing's own option exercises (code M or X) brought in at least the shares sold, so
  // the seller's holdings of the stock are what they were before the exercise (STERIS 2020: 1,560 options exercised,
  // the same 1,560 shares sold, 6,684 held before and after). Under $1M the sale only turns options into cash: its
  // share of the holdings says nothing and it is judged by its dollar amount. From $1M the amount makes it a sale to
  // read (MEDIUM at least), and the share of the position still counts.
  const exercised = f.detail.rows
    .filter(
      (r) =>
        r.tableKind === 'non_derivative' &&
        !r.isHolding &&
        (r.code === 'M' || r.code === 'X') &&
        r.acquiredDisposed === 'A',
    )
    .reduce((n, r) => n + (r.shares ?? 0), 0);
  const cashOut = exercised > 0 && count <= exercised && value < T.saleMediumUsd;
  const position = cashOut ? null : (held?.pct ?? null);
  const units = held?.units ? ` counting ${shares(held.units)} units exchangeable one-for-one` : '';
  const ofHoldings = cashOut
    ? `, the ${shares(exercised)} shares just acquired by exercising options`
    : position != null
      ? `, ${percent(position)} of the seller's holdings${units}`
      : '';
  const hits: Hit[] = [];
  const what = `${f.name}${f.role ? ` (${f.role})` : ''} sold ${shares(count)} shares${value ? ` (${money(value)}${ofHoldings})` : ofHoldings ? ` (${ofHoldings.slice(2)})` : ''} with no Rule 10b5-1 plan stated`;
  const medium =
    value === 0 ||
    value >= T.saleMediumUsd ||
    (position != null && position >= T.saleMediumPositionPct && value >= T.saleSmallUsd);
  hits.push(
    medium
      ? { rule: 'form4.sale', importance: 'MEDIUM', reason: what }
      : { rule: 'form4.sale.small', importance: 'LOW', reason: `${what}: small against the seller's holdings` },
  );
  // The sale itself (who, how many shares, how much, no plan) is said in full once, above; each size rule adds the line
  // it crossed, and the executive rule the seller's role, so a card's "Why" does not say the same sale three ways.
  if (value >= T.hugeSaleUsd)
    hits.push({
      rule: 'form4.sale.huge',
      importance: 'HIGH',
      reason: `A very large sale: ${money(value)}, over ${inMillions(T.hugeSaleUsd)}, with no trading plan`,
    });
  else if (value >= T.largeSaleUsd)
    hits.push({
      rule: 'form4.sale.large',
      importance: 'HIGH',
      reason: `A large sale: ${money(value)}, over ${inMillions(T.largeSaleUsd)}, with no trading plan`,
    });
  if (f.executive && value >= T.executiveSaleUsd)
    hits.push({
      rule: 'form4.sale.executive',
      importance: 'MEDIUM',
      reason: `The seller is the ${f.role ?? 'CEO or CFO'}: ${inMillions(T.executiveSaleUsd)} or more sold outside a trading plan`,
    });
  if (position != null && position >= T.salePositionPct && value >= T.saleMinUsd)
    hits.push({
      rule: 'form4.sale.position',
      importance: 'HIGH',
      reason: `The sale is ${percent(position)} of the seller's holdings`,
    });
  const cap = f.context.marketCapUsd;
  if (cap != null && cap > 0 && (value / cap) * 100 >= T.saleMarketValuePct)
    hits.push({
      rule: 'form4.sale.market-value',
      importance: 'HIGH',
      reason: `The sale is ${percent((value / cap) * 100)} of the company's market value`,
    });
  return hits;
}

function saleHits(f: OwnershipFacts): Hit[] {
  const sell = f.sell;
  if (!sell) return [];
  const sold = f.discretionary.filter((t) => t.code === 'S');
  if (sold.length > 0) return saleSizeHits(f, sold);
  return [
    {
      rule: 'form4.sale.plan',
      importance: 'LOW',
      reason: `${f.name} sold ${shares(sell.shares)} shares under a pre-arranged Rule 10b5-1 trading plan`,
    },
  ];
}

/** Grants, exercises, withholding, gifts...: the codes that are not a market decision. */
function nonMarketHits(f: OwnershipFacts): Hit[] {
  const other = [...f.totals.values()].filter((t) => t.code !== 'P' && t.code !== 'S');
  if (other.length === 0 || f.isForm3) return [];
  const words = other
    .sort((a, b) => b.shares - a.shares)
    .map((t) => `${transactionCodeWords(t.code)} (${t.code})`)
    .join(', ');
  return [{ rule: 'form4.routine', importance: 'LOW', reason: `Routine transactions: ${words}` }];
}

function patternHit(f: OwnershipFacts): Hit[] {
  if (!f.pattern) return [];
  return [{ rule: `form4.pattern.${f.pattern.kind}`, importance: 'LOW', reason: f.pattern.line }];
}

/** Late by the filing's own dates: MEDIUM when the trade was discretionary (or notes bought), else LOW. */
function lateHit(f: OwnershipFacts): Hit[] {
  const l = f.lateness;
  if (!l) return [];
  const discretionary = f.discretionary.length > 0 || (f.dollars?.acquired ?? 0) > 0;
  const reason = `Form 4 filed ${plural(l.businessDays, 'business day')} late: trade ${l.firstTrade}, filed ${l.filed} (${elapsed(l.firstTrade, l.filed)} later, by its ${l.from}; due two business days after the trade)`;
  return [
    discretionary
      ? { rule: 'form4.late.discretionary', importance: 'MEDIUM', reason }
      : { rule: 'form4.late', importance: 'LOW', reason },
  ];
}

/** A routine trader's purchase or sale says little: its market rules are held to LOW. */
function capForRoutine(f: OwnershipFacts, hits: Hit[]): Hit[] {
  if (f.pattern?.kind !== 'routine') return hits;
  return hits.map((h) => (/^form4\.(purchase|sale)/.test(h.rule) ? { ...h, importance: 'LOW' } : h));
}

/**
 * A Form 5 is the year-end report of trades that were not reported on a Form 4 when made, often
 * months before: old news (docs/scoring.md), so its market rules are held to LOW and it says so.
 */
function capForForm5(f: OwnershipFacts, hits: Hit[]): Hit[] {
  if (!/^5(\/A)?$/.test(f.formType) || hits.length === 0) return hits;
  const capped = hits.map((h): Hit => (/^form4\.(purchase|sale)/.test(h.rule) ? { ...h, importance: 'LOW' } : h));
  const dates = f.trades
    .map((t) => t.date)
    .filter((d): d is string => !!d)
    .sort();
  const from = dates[0];
  const to = dates[dates.length - 1];
  const when = from ? (from === to ? ` made on ${from}` : ` made from ${from} to ${to}`) : '';
  const period = f.detail.periodOfReport ? ` for the year to ${f.detail.periodOfReport}` : '';
  return [
    ...capped,
    {
      rule: 'form5.annual',
      importance: 'LOW',
      reason: `A Form 5${period}: a year-end report of trades${when}, not news of a trade made now`,
    },
  ];
}

function insiderDataOf(f: OwnershipFacts): InsiderData {
  const headline =
    f.buy ?? f.sell ?? (f.dollars ? undefined : [...f.totals.values()].sort((a, b) => b.shares - a.shares)[0]);
  const notes = !f.buy && !f.sell && f.dollars ? f.dollars.rows[0] : undefined;
  return {
    executiveName: f.owner?.displayName ?? null,
    executiveTitle: f.role,
    insiderCik: f.owner?.cik != null ? String(f.owner.cik) : null,
    isDisposition: headline ? headline.acquiredDisposed === 'D' : notes ? notes.acquiredDisposed === 'D' : null,
    sharesTraded: headline ? headline.shares : null,
    transactionCode: headline?.code ?? notes?.code ?? null,
    incompleteData: f.incomplete,
  };
}

export interface OwnershipScore {
  hits: Hit[];
  oneLiner: string;
  summary: string;
  /** The filing's collapsed trades (core/insider-trades). */
  trades: InsiderTrade[];
  insiderData: InsiderData;
}

export type { OwnershipFacts } from './ownership-facts';

export function scoreOwnership(
  f: ParsedFiling,
  detail: OwnershipDetail,
  company: string,
  context: ScoreContext,
): OwnershipScore {
  const facts = gatherFacts(f, detail, company, context);
  const market = capForForm5(facts, capForRoutine(facts, [...purchaseHits(facts), ...saleHits(facts)]));
  const hits = [
    ...form3Hits(facts),
    ...market,
    ...notesHits(facts),
    ...nonMarketHits(facts),
    ...patternHit(facts),
    ...lateHit(facts),
  ];
  if (hits.length === 0)
    hits.push({ rule: 'form4.no-rows', importance: 'LOW', reason: 'No transaction could be itemised' });
  return {
    hits,
    oneLiner: oneLinerOf(facts),
    summary: summaryOf(facts),
    trades: facts.trades,
    insiderData: insiderDataOf(facts),
  };
}
