/**
 * Facts of a Form 3/4/5 that its rules and text are built from (pure): totals per transaction
 * code, rows stated in dollars (notes), allocations in an offering, holdings per holding, and how
 * late the filing is by the dates it states itself.
 */
import { form4BusinessDaysLate } from '#shared/deadlines';
import type { InsiderTrade } from '#shared/insider-trades';
import type { OwnershipDetail, OwnershipOwner, OwnershipRow } from '../parse/types';
import type { TradingPattern } from './trading-pattern';
import type { ScoreContext } from './types';

export interface CodeTotals {
  code: string;
  rows: OwnershipRow[];
  shares: number;
  /** Sum of shares x price over rows with a price. */
  value: number;
  pricedShares: number;
  acquiredDisposed: 'A' | 'D' | null;
}

/** Debt and other securities whose "amount" column is a principal in dollars, not a share count. */
const DEBT_TITLE = /\b(notes?|debentures?|bonds?|loans?|promissory)\b/i;

/**
 * A row stated in dollars: the form's dollar amount (transactionTotalValue) with no share count, or
 * a note/debenture, whose amount column the form's instructions fill with the principal amount.
 */
function isDollarRow(row: OwnershipRow): boolean {
  if (row.isHolding || !row.code) return false;
  if (row.shares == null && row.totalValue != null) return true;
  return (
    DEBT_TITLE.test(row.securityTitle ?? '') && !/\b(stock|shares?|units?|warrants?)\b/i.test(row.securityTitle ?? '')
  );
}

/** A dollar row's amount: the stated dollar value, else the principal in the amount column. */
export function dollarAmount(row: OwnershipRow): number {
  return row.totalValue ?? row.shares ?? 0;
}

/**
 * Totals per transaction code over the rows counted in shares. An exercise or conversion (M, C,
 * X...) is reported twice: shares acquired in the non-derivative table and the option given up in
 * the derivative table. The non-derivative rows are the shares that changed hands, so a code's
 * derivative rows count only when it has no non-derivative rows (e.g. a grant of options alone).
 */
