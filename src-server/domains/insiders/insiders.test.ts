/**
 * Insider profiles from real replayed Forms 4: Elon Musk (Tesla, 2022 sales by his trust and a
 * 2023 option exercise) and Sergey Brin (Google Inc. in 2015, Alphabet in 2022: one person, two
 * issuers). The same-name case is DERIVED from a real document (Workday's Form 4 re-filed in the
 * test under the name "Musk Elon" with a test-only accession number): EDGAR has many people who
 * share a name, the fixtures have none.
 */
import { describe, expect, it } from 'vitest';
import { storeParsedFiling } from '../filings/filings.service';
import { parseFiling } from '../../edgar-model/parse';
import type { OwnershipDetail } from '../../edgar-model/parse/types';
import { loadReplaySet } from '../../integrations/edgar/replay/replay-set';
import { startTestApp } from '../../test/app';
import { storeReplayFilings } from '../../test/replay-filings';
import { tickerCatalogue } from '../tickers/ticker-catalogue';
import type { InsiderProfile } from './insider-profile';
import type { InsiderLookup } from './insiders.service';

const { url, deps } = await startTestApp();
const db = deps.db;
await tickerCatalogue(deps).get();
const MUSK_2022 = '0000899243-22-035394';
const MUSK_2023 = '0000899243-23-008179';
const BRIN_2015 = '0001127602-15-028697';
const BRIN_2022 = '0001209191-22-024552';
await storeReplayFilings(db, [MUSK_2022, MUSK_2023, BRIN_2015, BRIN_2022]);

async function get<T>(path: string): Promise<{ status: number; body: T }> {
  const response = await fetch(`${url}/api${path}`);
  return { status: response.status, body: (await response.json()) as T };
}

describe('by CIK', () => {
  it("builds Elon Musk's profile: role, every transaction, totals and holdings at Tesla", async () => {
    const { status, body } = await get<InsiderProfile>('/insider/cik/1494730');
    expect(status).toBe(200);
    expect(body).toMatchObject({ cik: 1494730, name: 'Elon Musk', filed_names: ['Musk Elon'], truncated: false });
    expect(body.companies).toHaveLength(1);
    const [tesla] = body.companies;
    expect(tesla).toMatchObject({
      issuer_cik: 1318605,
      ticker: 'TSLA',
      name: 'Tesla, Inc.',
      role: { label: 'CEO', officer_title: 'CEO', director: true, officer: true, ten_percent_owner: true },
    });
    // 2022: nine open-market sales of 4,400,000 shares in total; 2023: an option exercise (code M).
    expect(tesla!.totals).toMatchObject({ bought_shares: 0, sold_shares: 4_400_000, net_shares: -4_400_000 });
    expect(tesla!.totals.net_value).toBe(-tesla!.totals.sold_value);
    // The nine price rows of 2022-11-08 are one trade (issue #16: totals on collapsed trades).
    const rows2022 = body.transactions.filter((t) => t.accession_no === MUSK_2022).length;
    const rows2023 = body.transactions.filter((t) => t.accession_no === MUSK_2023).length;
    expect(rows2022).toBe(9);
    expect(tesla!.totals.rows).toBe(rows2022 + rows2023);
    expect(tesla!.totals.transactions).toBeLessThan(tesla!.totals.rows);
    expect(tesla!.totals.sold_value).toBeGreaterThan(800_000_000);
    const sales = body.transactions.filter((t) => t.code === 'S');
    expect(sales).toHaveLength(9);
    expect(
      sales.every(
        (t) => t.code_words === 'Open-market sale' && t.ownership === 'indirect' && t.accession_no === MUSK_2022,
      ),
    ).toBe(true);
    expect(body.transactions.filter((t) => t.code === 'M').every((t) => t.accession_no === MUSK_2023)).toBe(true);
    expect(body.transactions.map((t) => t.date)).toEqual([...body.transactions.map((t) => t.date)].sort().reverse());
    // Holdings after the day's last sale, in document order: 445,617,432 shares in the trust on 2022-11-08.
    const trust = tesla!.holdings.find((h) => h.points.some(([day]) => day === '2022-11-08'))!;
    expect(trust.label).toMatch(/^Common Stock · indirect \(.*trust.*\)$/i);
    expect(trust.points.map((p) => p[0])).toEqual([...trust.points.map((p) => p[0])].sort());
    expect(trust.points.find(([day]) => day === '2022-11-08')![1]).toBe(445_617_432);
  });

  it('reads SEC zero-padded CIKs and answers the same over tRPC', async () => {
    const padded = await get<InsiderProfile>('/insider/cik/0001494730');
    const trpc = await fetch(
      `${url}/trpc/insiders.byCik?input=${encodeURIComponent(JSON.stringify({ cik: 1494730 }))}`,
    );
    expect((await trpc.json()).result.data).toEqual(padded.body);
  });

  it("shows one person at two issuers: Sergey Brin's roles and totals per company", async () => {
    const { body } = await get<InsiderProfile>('/insider/cik/1295032');
    // Google's 2015 filing names him "Brin Sergey" (EDGAR order), Alphabet's 2022 one "Sergey Brin"; both sign
    // "Sergey Brin", so both display that way (issue #16); both filed forms stay listed.
    expect(body.name).toBe('Sergey Brin');
    expect(body.filed_names.sort()).toEqual(['Brin Sergey', 'Sergey Brin']);
    expect(body.companies.map((c) => [c.issuer_cik, c.role.label])).toEqual([
      [1652044, 'Director'],
      [1288776, 'Co-Founder'],
    ]);
    const [alphabet, google] = body.companies;
    expect(alphabet!.role).toMatchObject({ director: true, officer: false, ten_percent_owner: true });
    // Collapsed trades (issue #16): Alphabet 2022 is one sale filed in 6 price rows; Google 2015 is a
    // conversion (both tables) and one sale in 17 price rows.
    expect(alphabet!.totals).toMatchObject({ transactions: 1, rows: 6, sold_shares: 2710, net_shares: -2710 });
    expect(google!.totals).toMatchObject({ transactions: 3, rows: 19, sold_shares: 16_670, net_shares: -16_670 });
    expect(body.companies.every((c) => c.clusters.length === 0)).toBe(true);
    for (const company of body.companies) {
      const sold = body.transactions.filter(
        (t) => t.issuer_cik === company.issuer_cik && t.code === 'S' && !t.derivative,
      );
      expect(company.totals.sold_shares).toBe(sold.reduce((n, t) => n + t.shares!, 0));
      expect(company.totals.sold_shares).toBeGreaterThan(0);
    }
  });
});

