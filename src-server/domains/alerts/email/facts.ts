/**
 * The key facts of a filing as label/value rows, for the alert's small table (and the plain text).
 * `form4TradeFacts` is the one place a Form 4's trade is rendered: the collapsed trade (joint filers
 * and split-price rows as one) plugs in here.
 */
import { zonedParts, NEW_YORK } from '#shared/calendar';
import { form4BusinessDaysLate, lateLabel } from '#shared/deadlines';
import { itemShortLabel } from '#shared/form8k-items';
import { ownerRoleLabel, transactionCodeWords } from '#shared/insider';
import type { FilingDetail, OfficerChange, OwnershipDetail } from '../../../edgar-model/parse/types';
import { money, percent, price, shares } from '../../../edgar-model/score/format';

export interface Fact {
  label: string;
  value: string;
}

/** Who, role, what, shares, price, value, 10b5-1: the trade of a Form 4 (non-derivative rows with a transaction). */
export function form4TradeFacts(detail: OwnershipDetail): Fact[] {
  const owner = detail.owners[0];
  const trades = detail.rows.filter((r) => !r.isHolding && r.tableKind === 'non_derivative' && r.code);
  const rows = trades.length ? trades : detail.rows.filter((r) => !r.isHolding && r.code);
  const facts: Fact[] = [];
  if (owner) {
    const others = detail.owners.length - 1;
    facts.push({
      label: 'Who',
      value: `${owner.displayName}${others > 0 ? ` (+${others} joint filer${others === 1 ? '' : 's'})` : ''}`,
    });
    facts.push({ label: 'Role', value: ownerRoleLabel(owner) });
  }
  // The open-market trade (P/S) is the news; exercises, grants and withholding beside it are named apart.
  const market = rows.filter((r) => r.code === 'P' || r.code === 'S');
  const main = market.length ? market : rows;
  if (main.length) {
    facts.push({ label: 'Transaction', value: [...new Set(main.map((r) => transactionCodeWords(r.code)))].join(', ') });
    const total = main.reduce((sum, r) => sum + (r.shares ?? 0), 0);
    if (total > 0) facts.push({ label: 'Shares', value: shares(total) });
    const priced = main.filter((r) => r.pricePerShare != null && r.shares);
    if (priced.length) {
      const value = priced.reduce((sum, r) => sum + r.pricePerShare! * r.shares!, 0);
      const pricedShares = priced.reduce((sum, r) => sum + r.shares!, 0);
      const lo = Math.min(...priced.map((r) => r.pricePerShare!));
      const hi = Math.max(...priced.map((r) => r.pricePerShare!));
      facts.push({
        label: 'Price',
        value:
          lo === hi
            ? price(lo)
            : `${price(Math.round((value / pricedShares) * 100) / 100)} average (${price(lo)} - ${price(hi)})`,
      });
      if (value > 0) facts.push({ label: 'Value', value: money(value) });
    }
    const others = [...new Set(rows.filter((r) => !main.includes(r)).map((r) => transactionCodeWords(r.code)))];
    if (others.length) facts.push({ label: 'Also reported', value: others.join(', ') });
  }
  const plan = detail.aff10b5One === true || rows.some((r) => r.is10b51);
  facts.push({ label: '10b5-1 plan', value: plan ? 'Yes' : 'No' });
  return facts;
}

/** "filed 9 business days late" for a Form 4 whose earliest trade is more than two business days before its filing. */
export function form4Lateness(detail: OwnershipDetail, filedAt: Date): { days: number; label: string } | null {
  const dates = detail.rows
    .filter((r) => !r.isHolding && r.transactionDate)
    .map((r) => r.transactionDate!)
    .sort();
  if (!dates[0] || !/^4/.test(detail.documentType)) return null;
  const days = form4BusinessDaysLate(dates[0], zonedParts(filedAt, NEW_YORK).date);
  const label = lateLabel(days);
  return label ? { days, label } : null;
}

const CHANGE_LABEL: Record<OfficerChange['change'], string> = {
  departure: 'Leaving',
  appointment: 'Appointed',
  role_change: 'New role',
  compensation: 'Pay',
  named: 'Named',
};

/** Most people an 8-K's 5.02 rows name before "and N more" (a pay table can list a dozen). */
const MAX_PEOPLE = 5;

/** "Leaving: Brett Kaufman, Chief Financial Officer and Treasurer": the people an Item 5.02 names (parse/officer-change.ts). */
export function officerChangeFacts(people: OfficerChange[]): Fact[] {
  const shown = people
    .slice(0, MAX_PEOPLE)
    .map((p) => ({ label: CHANGE_LABEL[p.change], value: p.role ? `${p.name}, ${p.role}` : p.name }));
  const more = people.length - shown.length;
  return more > 0
    ? [...shown, { label: 'Also named', value: `${more} more ${more === 1 ? 'person' : 'people'} in Item 5.02` }]
    : shown;
}

/** The table rows for any filing: Form 4 trade, 8-K items (and the people of a 5.02), 13D/G stake, 10-Q/10-K period, Form 144 sale. */
export function keyFacts(f: {
  formType: string;
  items?: string[] | null;
  details?: FilingDetail | null;
  filedAt: Date;
}): Fact[] {
  const d = f.details ?? null;
  if (d?.kind === 'ownership') {
    const facts = form4TradeFacts(d);
    const late = form4Lateness(d, f.filedAt);
    return late ? [...facts, { label: 'Deadline', value: late.label }] : facts;
  }
  if (d?.kind === 'current' || f.items?.length) {
    const items = d?.kind === 'current' ? d.items.map((i) => i.number) : (f.items ?? []);
    const people = d?.kind === 'current' && items.includes('5.02') ? officerChangeFacts(d.people ?? []) : [];
    return [...items.map((n) => ({ label: `Item ${n}`, value: itemShortLabel(n) })), ...people];
  }
  if (d?.kind === 'beneficial') {
    return [
      { label: 'Holder', value: d.filer.name ?? 'not stated' },
      { label: 'Stake', value: d.percentOfClass != null ? `${percent(d.percentOfClass)} of the class` : 'not stated' },
      ...(d.eventDate ? [{ label: 'Event date', value: d.eventDate }] : []),
    ];
  }
  if (d?.kind === 'periodic') {
    return [
      ...(d.periodOfReport ? [{ label: 'Period ended', value: d.periodOfReport }] : []),
      ...(d.fiscalYear
        ? [
            {
              label: 'Fiscal year',
              value: `${d.fiscalYear}${d.fiscalPeriod && d.fiscalPeriod !== 'FY' ? ` ${d.fiscalPeriod}` : ''}`,
            },
          ]
        : []),
      ...(d.isLateNotice ? [{ label: 'Notice', value: 'The company says it cannot file on time' }] : []),
    ];
  }
  if (d?.kind === 'sale_notice') {
    return [
      { label: 'Seller', value: d.personName ?? 'not stated' },
      ...(d.relationships.length ? [{ label: 'Role', value: d.relationships.join(', ') }] : []),
      ...(d.shares != null ? [{ label: 'Shares to sell', value: shares(d.shares) }] : []),
      ...(d.marketValue != null ? [{ label: 'Market value', value: money(d.marketValue) }] : []),
      ...(d.approxSaleDate ? [{ label: 'Approximate sale date', value: d.approxSaleDate }] : []),
    ];
  }
  return [];
}
