import { formatPrice } from '../lib/format';

/** The 52-week range with the price's position on it. */
export function RangeBar({
  price,
  low,
  high,
}: {
  price: number | null | undefined;
  low: number | null | undefined;
  high: number | null | undefined;
}) {
  if (price == null || low == null || high == null || !(high > low))
    return <p className="muted">52-week range not available.</p>;
  const position = Math.min(100, Math.max(0, ((price - low) / (high - low)) * 100));
  return (
    <div className="range">
      <div className="range__labels">
        <span>{formatPrice(low)}</span>
        <span>52-week range</span>
        <span>{formatPrice(high)}</span>
      </div>
      <div className="range__track" role="img" aria-label={`Price at ${position.toFixed(0)}% of the 52-week range`}>
        <span className="range__marker" style={{ left: `${position}%` }} />
      </div>
    </div>
  );
}
