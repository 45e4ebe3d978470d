import { plural } from '../../lib/format';
import { clusterWords, netWords } from '../insiders/activity-words';
import type { TickerPageData } from './ticker-types';
import { formatShares, formatValue } from './transaction-cells';

type Activity = NonNullable<TickerPageData['insider_activity']>;

/**
 * Open-market insider buying and selling over the 90 days to the latest trade on record, one per
 * real trade (price rows and joint filers combined on the server), with cluster buying/selling.
 * The window is dated: on recorded filings it is their real dates, not "the last 90 days".
 */
export function InsiderActivityPanel({ activity }: { activity: Activity }) {
  const clusters = [activity.cluster_buying, activity.cluster_selling].filter((c) => c != null);
  return (
    <section className="panel tp-insiders" aria-labelledby="insider-activity-title">
      <h2 id="insider-activity-title">Insider trading</h2>
      <p className="muted tp-insiders__window">
        Open-market purchases and sales on Forms 4 from {activity.from} to {activity.to} ({activity.window_days} days to
        the latest trade on record), one per real trade: price rows and joint filers are combined.
      </p>
      <p
        className={`tp-insiders__net ${activity.net_shares < 0 ? 'is-sold' : activity.net_shares > 0 ? 'is-bought' : ''}`}
      >
        {netWords(activity.net_shares, activity.net_value)}
      </p>
      <dl className="in-totals">
        <div className="in-totals__bought">
          <dt>Bought</dt>
          <dd>
            {formatShares(activity.bought_shares)} shares{' '}
            <span className="muted">{formatValue(activity.bought_value)}</span>
          </dd>
        </div>
        <div className="in-totals__sold">
          <dt>Sold</dt>
          <dd>
            {formatShares(activity.sold_shares)} shares{' '}
            <span className="muted">{formatValue(activity.sold_value)}</span>
          </dd>
        </div>
        <div>
          <dt>Trades</dt>
          <dd>{plural(activity.trades, 'trade')}</dd>
        </div>
        <div>
          <dt>Insiders</dt>
          <dd>{plural(activity.insiders, 'insider')}</dd>
        </div>
      </dl>
      {clusters.length > 0 ? (
        clusters.map((c) => (
          <p
            key={c.direction}
            className={`notice ${c.direction === 'buying' ? 'notice--info' : 'notice--warning'} tp-insiders__cluster`}
          >
            <strong>Cluster {c.direction}:</strong> {clusterWords(c)}
          </p>
        ))
      ) : (
        <p className="muted tp-insiders__cluster">
          No cluster buying or selling (3 or more insiders trading the same way within 10 days; plan sales not counted).
        </p>
      )}
      {(activity.buyers.length > 0 || activity.sellers.length > 0) && (
        <p className="tp-insiders__who">
          {activity.buyers.length > 0 && <span>Bought: {activity.buyers.join('; ')}. </span>}
          {activity.sellers.length > 0 && <span>Sold: {activity.sellers.join('; ')}.</span>}
        </p>
      )}
    </section>
  );
}
