import type { ReactNode } from 'react';
import { formatNumber, formatPrice } from '../../lib/format';

/** Cells shared by the Form 4 table on ticker pages and the insider page's transaction list. */
export const formatShares = (value: number | null) =>
  value == null ? '—' : value.toLocaleString('en-US', { maximumFractionDigits: 4 });
/** Dollar values in one style down a column ($864.58K beside $1.78M, not $864,578.40; issue 28). */
export const formatValue = (value: number | null) => {
  if (value == null) return '—';
  const abs = Math.abs(value);
  if (abs >= 1e9) return `$${formatNumber(value / 1e9, 2)}B`;
  if (abs >= 1e6) return `$${formatNumber(value / 1e6, 2)}M`;
  if (abs >= 1e3) return `$${formatNumber(value / 1e3, 2)}K`;
  return formatPrice(value);
};

type Direction = 'A' | 'D' | null;

/** The SEC code and its words, with the security (and more) in small print below. */
export function TransactionCell({
  code,
  words,
  direction,
  children,
}: {
  code: string | null;
  words: string;
  direction: Direction;
  children: ReactNode;
}) {
  return (
    <td>
      <span className={`tp-tx__code tp-tx__code--${direction === 'D' ? 'out' : direction === 'A' ? 'in' : 'none'}`}>
        {code && <abbr title={`SEC code ${code}`}>{code}</abbr>} {words}
      </span>
      <span className="tp-tx__security">{children}</span>
    </td>
  );
}

/** Shares signed by direction, price, value, holdings after. */
export function AmountCells({
  direction,
  shares,
  price,
  value,
  after,
  valueClass = '',
}: {
  direction: Direction;
  shares: number | null;
  price: number | null;
  value: number | null;
  after: number | null;
  valueClass?: string;
}) {
  return (
    <>
      <td className="num">
        {/* No sign on a row without a share count (notes reported in dollars): "+—" reads as a typo. */}
        {shares == null ? '' : direction === 'D' ? '−' : direction === 'A' ? '+' : ''}
        {formatShares(shares)}
      </td>
      <td className="num">{price == null ? '—' : formatPrice(price)}</td>
      <td className={`num ${valueClass}`.trim()}>{formatValue(value)}</td>
      <td className="num">{formatShares(after)}</td>
    </>
  );
}

/** The headers over AmountCells, in the same order and with the same value-column class. */
export function AmountHeaders({ valueClass = '' }: { valueClass?: string }) {
  return (
    <>
      <th scope="col" className="num">
        Shares
      </th>
      <th scope="col" className="num">
        Price
      </th>
      <th scope="col" className={`num ${valueClass}`.trim()}>
        Value
      </th>
      <th scope="col" className="num">
        Held after
      </th>
    </>
  );
}

export function PlanCell({ plan, className }: { plan: boolean; className?: string }) {
  return (
    <td className={className}>
      {plan ? <span className="chip chip--elevated">Yes</span> : <span className="muted">No</span>}
    </td>
  );
}
