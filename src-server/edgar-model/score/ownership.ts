/** Scoring and text for Forms 3/4/5: what the insiders did, in words, and how much it matters. */
import { ownerRoleLabel, transactionCodeWords } from '#shared/insider';
import { collapseTrades, type InsiderTrade } from '#shared/insider-trades';
import { SCORING_THRESHOLDS as T } from '#shared/scoring-rules';
import type { OwnershipDetail, OwnershipOwner, OwnershipRow } from '../parse/types';
import { money, percent, plural, price, shares } from './format';
import type { Hit, InsiderData, ScoreContext } from './types';

interface CodeTotals {
  code: string;
  rows: OwnershipRow[];
  shares: number;
  /** Sum of shares x price over rows with a price. */
  value: number;
  pricedShares: number;
  acquiredDisposed: 'A' | 'D' | null;
}

/**
 * Totals per transaction code. An exercise or conversion (M, C, X...) is reported twice: shares
 * acquired in the non-derivative table and the option given up in the derivative table. The
 * non-derivative rows are the shares that changed hands, so a code's derivative rows count only
 * when it has no non-derivative rows (e.g. a grant of options alone).
 */
function totalsByCode(rows: OwnershipRow[]): Map<string, CodeTotals> {
  const byCode = new Map<string, { plain: OwnershipRow[]; derivative: OwnershipRow[] }>();
  for (const row of rows) {
    if (row.isHolding || !row.code) continue;
    const group = byCode.get(row.code) ?? { plain: [], derivative: [] };
    (row.tableKind === 'derivative' ? group.derivative : group.plain).push(row);
    byCode.set(row.code, group);
  }
  const map = new Map<string, CodeTotals>();
  for (const [code, group] of byCode) {
    const counted = group.plain.length > 0 ? group.plain : group.derivative;
    const t: CodeTotals = { code, rows: counted, shares: 0, value: 0, pricedShares: 0, acquiredDisposed: counted[0]?.acquiredDisposed ?? null };
    for (const row of counted) {
      t.shares += row.shares ?? 0;
      if (row.shares != null && row.pricePerShare != null && row.pricePerShare > 0) {
        t.value += row.shares * row.pricePerShare;
        t.pricedShares += row.shares;
      }
    }
    map.set(code, t);
  }
  return map;
}

/** The person the filing is "about": the first officer or director, else the first owner. */
export function primaryOwner(detail: OwnershipDetail): OwnershipOwner | undefined {
  return detail.owners.find((o) => o.isOfficer || o.isDirector) ?? detail.owners[0];
}

function who(detail: OwnershipDetail): string {
  const owner = primaryOwner(detail);
  const name = owner?.displayName || 'An insider';
  const others = detail.owners.length - 1;
  return others > 0 ? `${name} and ${plural(others, 'other')}` : name;
}

function atPrice(t: CodeTotals): string {
  if (t.pricedShares === 0) return '';
  const avg = t.value / t.pricedShares;
  const prices = t.rows.map((r) => r.pricePerShare).filter((p): p is number => p != null && p > 0);
  const low = Math.min(...prices);
  const high = Math.max(...prices);
  const range = high > low ? `, ${price(low)}-${price(high)}` : '';
  const prefix = prices.length > 1 ? ' at an average ' : ' at ';
  return `${prefix}${price(Math.round(avg * 100) / 100)} (${money(t.value)}${range})`;
}

/** Non-market codes first by size: the line to show when nobody bought or sold. */
function routineLine(name: string, t: CodeTotals): string {
  const n = shares(t.shares);
  const what = t.rows[0]?.tableKind === 'derivative' ? (t.rows[0].securityTitle ?? 'derivative securities') : 'shares';
  switch (t.code) {
    case 'A':
      return `${name} was granted ${n} ${what}`;
    case 'M':
    case 'X':
    case 'C':
      return `${name} exercised or converted ${n} ${what}`;
    case 'F':
      return `${name} had ${n} shares withheld for taxes`;
    case 'G':
      return t.acquiredDisposed === 'A' ? `${name} received a gift of ${n} shares` : `${name} gifted ${n} shares`;
    default:
      return `${name} reported ${transactionCodeWords(t.code).toLowerCase()} of ${n} ${what}`;
  }
}

/** Growth of the buyer's position: bought / (held after - bought), from the last purchase row. */
function holdingsGrowthPct(t: CodeTotals): number | null {
  const after = [...t.rows].reverse().find((r) => r.sharesOwnedAfter != null)?.sharesOwnedAfter;
  if (after == null || t.shares <= 0) return null;
  const before = after - t.shares;
  return before <= 0 ? Infinity : (t.shares / before) * 100;
}

/** CEO or CFO (or their "principal executive/financial officer" titles): their trades weigh more. */
export function isChiefExecutiveOrFinancial(owner: Pick<OwnershipOwner, 'officerTitle'> | undefined): boolean {
  return /\b(chief\s+executive|ceo|chief\s+financial|cfo|principal\s+executive|principal\s+financial)\b/i.test(owner?.officerTitle ?? '');
}

