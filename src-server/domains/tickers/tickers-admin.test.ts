/**
 * /admin/tickers services over SEC's real ticker file: the catalogue with watchers per ticker
 * (paged by keyset), a hand-set ticker->CIK mapping that users' search sees and a refresh keeps,
 * and the refresh job reading SEC's file through the EDGAR client (the replay serves it offline).
 */
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createEdgarSource } from '../../integrations/edgar/edgar-source';
import { startTestApp } from '../../test/app';
import { createSignedInUser } from '../../test/users';
import { getAdminJob, runAdminJob, startAdminJob } from '../admin/admin-jobs.service';
import { adminJobHandlers } from '../admin/admin-jobs.tasks';
import { tickerCatalogue } from './ticker-catalogue';
import { listCatalogueAdmin, setTickerMapping } from './tickers-admin.service';

const edgar = createEdgarSource({
  EDGAR_RATE_PER_SECOND: 10,
  EDGAR_REPLAY_INITIAL: 0,
  EDGAR_REPLAY_INTERVAL_SECONDS: 3600,
} as never);
afterAll(() => edgar.stop());
const { deps } = await startTestApp({ customise: (d) => ({ ...d, edgar }) });
const db = deps.db;
const catalogue = tickerCatalogue(deps);
await catalogue.get();
const admin = await createSignedInUser(db, { email: 'ops@example.com', isAdmin: true });

async function watch(ticker: string, users: number) {
  for (let i = 0; i < users; i += 1) {
    const { user } = await createSignedInUser(db, { email: `w${ticker}${i}@example.com` });
    await db.execute(sql`insert into watchlist_items (user_id, ticker) values (${user.id}, ${ticker})`);
  }
}

describe('tickers admin', () => {
  it('lists the most watched first with watcher counts, filters on the server, pages by keyset', async () => {
    await watch('NVDA', 3);
    await watch('AAPL', 2);
    await watch('TSLA', 2);
    const first = await listCatalogueAdmin(db, { sort: 'watchers', limit: 2 });
    expect(first.items.map((t) => [t.ticker, t.watchers])).toEqual([
      ['NVDA', 3],
      ['AAPL', 2],
    ]);
    const second = await listCatalogueAdmin(db, { sort: 'watchers', limit: 2, after: first.next });
    expect(second.items.map((t) => [t.ticker, t.watchers])).toEqual([['TSLA', 2], expect.arrayContaining([0])]);
    const apple = await listCatalogueAdmin(db, { q: 'apple inc', sort: 'ticker', limit: 5 });
    expect(apple.items.map((t) => t.ticker)).toContain('AAPL');
    expect(
      (await listCatalogueAdmin(db, { q: '0000320193', sort: 'ticker', limit: 5 })).items.map((t) => t.ticker),
    ).toContain('AAPL');
  });

  it('a hand-set mapping reaches users’ search, carries its note, and a refresh from SEC keeps it', async () => {
    const { before, after } = await setTickerMapping(db, {
      ticker: 'brk.x',
      cik: 1067983,
      name: 'Berkshire Hathaway Inc (test class)',
      note: 'Share class missing from SEC file',
      adminId: admin.user.id,
    });
    expect(before).toBeNull();
    expect(after).toMatchObject({ ticker: 'BRK.X', cik: 1067983, active: true });
    await catalogue.check();
    const found = (await catalogue.get()).search('BRK.X');
    expect(found[0]).toMatchObject({ ticker: 'BRK.X', cik: 1067983 });
    expect((await listCatalogueAdmin(db, { q: 'BRK.X', sort: 'ticker', limit: 1 })).items[0]!.override).toMatchObject({
      note: 'Share class missing from SEC file',
    });
    // Correct an SEC mapping too: TSLA pointed at Apple's CIK (a deliberate wrong fix, undone after).
    await setTickerMapping(db, {
      ticker: 'TSLA',
      cik: 320193,
      name: 'Apple Inc.',
      note: 'test',
      adminId: admin.user.id,
    });

    const job = await startAdminJob(db, { kind: 'tickers.refresh', params: {}, createdBy: admin.user.id });
    await runAdminJob(db, { jobId: job.id, handlers: adminJobHandlers(deps), lastAttempt: true });
    const done = await getAdminJob(db, { id: job.id });
    expect(done).toMatchObject({ status: 'done', total: 3, done: 3 });
    expect(done.result).toMatchObject({
      url: expect.stringMatching(/\/files\/company_tickers\.json$/),
      entries: expect.any(Number),
    });
    expect(Number(done.result!.entries)).toBeGreaterThan(9000);
    const [brk] = await db.execute<{ cik: number; active: boolean }>(
      sql`select cik, active from tickers where ticker = 'BRK.X'`,
    );
    expect(brk).toEqual({ cik: 1067983, active: true });
    const [tsla] = await db.execute<{ cik: number }>(sql`select cik from tickers where ticker = 'TSLA'`);
    expect(tsla!.cik).toBe(320193);
    await setTickerMapping(db, {
      ticker: 'TSLA',
      cik: 1318605,
      name: 'Tesla, Inc.',
      note: 'Back to SEC’s mapping',
      adminId: admin.user.id,
    });
  });

  it('refuses a malformed ticker and changes nothing', async () => {
    await expect(
      setTickerMapping(db, { ticker: '1$$', cik: 1, name: 'x', note: 'x', adminId: admin.user.id }),
    ).rejects.toMatchObject({ reason: 'ticker_invalid' });
    const [row] = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from ticker_overrides where ticker = '1$$'`,
    );
    expect(row!.n).toBe(0);
  });
});
