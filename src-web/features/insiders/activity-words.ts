/** Words for insider activity on collapsed trades (ticker page panel and insider profile cards). */
import { formatShares, formatValue } from '../ticker-page/transaction-cells';

/** "Net sold 4,400,000 shares ($843.00M)", "Net bought ...", or "No net change" when buys equal sales. */
export function netWords(netShares: number, netValue: number): string {
  if (netShares === 0 && netValue === 0) return 'No net change';
  const dir = netShares > 0 || (netShares === 0 && netValue > 0) ? 'bought' : 'sold';
  return `Net ${dir} ${formatShares(Math.abs(netShares))} shares (${formatValue(Math.abs(netValue))})`;
}

/** "3 insiders bought between 2019-05-02 and 2019-05-10: A, B, C". */
export function clusterWords(cluster: {
  direction: 'buying' | 'selling';
  from: string;
  to: string;
  insiders: string[];
}): string {
  const verb = cluster.direction === 'buying' ? 'bought' : 'sold';
  const when = cluster.from === cluster.to ? `on ${cluster.from}` : `between ${cluster.from} and ${cluster.to}`;
  return `${cluster.insiders.length} insiders ${verb} ${when}: ${cluster.insiders.join('; ')}`;
}