/** The seller's position before the sale: shares sold / (sold + held after, per holding). */
function positionSoldPct(trades: InsiderTrade[]): number | null {
  const after = new Map<string, number>();
  let sold = 0;
  for (const t of trades) {
    sold += t.shares;
    if (t.sharesOwnedAfter != null) after.set(`${t.securityTitle}|${t.directIndirect}|${t.natureOfOwnership}`, t.sharesOwnedAfter);
  }
  if (after.size === 0 || sold <= 0) return null;
  const held = [...after.values()].reduce((a, b) => a + b, 0);
  return (sold / (sold + held)) * 100;
}

/** Size and role rules of a discretionary sale (not under a 10b5-1 plan). */
function saleSizeHits(value: number, trades: InsiderTrade[], executive: boolean, role: string | null, context: ScoreContext): Hit[] {
  const hits: Hit[] = [];
  if (value >= T.hugeSaleUsd) hits.push({ rule: 'form4.sale.huge', importance: 'CRITICAL', reason: `The discretionary sale is worth ${money(value)}` });
  else if (value >= T.largeSaleUsd) hits.push({ rule: 'form4.sale.large', importance: 'HIGH', reason: `The discretionary sale is worth ${money(value)}` });
  if (executive && value >= T.executiveSaleUsd) hits.push({ rule: 'form4.sale.executive', importance: 'HIGH', reason: `The seller is the ${role ?? 'CEO/CFO'} and sold ${money(value)} without a trading plan` });
  const position = positionSoldPct(trades);
  if (position != null && position >= T.salePositionPct && value >= T.saleMinUsd) {
    hits.push({ rule: 'form4.sale.position', importance: 'HIGH', reason: `The sale is ${percent(position)} of the seller's position` });
  }
  const cap = context.marketCapUsd;
  if (cap != null && cap > 0 && (value / cap) * 100 >= T.saleMarketValuePct) {
    hits.push({ rule: 'form4.sale.market-value', importance: 'HIGH', reason: `The sale is ${percent((value / cap) * 100)} of the company's market value` });
  }
  return hits;
}

export interface OwnershipScore {
  hits: Hit[];
  oneLiner: string;
  summary: string;
  /** The filing's collapsed trades (core/insider-trades). */
  trades: InsiderTrade[];
  insiderData: InsiderData;
}

