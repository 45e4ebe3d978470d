import { RangeBar } from '../../components/RangeBar';
import {
  formatCompact,
  formatDay,
  formatExactTime,
  formatMarketCap,
  formatNumber,
  formatPercent,
  formatPrice,
} from '../../lib/format';
import { quoteBadges } from './ticker-page-rules';
import type { QuoteLine as Quote } from './ticker-types';

function Stat({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <div className="tp-stat">
      <dt>{label}</dt>
      <dd>
        {value}
        {note && <span className="tp-stat__note">{note}</span>}
      </dd>
    </div>
  );
}

function asOf(quote: Quote): string {
  if (quote.kind === 'live') return quote.as_of ? `Quote updated ${formatExactTime(quote.as_of)}` : 'Latest quote';
  const day = quote.as_of ? formatDay(quote.as_of) : '';
  return `Last close ${day}, from stored daily prices (no live quote)`;
}

/** Price, change, valuation and activity, and the 52-week range with the price's position. */
export function QuoteLine({ quote }: { quote: Quote | null }) {
  if (!quote) {
    return <p className="tp-quote tp-quote--none muted">No quote or price history is available for this ticker yet.</p>;
  }
  const { week52, volume } = quoteBadges(quote);
  const change = quote.change_percent;
  const ratio = quote.volume != null && quote.avg_volume ? quote.volume / quote.avg_volume : null;
  // Stored daily prices give no valuation: those fields show only with a live quote that has them.
  const valuation = [quote.market_cap, quote.pe_ratio, quote.eps, quote.dividend_yield].some((v) => v != null);
  return (
    <div className="tp-quote" data-testid="quote-line">
      <div className="tp-quote__price">
        <span className="tp-quote__value">{formatPrice(quote.current_price)}</span>
        {change != null && (
          <span className={`change tp-quote__change ${change > 0 ? 'change--up' : change < 0 ? 'change--down' : ''}`}>
            {formatPercent(change, { signed: true })}
          </span>
        )}
        {week52 && <span className={`chip chip--${week52.kind}`}>{week52.label}</span>}
        {volume && <span className={`chip chip--${volume.kind}`}>{volume.label}</span>}
        <span className="tp-quote__asof muted">{asOf(quote)}</span>
      </div>
      <dl className="tp-stats">
        {valuation && (
          <>
            <Stat label="Market cap" value={formatMarketCap(quote.market_cap)} />
            <Stat label="P/E" value={formatNumber(quote.pe_ratio, 1)} />
            <Stat label="EPS" value={formatNumber(quote.eps)} />
            <Stat
              label="Dividend yield"
              value={quote.dividend_yield == null ? '—' : formatPercent(quote.dividend_yield)}
            />
          </>
        )}
        <Stat
          label="Volume"
          value={formatCompact(quote.volume)}
          note={ratio == null ? undefined : `${ratio.toFixed(2)}x the ${formatCompact(quote.avg_volume)} average`}
        />
      </dl>
      <RangeBar price={quote.current_price} low={quote.week_52_low} high={quote.week_52_high} />
    </div>
  );
}
