/**
 * Insider activity of one company over a window, on collapsed trades (core/insider-trades.ts):
 * net open-market buying and selling, how many different insiders traded, and cluster buying or
 * selling (several different insiders trading the same way within a few days). Pure; used by the
 * ticker page, the insider profile and the cluster scoring rule.
 *
 * Who is "one insider": the reporting owners of one filing are one party (a fund, its general
 * partner and its manager report one trade together), and parties that share an owner are merged,
 * so a joint filing never counts as three insiders and one person's two filings count once.
 */
import { SCORING_THRESHOLDS } from './scoring-rules';
import {
  collapseTrades,
  isMarketTrade,
  type InsiderTrade,
  type TradeOwner,
  type TradeRowInput,
} from './insider-trades';

/** One Form 3/4/5 with its owners and rows (rows of one owner: joint filers repeat them). */
export interface ActivityFiling {
  accessionNo: string;
  owners: TradeOwner[];
  rows: TradeRowInput[];
}

export interface Party {
  /** Every owner named, "Fund LP, Fund GP LLC". */
  label: string;
  owners: TradeOwner[];
}

export interface MarketTrade extends InsiderTrade {
  accessionNo: string;
  party: Party;
}

export interface Cluster {
  direction: 'buying' | 'selling';
  from: string;
  to: string;
  insiders: string[];
}

export interface InsiderActivity {
  window_days: number;
  /** The window: `to` is the latest open-market trade on record, so recorded filings keep their real dates. */
  from: string;
  to: string;
  bought_shares: number;
  bought_value: number;
  sold_shares: number;
  sold_value: number;
  net_shares: number;
  net_value: number;
  /** Collapsed open-market trades (one per real trade, however many rows or joint filers). */
  trades: number;
  /** Different insiders (parties) with an open-market trade in the window. */
  insiders: number;
  buyers: string[];
  sellers: string[];
  cluster_buying: Cluster | null;
  cluster_selling: Cluster | null;
}

export const ACTIVITY_WINDOW_DAYS = 90;

const ownerKey = (o: TradeOwner) => (o.cik != null ? `cik:${o.cik}` : `name:${o.name.toLowerCase()}`);

/** Parties of the filings: owners of one filing together, merged where filings share an owner. */
export function partiesOf(filings: readonly Pick<ActivityFiling, 'accessionNo' | 'owners'>[]): Map<string, Party> {
  const parent = new Map<string, string>();
  const find = (k: string): string => {
    let root = k;
    while (parent.get(root) !== root) root = parent.get(root)!;
    parent.set(k, root);
    return root;
  };
  for (const f of filings) {
    const keys = f.owners.map(ownerKey);
    for (const k of keys) if (!parent.has(k)) parent.set(k, k);
    for (const k of keys.slice(1)) parent.set(find(k), find(keys[0]!));
  }
  const owners = new Map<string, TradeOwner[]>();
  for (const f of filings) {
    for (const o of f.owners) {
      const root = find(ownerKey(o));
      const list = owners.get(root) ?? [];
      if (!list.some((x) => ownerKey(x) === ownerKey(o))) list.push(o);
      owners.set(root, list);
    }
  }
  const byAccession = new Map<string, Party>();
  const parties = new Map<string, Party>();
  for (const [root, list] of owners) parties.set(root, { label: list.map((o) => o.name).join(', '), owners: list });
  for (const f of filings) if (f.owners[0]) byAccession.set(f.accessionNo, parties.get(find(ownerKey(f.owners[0])))!);
  return byAccession;
}

/**
 * The other parties among stored owner rows (one row per owner and filing), for the cluster rule:
 * joint filers of one filing are one party, and a filing sharing an owner with this one is this
 * party, so a fund, its GP and its manager never make a cluster on their own.
 */
export function otherParties(
  accessionNo: string,
  owners: readonly TradeOwner[],
  others: readonly { accession_no: string; owner_cik: number | null; name: string }[],
): string[] {
  const filings = new Map<string, { accessionNo: string; owners: TradeOwner[] }>([
    [accessionNo, { accessionNo, owners: [...owners] }],
  ]);
  for (const o of others) {
    const f = filings.get(o.accession_no) ?? { accessionNo: o.accession_no, owners: [] };
    f.owners.push({ cik: o.owner_cik, name: o.name });
    filings.set(o.accession_no, f);
  }
  const parties = partiesOf([...filings.values()]);
  const mine = parties.get(accessionNo);
  return [
    ...new Set(
      [...parties].filter(([acc, party]) => acc !== accessionNo && party !== mine).map(([, party]) => party.label),
    ),
  ];
}