export function totalsByCode(rows: OwnershipRow[]): Map<string, CodeTotals> {
  const byCode = new Map<string, { plain: OwnershipRow[]; derivative: OwnershipRow[] }>();
  for (const row of rows) {
    if (row.isHolding || !row.code || isDollarRow(row)) continue;
    const group = byCode.get(row.code) ?? { plain: [], derivative: [] };
    (row.tableKind === 'derivative' ? group.derivative : group.plain).push(row);
    byCode.set(row.code, group);
  }
  const map = new Map<string, CodeTotals>();
  for (const [code, group] of byCode) {
    const counted = group.plain.length > 0 ? group.plain : group.derivative;
    const t: CodeTotals = {
      code,
      rows: counted,
      shares: 0,
      value: 0,
      pricedShares: 0,
      acquiredDisposed: counted[0]?.acquiredDisposed ?? null,
    };
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

/** Dollar rows acquired (bought, received) and disposed, with their total and the titles. */
export interface DollarTotals {
  acquired: number;
  disposed: number;
  rows: OwnershipRow[];
  title: string;
}

export function dollarTotals(rows: OwnershipRow[]): DollarTotals | null {
  const dollars = rows.filter(isDollarRow);
  if (dollars.length === 0) return null;
  let acquired = 0;
  let disposed = 0;
  for (const row of dollars) {
    if (row.acquiredDisposed === 'D') disposed += dollarAmount(row);
    else acquired += dollarAmount(row);
  }
  const title = (dollars[0]?.securityTitle ?? 'notes').replace(/\s+/g, ' ').trim();
  return { acquired, disposed, rows: dollars, title };
}

/**
 * Words that say a purchase was an allocation from the company, not a market buy: shares bought in
 * the IPO or another offering at its price, a private placement, a rights offering, a direct sale.
 */
const ALLOCATION =
  /\b(initial public offering|IPO|public offering price|(?:underwritten|registered direct|follow-on|secondary|concurrent|public) offering|private placement|rights offering|directly from the (?:issuer|company)|from the (?:issuer|company) in|securities purchase agreement|subscription agreement)\b/i;

/**
 * The sentence that says the purchase rows were an allocation, or null: the purchase rows' own
 * footnotes, then the footnotes of other rows of the same day (a preferred stock converting "in
 * connection with the closing of the initial public offering"), then the remarks.
 */
export function allocationText(detail: OwnershipDetail, rows: OwnershipRow[]): string | null {
  const days = new Set(rows.map((r) => r.transactionDate));
  const sameDay = detail.rows.filter((r) => !rows.includes(r) && days.has(r.transactionDate));
  const texts = [
    ...rows.flatMap((r) => r.footnotes.map((f) => f.text)),
    ...sameDay.flatMap((r) => r.footnotes.map((f) => f.text)),
    detail.remarks ?? '',
  ];
  for (const text of texts) {
    const sentence = text.split(/(?<=\.)\s+/).find((s) => ALLOCATION.test(s));
    if (sentence) return sentence.trim();
  }
  return null;
}

export function allocationKind(sentence: string): string {
  if (/initial public offering|\bIPO\b/i.test(sentence)) return 'in the IPO';
  if (/private placement|securities purchase agreement|subscription agreement/i.test(sentence))
    return 'in a private placement';
  if (/rights offering/i.test(sentence)) return 'in a rights offering';
  if (/directly from|from the (?:issuer|company)/i.test(sentence)) return 'from the company';
  return 'in an offering';
}

/** One holding of a security after the filing's rows: direct, or indirect with its nature ("By Trust"). */
export interface Holding {
  label: string;
  shares: number;
}

function holdingKey(row: Pick<OwnershipRow, 'directIndirect' | 'natureOfOwnership'>): string {
  if (row.directIndirect !== 'I') return 'direct';
  const nature = (row.natureOfOwnership ?? '').replace(/\s+/g, ' ').trim();
  return nature ? nature : 'indirect';
}

/**
 * Holdings after the filing per holding of the given security titles (non-derivative table): the
 * last row of each holding, transactions and holding rows alike. A joint filing's entities each hold
 * through their own holding, so one entity's last row never stands for another's.
 */
export function holdingsAfter(detail: OwnershipDetail, titles?: Set<string>): Holding[] {
  const last = new Map<string, { title: string; key: string; shares: number }>();
  for (const row of detail.rows) {
    if (row.tableKind !== 'non_derivative' || row.sharesOwnedAfter == null || isDollarRow(row)) continue;
    const title = (row.securityTitle ?? '').replace(/\s+/g, ' ').trim();
    if (titles && !titles.has(title)) continue;
    const key = holdingKey(row);
    last.set(`${title}|${key}`, { title, key, shares: row.sharesOwnedAfter });
  }
  const oneTitle = new Set([...last.values()].map((h) => h.title)).size <= 1;
  return [...last.values()].map((h) => ({ label: oneTitle ? h.key : `${h.title}, ${h.key}`, shares: h.shares }));
}

/**
 * Units held after the filing that are exchangeable one-for-one into the given share classes (the
 * derivative table's rows whose underlying is that class and that carry no exercise price, e.g. LLC
 * units redeemable for Class A shares): part of the owner's holding of the class, unlike options,
 * which cost a strike price to turn into shares. One-for-one is read from the row itself: its
 * underlying shares equal its own amount. The last row of each unit and holding counts.
 */
function exchangeableAfter(detail: OwnershipDetail, titles: Set<string>): Holding[] {
  const last = new Map<string, Holding>();
  for (const row of detail.rows) {
    if (row.tableKind !== 'derivative' || row.sharesOwnedAfter == null || isDollarRow(row)) continue;
    const underlying = (row.underlyingTitle ?? '').replace(/\s+/g, ' ').trim();
    if (!titles.has(underlying) || (row.conversionOrExercisePrice ?? 0) > 0) continue;
    const own = row.isHolding ? row.sharesOwnedAfter : row.shares;
    if (row.underlyingShares == null || own == null || row.underlyingShares !== own) continue;
    const title = (row.securityTitle ?? '').replace(/\s+/g, ' ').trim();
    const key = holdingKey(row);
    last.set(`${title}|${key}`, { label: `${title}, ${key}`, shares: row.sharesOwnedAfter });
  }
  return [...last.values()];
}

/** Shares of the given classes held after, with units exchangeable one-for-one into them. */
function heldAfter(detail: OwnershipDetail, titles: Set<string>): { shares: number; units: number } | null {
  const holdings = holdingsAfter(detail, titles);
  if (holdings.length === 0) return null;
  const units = exchangeableAfter(detail, titles).reduce((a, h) => a + h.shares, 0);
  return { shares: holdings.reduce((a, h) => a + h.shares, 0), units };
}

/**
 * The seller's position before the sale: shares sold / (sold + every holding of those securities
 * after, units exchangeable one-for-one into them included); `units` is that last part.
 */
export function positionSold(detail: OwnershipDetail, trades: InsiderTrade[]): { pct: number; units: number } | null {
  const sold = trades.reduce((s, t) => s + t.shares, 0);
  const titles = new Set(trades.map((t) => (t.securityTitle ?? '').replace(/\s+/g, ' ').trim()));
  const held = heldAfter(detail, titles);
  if (!held || sold <= 0) return null;
  return { pct: (sold / (sold + held.shares + held.units)) * 100, units: held.units };
}

/** How late a Form 4 is, from the dates it states: its earliest trade and its filing (or signature) date. */
export interface Lateness {
  businessDays: number;
  firstTrade: string;
  filed: string;
  /** Which date said when it was filed: EDGAR's filing date, else the signature (a filing is never filed before it is signed). */
  from: 'filing date' | 'signature date';
}

export function form4Lateness(
  formType: string,
  detail: OwnershipDetail,
  filedDate: string | null,
  isAmendment: boolean,
): Lateness | null {
  if (!/^4(\/A)?$/.test(formType) || isAmendment) return null;
  const first = detail.rows
    .filter((r) => !r.isHolding && r.transactionDate)
    .map((r) => r.transactionDate!)
    .sort()[0];
  const filed = filedDate ?? detail.signatureDate;
  if (!first || !filed || filed < first) return null;
  const businessDays = form4BusinessDaysLate(first, filed);
  if (businessDays <= 0) return null;
  return { businessDays, firstTrade: first, filed, from: filedDate ? 'filing date' : 'signature date' };
}

/** "3 months", "19 days": the calendar time between the trade and the filing, for the reason. */
export function elapsed(from: string, to: string): string {
  const days = Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
  if (days >= 60) return `${Math.round(days / 30.44)} months`;
  return `${days} day${days === 1 ? '' : 's'}`;
}

/** Everything the rules and the text read, gathered once. */
export interface OwnershipFacts {
  formType: string;
  detail: OwnershipDetail;
  company: string;
  context: ScoreContext;
  incomplete: boolean;
  totals: Map<string, CodeTotals>;
  trades: InsiderTrade[];
  owner: OwnershipOwner | undefined;
  /** "Jane Roe" or "Fund LP and 3 others". */
  name: string;
  role: string | null;
  insider: boolean;
  tenPercent: boolean;
  executive: boolean;
  buy: CodeTotals | undefined;
  sell: CodeTotals | undefined;
  dollars: DollarTotals | null;
  /** The footnote or remark saying the purchase was an allocation in an offering, or null. */
  allocation: string | null;
  isForm3: boolean;
  /** Open-market trades outside a plan that are not allocations. */
  discretionary: InsiderTrade[];
  lateness: Lateness | null;
  pattern: TradingPattern | null;
}
