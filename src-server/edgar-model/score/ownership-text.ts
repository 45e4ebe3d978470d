/** The words of a Form 3/4/5: its one-line headline and its summary, from the facts the rules read. */
import { transactionCodeWords } from '#shared/insider';
import { allocationKind, type CodeTotals, type Holding, holdingsAfter, type OwnershipFacts } from './ownership-facts';
import { money, plural, price, sentence, shares } from './format';

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

/** A derivative's title counted: "8,837 Stock Options (right to buy)", "379 Restricted Stock Units" (filed in the singular). */
function countedTitle(title: string, count: number): string {
  // A derivative that is itself a class of stock ("Class B Common Stock", convertible into Class A) counts shares of it.
  if (/\b(?:Stock|Shares?)$/i.test(title.trim())) return `${count === 1 ? 'share' : 'shares'} of ${title.trim()}`;
  return count === 1 ? title : title.replace(/\b(Option|Unit|Right|Warrant|Award)(?=\s*(?:\(|$))/, '$1s');
}

/** Non-market codes first by size: the line to show when nobody bought or sold. */
function nonMarketLine(name: string, t: CodeTotals): string {
  const n = shares(t.shares);
  const title = t.rows[0]?.securityTitle;
  const what =
    t.rows[0]?.tableKind === 'derivative'
      ? title
        ? countedTitle(title, t.shares)
        : 'derivative securities'
      : 'shares';
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

/** "bought $25.0M of 4.00% Convertible Senior Notes due 2029": notes stay dollars. */
function notesLine(f: OwnershipFacts): string | null {
  const d = f.dollars;
  if (!d) return null;
  const code = d.rows[0]?.code;
  if (d.acquired > 0)
    return `${f.name} ${code === 'P' ? 'bought' : 'acquired'} ${money(d.acquired)} of ${d.title.toLowerCase()}`;
  return `${f.name} ${code === 'S' ? 'sold' : code === 'C' ? 'converted' : 'disposed of'} ${money(d.disposed)} of ${d.title.toLowerCase()}`;
}

function form3Line(f: OwnershipFacts): string {
  const held = f.detail.rows
    .filter((r) => r.tableKind === 'non_derivative')
    .reduce((s, r) => s + (r.sharesOwnedAfter ?? 0), 0);
  return f.detail.noSecuritiesOwned || held === 0
    ? `${f.name} became an insider (no shares held)`
    : `${f.name} became an insider holding ${shares(held)} shares`;
}

export function oneLinerOf(f: OwnershipFacts): string {
  const trade = f.buy ?? f.sell;
  if (trade) {
    const verb = trade.code === 'P' ? 'bought' : 'sold';
    const how = trade.code === 'P' && f.allocation ? ` ${allocationKind(f.allocation)}` : '';
    return `${f.name} ${verb} ${shares(trade.shares)} shares${how}${atPrice(trade)}`;
  }
  const notes = notesLine(f);
  if (notes) return notes;
  const other = [...f.totals.values()].sort((a, b) => b.shares - a.shares)[0];
  if (other) return nonMarketLine(f.name, other);
  if (f.isForm3) return form3Line(f);
  return `${f.name} filed Form ${f.formType}`;
}

function holdingsLine(held: Holding[]): string {
  if (held.length === 0) return '';
  if (held.length === 1)
    return ` Holdings after: ${shares(held[0]!.shares)} shares${held[0]!.label === 'direct' ? '' : ` (${held[0]!.label})`}.`;
  const total = held.reduce((s, h) => s + h.shares, 0);
  return ` Holdings after: ${shares(total)} shares (${held.map((h) => `${shares(h.shares)} ${h.label}`).join('; ')}).`;
}

function planNote(f: OwnershipFacts): string {
  const sell = f.sell;
  if (!sell) return '';
  const sources = [...new Set(sell.rows.map((r) => r.planSource).filter(Boolean))];
  const planFrom = sources.length
    ? ` (stated in the ${sources.map((s) => (s === 'checkbox' ? "form's 10b5-1 checkbox" : s)).join(' and ')})`
    : '';
  if (sell.rows.every((r) => r.is10b51)) return ` All sales were under a Rule 10b5-1 plan${planFrom}.`;
  if (sell.rows.some((r) => r.is10b51)) return ' Some sales were under a Rule 10b5-1 plan.';
  return ' The sales were not marked as under a Rule 10b5-1 plan.';
}

/** The titles whose holdings the summary gives: the headline trade's security, else every non-derivative one. */
function headlineTitles(f: OwnershipFacts): Set<string> | undefined {
  const trade = f.buy ?? f.sell ?? [...f.totals.values()].find((t) => t.rows[0]?.tableKind === 'non_derivative');
  if (!trade) return undefined;
  return new Set(trade.rows.map((r) => (r.securityTitle ?? '').replace(/\s+/g, ' ').trim()));
}

export function summaryOf(f: OwnershipFacts): string {
  const { detail, trades } = f;
  const rowCount = detail.rows.filter((r) => !r.isHolding).length;
  const joint =
    detail.owners.length > 1
      ? ` Filed jointly by ${detail.owners.map((o) => o.displayName).join(', ')} (one trade, not ${detail.owners.length}).`
      : '';
  const allocation = f.allocation && f.buy ? ` The filing says: "${f.allocation}"` : '';
  const late = f.lateness
    ? ` Filed ${f.lateness.filed}, ${plural(f.lateness.businessDays, 'business day')} after its due date (trade ${f.lateness.firstTrade}).`
    : '';
  const notes = notesLine(f);
  return (
    sentence(
      `Form ${f.formType} for ${f.company}${f.role ? ` (${f.owner?.displayName}: ${f.role})` : ''}: ${oneLinerOf(f)}`,
    ) +
    (notes && (f.buy || f.sell) ? ` Also: ${notes}.` : '') +
    (rowCount > 1 ? ` ${plural(rowCount, 'transaction row')} reported as ${plural(trades.length, 'trade')}.` : '') +
    joint +
    allocation +
    holdingsLine(holdingsAfter(detail, headlineTitles(f))) +
    planNote(f) +
    (f.pattern ? ` ${f.pattern.line}.` : '') +
    late +
    (f.incomplete ? ' Some data in this filing is incomplete.' : '')
  );
}