/** Open-market share trades of the filings, collapsed, each with its party. */
export function marketTrades(filings: readonly ActivityFiling[]): MarketTrade[] {
  const parties = partiesOf(filings);
  return filings.flatMap((f) =>
    collapseTrades(f.rows, f.owners)
      .filter((t) => isMarketTrade(t) && t.date)
      .map((t) => ({ ...t, accessionNo: f.accessionNo, party: parties.get(f.accessionNo)! })),
  );
}

const dayNumber = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / 86_400_000;

/**
 * Runs of trades one way by at least `minInsiders` different parties whose dates lie within
 * `days` days of each other, earliest first and not overlapping. Sales under a Rule 10b5-1 plan
 * were scheduled in advance, so they do not make a selling cluster.
 */
export function findClusters(
  trades: readonly MarketTrade[],
  direction: Cluster['direction'],
  { days = SCORING_THRESHOLDS.clusterDays as number, minInsiders = SCORING_THRESHOLDS.clusterInsiders as number } = {},
): (Cluster & { trades: MarketTrade[] })[] {
  const code = direction === 'buying' ? 'P' : 'S';
  const sorted = trades
    .filter((t) => t.code === code && t.date && !(code === 'S' && t.planAll))
    .sort((a, b) => a.date!.localeCompare(b.date!));
  const clusters: (Cluster & { trades: MarketTrade[] })[] = [];
  for (let i = 0; i < sorted.length; i += 1) {
    const start = dayNumber(sorted[i]!.date!);
    const inside = sorted.filter((t, j) => j >= i && dayNumber(t.date!) - start <= days);
    const insiders = [...new Set(inside.map((t) => t.party.label))];
    if (insiders.length < minInsiders) continue;
    clusters.push({
      direction,
      from: sorted[i]!.date!,
      to: inside[inside.length - 1]!.date!,
      insiders,
      trades: inside,
    });
    i += inside.length - 1;
  }
  return clusters;
}

/** The first cluster one way, as the ticker page shows it. */
export function findCluster(trades: readonly MarketTrade[], direction: Cluster['direction']): Cluster | null {
  const first = findClusters(trades, direction)[0];
  return first ? { direction: first.direction, from: first.from, to: first.to, insiders: first.insiders } : null;
}

const round2 = (n: number) => Math.round(n * 100) / 100;

function shiftDays(iso: string, days: number): string {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The company's activity over `windowDays` ending at its latest open-market trade; null with none. */
export function insiderActivity(
  filings: readonly ActivityFiling[],
  { windowDays = ACTIVITY_WINDOW_DAYS } = {},
): InsiderActivity | null {
  const all = marketTrades(filings);
  const to = all
    .map((t) => t.date!)
    .sort()
    .at(-1);
  if (!to) return null;
  const from = shiftDays(to, -windowDays);
  const trades = all.filter((t) => t.date! >= from && t.date! <= to);
  const a: InsiderActivity = {
    window_days: windowDays,
    from,
    to,
    bought_shares: 0,
    bought_value: 0,
    sold_shares: 0,
    sold_value: 0,
    net_shares: 0,
    net_value: 0,
    trades: trades.length,
    insiders: new Set(trades.map((t) => t.party.label)).size,
    buyers: [...new Set(trades.filter((t) => t.code === 'P').map((t) => t.party.label))],
    sellers: [...new Set(trades.filter((t) => t.code === 'S').map((t) => t.party.label))],
    cluster_buying: findCluster(trades, 'buying'),
    cluster_selling: findCluster(trades, 'selling'),
  };
  for (const t of trades) {
    if (t.code === 'P') {
      a.bought_shares += t.shares;
      a.bought_value += t.value;
    } else {
      a.sold_shares += t.shares;
      a.sold_value += t.value;
    }
  }
  a.bought_value = round2(a.bought_value);
  a.sold_value = round2(a.sold_value);
  a.net_shares = round2(a.bought_shares - a.sold_shares);
  a.net_value = round2(a.bought_value - a.sold_value);
  return a;
}
