import { Link } from 'react-router';
import { formatCompact, formatMarketCap, formatNumber, formatPercent, formatPrice } from '../../lib/format';
import { TickerCard } from '../../features/watchlist/TickerCard';
import { volumeBadge, week52Badge } from '../../features/watchlist/card-rules';
import type { WatchlistItem } from '../../features/watchlist/watchlist-types';
import { currentBrandConfig } from '../../brand/current-brand';
import { useAuth } from '../../lib/session';
import { RangeBar } from '../../components/RangeBar';
import { ComparisonShell } from './ComparisonShell';

function Detailed({ item }: { item: WatchlistItem }) {
  const week52 = week52Badge(item);
  const volume = volumeBadge(item);
  const rows: [string, string][] = [
    ['Price', formatPrice(item.current_price)],
    ['Change', formatPercent(item.change_percent, { signed: true })],
    ['Market cap', formatMarketCap(item.market_cap)],
    ['P/E', formatNumber(item.pe_ratio, 1)],
    ['EPS', formatNumber(item.eps)],
    ['Dividend yield', item.dividend_yield == null ? '—' : formatPercent(item.dividend_yield)],
    ['Volume', formatCompact(item.volume)],
    ['Avg volume', formatCompact(item.avg_volume)],
    ['Sector', item.sector ?? '—'],
    ['Industry', item.industry ?? '—'],
    ['Following', item.forms ?? '—'],
  ];
  return (
    <div className="detailed-ticker panel">
      <h3>
        {item.ticker} <span className="muted">{item.company_name}</span>
      </h3>
      <RangeBar price={item.current_price} low={item.week_52_low} high={item.week_52_high} />
      <p>
        {week52 && <span className={`chip chip--${week52.kind}`}>{week52.label}</span>}{' '}
        {volume && <span className={`chip chip--${volume.kind}`}>{volume.label}</span>}
      </p>
      <dl className="detail-grid">
        {rows.map(([label, value]) => (
          <div key={label} className="detail-grid__row">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <Link className="btn btn-secondary btn-sm" to={`/ticker/${encodeURIComponent(item.ticker)}`}>
        Open the full ticker page
      </Link>
    </div>
  );
}

/** The watchlist card next to the detailed ticker view, for the same ticker. */
export default function TickerDetailComparisonPage() {
  const auth = useAuth();
  const brand = currentBrandConfig();
  const display = { primaryForm: brand.forms.primaryForm, pro: auth.pro, showAll: false };
  return (
    <ComparisonShell
      title="Ticker detail comparison"
      intro="One of your tickers as a compact watchlist card and as the detailed view with every quote field."
      eligible={() => true}
      left={{
        title: 'Card',
        note: 'What the dashboard shows: price, key ratios, badges and the latest filing.',
        render: (item) => <TickerCard item={item} display={display} />,
      }}
      right={{
        title: 'Detailed',
        note: 'Every field we hold for the ticker, with its 52-week position.',
        render: (item) => <Detailed item={item} />,
      }}
    />
  );
}
