/**
 * Insider activity on collapsed trades, from real Forms 4: Elon Musk's 2022-11-08 sale (nine price
 * rows, one trade), Apple's 2019 sales by Jeffrey Williams (5 rows, 10b5-1 plan), Tim Cook (plan)
 * and Arthur Levinson (discretionary), and SoftBank's joint filing of eight reporting owners.
 * No real open-market purchase cluster exists in public test data: cluster cases run on the real
 * Apple sales with a wider window, or with the plan flags cleared, and say so.
 */
import { describe, expect, it } from 'vitest';
import { parseFiling } from '../src-server/edgar-model/parse';
import type { OwnershipDetail } from '../src-server/edgar-model/parse/types';
import { edgarFixture } from '../src-server/test/edgar-fixtures';
import {
  findClusters,
  insiderActivity,
  marketTrades,
  otherParties,
  partiesOf,
  type ActivityFiling,
} from './insider-activity';

function filing(name: string, accessionNo?: string): ActivityFiling {
  const parsed = parseFiling(edgarFixture(name));
  const d = parsed.detail as OwnershipDetail;
  return {
    accessionNo: accessionNo ?? parsed.accessionNo ?? name,
    owners: d.owners.map((o) => ({ cik: o.cik, name: o.displayName })),
    rows: d.rows,
  };
}

const MUSK = '0000899243-22-035394_tsla_musk_S_9_rows.txt';
const WILLIAMS = 'aapl_williams_2019-05-02_S.xml';
const LEVINSON = 'aapl_levinson_2019-08-12_M_S.xml';
const COOK = 'aapl_wf-form4_156694501621463.xml';
const SOFTBANK = 'softbank_derivative_acquisition.xml';

describe('insiderActivity', () => {
  it("counts Musk's nine price rows as one sale, over the 90 days to his latest trade", () => {
    const a = insiderActivity([filing(MUSK)])!;
    expect(a).toMatchObject({
      window_days: 90,
      from: '2022-08-10',
      to: '2022-11-08',
      trades: 1,
      insiders: 1,
      bought_shares: 0,
      sold_shares: 4_400_000,
      net_shares: -4_400_000,
      sellers: ['Elon Musk'],
      buyers: [],
      cluster_buying: null,
      cluster_selling: null,
    });
    expect(a.sold_value).toBeGreaterThan(843_000_000);
    expect(a.net_value).toBe(-a.sold_value);
  });

  it('sums Apple 2019 sales per real trade and leaves trades outside the window out', () => {
    const all = insiderActivity([filing(WILLIAMS), filing(LEVINSON), filing(COOK)])!;
    // Window: 90 days to Cook's 2019-08-26 sale; Williams' 2019-05-02 sale is older.
    expect(all).toMatchObject({
      from: '2019-05-28',
      to: '2019-08-26',
      trades: 2,
      insiders: 2,
      sold_shares: 17_500 + 265_160,
    });
    const wide = insiderActivity([filing(WILLIAMS), filing(LEVINSON), filing(COOK)], { windowDays: 120 })!;
    expect(wide).toMatchObject({ trades: 3, insiders: 3, sold_shares: 56_411 + 17_500 + 265_160 });
    // Option exercises (M) and tax withholding (F) are not open-market trades.
    expect(marketTrades([filing(COOK)]).map((t) => [t.code, t.rowIndexes.length])).toEqual([['S', 3]]);
  });

  it('returns null for a company with no open-market trade', () => {
    expect(insiderActivity([filing(SOFTBANK)])).toBeNull();
    expect(insiderActivity([])).toBeNull();
  });
});

describe('parties (joint filers are one insider)', () => {
  it("makes SoftBank's eight reporting owners one party", () => {
    const parties = partiesOf([filing(SOFTBANK), filing(COOK), filing(LEVINSON)]);
    expect(new Set([...parties.values()].map((p) => p.label)).size).toBe(3);
    const softbank = [...parties.values()].find((p) => p.owners.length > 1)!;
    expect(softbank.owners).toHaveLength(8);
    // As the form's remarks and signatures write the firms ("SoftBank Group Corp., By: /s/ ..."), not EDGAR's capitals.
    expect(softbank.label).toMatch(/^SoftBank Group Corp\., SB Global Advisers Ltd, /);
  });

  it("counts one person's two filings once (Levinson's filing seen under a second accession)", () => {
    const trades = marketTrades([filing(LEVINSON, 'a'), filing(LEVINSON, 'b')]);
    expect(trades).toHaveLength(2);
    expect(new Set(trades.map((t) => t.party.label)).size).toBe(1);
    const a = insiderActivity([filing(LEVINSON, 'a'), filing(LEVINSON, 'b')])!;
    expect(a.insiders).toBe(1);
  });
});

describe('otherParties (the cluster scoring rule)', () => {
  const rowsOf = (f: ActivityFiling) =>
    f.owners.map((o) => ({ accession_no: f.accessionNo, owner_cik: o.cik, name: o.name }));

  it("counts SoftBank's eight stored owner rows as one other buyer, and this filing's own owners as none", () => {
    const softbank = filing(SOFTBANK);
    const cook = filing(COOK);
    expect(otherParties(cook.accessionNo, cook.owners, rowsOf(softbank))).toHaveLength(1);
    expect(
      otherParties(cook.accessionNo, cook.owners, [...rowsOf(softbank), ...rowsOf(filing(LEVINSON))]),
    ).toHaveLength(2);
    // One of SoftBank's owners filing again alone is still SoftBank's party.
    expect(otherParties('again', [softbank.owners[2]!], rowsOf(softbank))).toEqual([]);
  });
});

describe('findClusters', () => {
  const apple = () => marketTrades([filing(WILLIAMS), filing(LEVINSON), filing(COOK)]);

  it('needs three different insiders within the window (10 days by default)', () => {
    expect(findClusters(apple(), 'selling')).toEqual([]);
    expect(findClusters(apple(), 'buying', { days: 365 })).toEqual([]);
  });

  it('does not count sales under a Rule 10b5-1 plan (Williams and Cook sold under plans)', () => {
    expect(findClusters(apple(), 'selling', { days: 120 })).toEqual([]);
  });

  it('finds a selling cluster when the same real sales are discretionary (derived: plan flags cleared)', () => {
    const trades = apple().map((t) => ({ ...t, planAll: false }));
    const [cluster, ...rest] = findClusters(trades, 'selling', { days: 120 });
    expect(rest).toEqual([]);
    expect(cluster).toMatchObject({ direction: 'selling', from: '2019-05-02', to: '2019-08-26' });
    expect(cluster!.insiders).toEqual(['Jeffrey E. Williams', 'Arthur D. Levinson', 'Timothy D. Cook']);
    // Two insiders are not a cluster.
    expect(
      findClusters(
        trades.filter((t) => !t.party.label.includes('Cook')),
        'selling',
        { days: 120 },
      ),
    ).toEqual([]);
  });
});