export function scoreOwnership(formType: string, detail: OwnershipDetail, company: string, context: ScoreContext, incomplete: boolean): OwnershipScore {
  const totals = totalsByCode(detail.rows);
  const trades = collapseTrades(detail.rows, detail.owners.map((o) => ({ cik: o.cik, name: o.displayName })));
  const owner = primaryOwner(detail);
  const name = who(detail);
  const role = owner ? ownerRoleLabel(owner) : null;
  const insider = detail.owners.some((o) => o.isOfficer || o.isDirector);
  const hits: Hit[] = [];
  const buy = totals.get('P');
  const sell = totals.get('S');
  const isForm3 = formType.startsWith('3');

  if (isForm3) {
    const tenPct = detail.owners.some((o) => o.isTenPercentOwner);
    hits.push(
      tenPct
        ? { rule: 'form3.ten-percent', importance: 'MEDIUM', reason: `${name} became a 10% owner of ${company}` }
        : { rule: 'form3.initial', importance: 'LOW', reason: `${name} filed an initial statement of holdings` },
    );
  }
  if (buy) {
    const bought = `${name}${role ? ` (${role})` : ''} bought ${shares(buy.shares)} shares in the open market`;
    hits.push(
      !insider
        ? { rule: 'form4.purchase.holder', importance: 'MEDIUM', reason: `${name}, a 10% owner, bought ${shares(buy.shares)} shares in the open market` }
        : buy.value > 0 && buy.value < T.insiderPurchaseMinUsd
          ? { rule: 'form4.purchase.small', importance: 'MEDIUM', reason: `${bought}, a small purchase (${money(buy.value)}, under ${money(T.insiderPurchaseMinUsd)})` }
          : { rule: 'form4.purchase.insider', importance: 'HIGH', reason: bought },
    );
    const growth = holdingsGrowthPct(buy);
    if (buy.value >= T.largePurchaseUsd) {
      hits.push({ rule: 'form4.purchase.large', importance: 'CRITICAL', reason: `The purchase is worth ${money(buy.value)}` });
    } else if (growth != null && growth >= T.largePurchaseHoldingsPct && buy.value >= T.largePurchaseMinUsd) {
      const grew = Number.isFinite(growth) ? `by ${percent(growth)}` : 'from nothing';
      hits.push({ rule: 'form4.purchase.large', importance: 'CRITICAL', reason: `The purchase (${money(buy.value)}) grows the holding ${grew}` });
    }
    const buyers = new Set(context.clusterBuyers ?? []);
    if (isChiefExecutiveOrFinancial(owner) && buy.value >= T.executivePurchaseUsd) {
      hits.push({ rule: 'form4.purchase.executive', importance: 'CRITICAL', reason: `The buyer is the ${role ?? 'CEO/CFO'} and bought ${money(buy.value)}` });
    }
    if (owner) buyers.delete(owner.displayName);
    if (buyers.size + 1 >= T.clusterInsiders) {
      hits.push({
        rule: 'form4.purchase.cluster',
        importance: 'CRITICAL',
        reason: `${buyers.size + 1} insiders bought within ${T.clusterDays} days (also ${[...buyers].join(', ')})`,
      });
    }
  }
  if (sell) {
    const allPlan = sell.rows.every((r) => r.is10b51);
    hits.push(
      allPlan
        ? { rule: 'form4.sale.plan', importance: 'LOW', reason: `${name} sold ${shares(sell.shares)} shares under a pre-arranged Rule 10b5-1 trading plan` }
        : { rule: 'form4.sale', importance: 'MEDIUM', reason: `${name} sold ${shares(sell.shares)} shares in the open market${sell.value ? ` (${money(sell.value)})` : ''}` },
    );
    const discretionary = trades.filter((t) => t.code === 'S' && !t.planAll);
    const discretionaryValue = discretionary.reduce((v, t) => v + t.value, 0);
    if (discretionary.length > 0) hits.push(...saleSizeHits(discretionaryValue, discretionary, isChiefExecutiveOrFinancial(owner), role, context));
  }
  const routine = [...totals.values()].filter((t) => t.code !== 'P' && t.code !== 'S').sort((a, b) => b.shares - a.shares);
  if (routine.length > 0 && !isForm3) {
    const words = routine.map((t) => `${transactionCodeWords(t.code)} (${t.code})`).join(', ');
    hits.push({ rule: 'form4.routine', importance: 'LOW', reason: `Routine transactions: ${words}` });
  }
  if (hits.length === 0) hits.push({ rule: 'form4.no-rows', importance: 'LOW', reason: 'No transaction could be itemised' });

  const headline = buy ?? sell ?? routine[0];
  let oneLiner: string;
  if (headline && (headline.code === 'P' || headline.code === 'S')) {
    oneLiner = `${name} ${headline.code === 'P' ? 'bought' : 'sold'} ${shares(headline.shares)} shares${atPrice(headline)}`;
  } else if (headline) {
    oneLiner = routineLine(name, headline);
  } else if (isForm3) {
    const held = detail.rows.filter((r) => r.tableKind === 'non_derivative').reduce((s, r) => s + (r.sharesOwnedAfter ?? 0), 0);
    oneLiner = detail.noSecuritiesOwned || held === 0 ? `${name} became an insider (no shares held)` : `${name} became an insider holding ${shares(held)} shares`;
  } else {
    oneLiner = `${name} filed Form ${formType}`;
  }

  const sources = [...new Set(sell?.rows.map((r) => r.planSource).filter(Boolean) ?? [])];
  const planFrom = sources.length ? ` (stated in the ${sources.map((s) => (s === 'checkbox' ? 'form\'s 10b5-1 checkbox' : s)).join(' and ')})` : '';
  const planNote = sell ? (sell.rows.every((r) => r.is10b51) ? ` All sales were under a Rule 10b5-1 plan${planFrom}.` : sell.rows.some((r) => r.is10b51) ? ' Some sales were under a Rule 10b5-1 plan.' : ' The sales were not marked as under a Rule 10b5-1 plan.') : '';
  const lastAfter = [...detail.rows].reverse().find((r) => r.tableKind === 'non_derivative' && r.sharesOwnedAfter != null)?.sharesOwnedAfter;
  const rowCount = detail.rows.filter((r) => !r.isHolding).length;
  const joint = detail.owners.length > 1 ? ` Filed jointly by ${detail.owners.map((o) => o.displayName).join(', ')} (one trade, not ${detail.owners.length}).` : '';
  const summary =
    `Form ${formType} for ${company}${role ? ` (${owner?.displayName}: ${role})` : ''}: ${oneLiner}.` +
    (rowCount > 1 ? ` ${plural(rowCount, 'transaction row')} reported as ${plural(trades.length, 'trade')}.` : '') +
    joint +
    (lastAfter != null ? ` Holdings after: ${shares(lastAfter)} shares.` : '') +
    planNote +
    (incomplete ? ' Some data in this filing is incomplete.' : '');

  return {
    hits,
    oneLiner,
    summary,
    trades,
    insiderData: {
      executiveName: owner?.displayName ?? null,
      executiveTitle: role,
      insiderCik: owner?.cik != null ? String(owner.cik) : null,
      isDisposition: headline ? headline.acquiredDisposed === 'D' : null,
      sharesTraded: headline ? headline.shares : null,
      transactionCode: headline?.code ?? null,
      incompleteData: incomplete,
    },
  };
}