describe('by name', () => {
  it('resolves display and filed name orders case-insensitively, URL-encoded', async () => {
    for (const name of ['Elon%20Musk', 'elon%20musk', 'MUSK%20ELON', '%20Elon%20%20Musk%20']) {
      const { status, body } = await get<InsiderLookup>(`/insider/by-name/${name}`);
      expect(status).toBe(200);
      expect(body).toMatchObject({ kind: 'profile', profile: { cik: 1494730, name: 'Elon Musk' } });
    }
  });

  it('lists everyone who filed under a shared name to choose from', async () => {
    const workday = loadReplaySet().find((f) => f.accessionNo === '0001327811-25-000050')!;
    const parsed = parseFiling(workday.body, workday);
    const detail = parsed.detail as OwnershipDetail;
    const realOwner = detail.owners[0]!;
    detail.owners[0] = { ...realOwner, name: 'Musk Elon', displayName: 'Elon Musk' };
    await storeParsedFiling(db, {
      parsed: { ...parsed, accessionNo: '0009999999-25-000001' },
      meta: { source: 'manual' },
    });

    const { body } = await get<InsiderLookup>('/insider/by-name/elon%20musk');
    expect(body.kind).toBe('choices');
    if (body.kind !== 'choices') return;
    expect(body.choices.map((c) => [c.cik, c.href, c.companies.map((co) => co.ticker)])).toEqual([
      [realOwner.cik, `/insider/cik/${realOwner.cik}`, ['WDAY']],
      [1494730, '/insider/cik/1494730', ['TSLA']],
    ]);
    expect(body.choices[1]).toMatchObject({ name: 'Elon Musk', filings: 2 });
    // Each CIK still opens its own profile.
    expect((await get<InsiderProfile>('/insider/cik/1494730')).body.companies).toHaveLength(1);
  });
});

describe('unknown insiders', () => {
  it('answers 404 insider_not_found for a CIK or name with no filings, 400 for malformed input', async () => {
    expect(await get('/insider/cik/1')).toEqual({
      status: 404,
      body: { query: 'CIK 1', error: 'insider_not_found', message: 'We have no insider filings for CIK 1.' },
    });
    expect(await get('/insider/by-name/Nobody%20Atall')).toMatchObject({
      status: 404,
      body: { error: 'insider_not_found' },
    });
    expect((await get('/insider/cik/abc')).status).toBe(400);
    expect((await get('/insider/cik/12345678901')).status).toBe(400);
    // Ten digits but past the 32-bit column: refused as input, never a database error.
    expect(await get('/insider/cik/9999999999')).toMatchObject({ status: 400, body: { error: 'bad_request' } });
    expect((await get(`/insider/by-name/${'x'.repeat(201)}`)).status).toBe(400);
    const trpc = await fetch(
      `${url}/trpc/insiders.byName?input=${encodeURIComponent(JSON.stringify({ name: 'Nobody Atall' }))}`,
    );
    expect(trpc.status).toBe(404);
    expect((await trpc.json()).error.data.reason).toBe('insider_not_found');
  });
});
