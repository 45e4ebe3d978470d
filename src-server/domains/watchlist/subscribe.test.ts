import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { COPY } from '#shared/copy';
import { startTestApp } from '../../test/app';
import { createSignedInUser } from '../../test/users';

const { url, deps } = await startTestApp();
const db = deps.db;

/** The 60 largest companies' tickers in SEC's file, for filling watchlists with real symbols. */
const TOP = await topTickers(60);
async function topTickers(n: number): Promise<string[]> {
  await fetch(`${url}/api/tickers?q=A`); // builds the catalogue
  const rows = await db.execute<{ ticker: string }>(
    sql`select ticker from tickers where ticker not like '%-%' order by rank limit ${n}`,
  );
  return rows.map((r) => r.ticker);
}

interface Call {
  status: number;
  body: Record<string, unknown>;
  session: string | null;
}

async function post(path: string, body: unknown, headers: Record<string, string> = {}): Promise<Call> {
  const response = await fetch(`${url}/api${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return {
    status: response.status,
    body: (await response.json()) as Record<string, unknown>,
    session: response.headers.get('x-session'),
  };
}

const subscribe = (body: unknown, session?: string, headers: Record<string, string> = {}) =>
  post('/subscribe', body, { ...(session ? { 'x-session': session } : {}), ...headers });

async function watchlistTickers(session: string): Promise<string[]> {
  const response = await fetch(`${url}/api/watchlist`, { headers: { 'x-session': session } });
  const body = (await response.json()) as { watchlist: { ticker: string }[] };
  return body.watchlist.map((i) => i.ticker);
}

async function anonymous(): Promise<string> {
  const first = await subscribe({ tickers: 'AAPL', forms: '8-K' });
  expect(first.status).toBe(200);
  return first.body.session as string;
}

describe('POST /api/subscribe: entries (SPEC.md section 5)', () => {
  it('creates an anonymous session for a first-time caller and returns it', async () => {
    const call = await subscribe({ tickers: 'aapl', forms: '8-K', note: 'earnings in May' });
    expect(call.status).toBe(200);
    expect(call.body).toEqual({
      tickers: ['AAPL'],
      added: ['AAPL'],
      updated: [],
      skipped: [],
      session: expect.any(String),
    });
    expect(call.session).toBe(call.body.session);
    expect(await watchlistTickers(call.body.session as string)).toEqual(['AAPL']);
  });

  it('splits on commas, trims, uppercases, drops blanks; names over 5 characters are looked up', async () => {
    const session = await anonymous();
    const call = await subscribe({ tickers: ' msft ,, nvda,  Microsoft Corp , brk.b,', forms: '8-K' }, session);
    expect(call.status).toBe(200);
    expect(call.body).toEqual({
      tickers: ['MSFT', 'NVDA', 'BRK-B'],
      added: ['MSFT', 'NVDA', 'BRK-B'],
      updated: [],
      skipped: [],
      session: null,
    });
    expect(await watchlistTickers(session)).toEqual(['AAPL', 'MSFT', 'NVDA', 'BRK-B']);
  });

  it('skips and lists unknown symbols when others are known', async () => {
    const session = await anonymous();
    const call = await subscribe({ tickers: 'TSLA, XQZW, GOOGLE', forms: ['8-K'] }, session);
    expect(call.body).toMatchObject({ added: ['TSLA'], skipped: ['XQZW', 'GOOGLE'] });
  });

  it('one unknown symbol is ticker_not_recognized with the spec message, and nothing is created', async () => {
    const userCount = async () => (await db.execute<{ n: number }>(sql`select count(*)::int as n from users`))[0]!.n;
    const before = await userCount();
    const call = await subscribe({ tickers: 'TESLA', forms: '8-K' });
    expect(call.status).toBe(400);
    expect(call.body).toEqual({
      error: 'ticker_not_recognized',
      message: COPY.tickerNotRecognized,
      skipped: ['TESLA'],
    });
    expect(call.session).toBeNull();
    expect(await userCount()).toBe(before);
  });

  it('blank tickers or forms get the spec messages', async () => {
    expect(await subscribe({ tickers: ' , ', forms: '8-K' })).toMatchObject({
      status: 400,
      body: { message: COPY.enterTicker },
    });
    expect(await subscribe({ forms: '8-K' })).toMatchObject({ status: 400, body: { message: COPY.enterTicker } });
    expect(await subscribe({ tickers: 'AAPL', forms: [] })).toMatchObject({
      status: 400,
      body: { message: COPY.selectForm },
    });
    expect(await subscribe({ tickers: 'AAPL', forms: 'FORM-X' })).toMatchObject({
      status: 400,
      body: { error: 'unknown_form' },
    });
    expect(await subscribe({ tickers: 42, forms: '8-K' })).toMatchObject({
      status: 400,
      body: { error: 'bad_request' },
    });
  });

  it('re-adding updates forms; a note is kept unless a new one is given (note or notes)', async () => {
    const { session } = await createSignedInUser(db, {
      email: 'notes@example.com',
      planType: 'pro',
      planStatus: 'active',
    });
    await subscribe({ tickers: 'AAPL', forms: '8-K', note: 'watch buybacks' }, session);
    const again = await subscribe({ tickers: 'AAPL, MSFT', forms: '8-K,4', note: '' }, session);
    expect(again.body).toMatchObject({ added: ['MSFT'], updated: ['AAPL'] });
    await subscribe({ tickers: 'MSFT', forms: '10-K', notes: 'annual report' }, session);
    const rows = await db.execute<{ ticker: string; forms: string[]; notes: string | null }>(
      sql`select w.ticker, w.forms, w.notes from watchlist_items w join sessions s on s.user_id = w.user_id
          where s.token_hash = encode(sha256(convert_to(${session}, 'UTF8')), 'hex') order by w.ticker`,
    );
    expect(rows.map((r) => ({ ...r }))).toEqual([
      { ticker: 'AAPL', forms: ['8-K', '4'], notes: 'watch buybacks' },
      { ticker: 'MSFT', forms: ['10-K'], notes: 'annual report' },
    ]);
  });
});

describe('forms by brand and plan (SPEC.md sections 6 and 9)', () => {
  it('a free user on the 8-K brand may follow 8-K only; locked forms are a clear 403', async () => {
    const session = await anonymous();
    const call = await subscribe({ tickers: 'MSFT', forms: '8-K,4,13D' }, session);
    expect(call.status).toBe(403);
    expect(call.body).toEqual({
      error: 'form_locked',
      message: 'Form 4, 13D are locked on your plan. Upgrade to PRO to follow them.',
      locked_forms: ['4', '13D'],
    });
    expect(await watchlistTickers(session)).toEqual(['AAPL']);
  });

  it('the Form 4 brand opens Form 4 and locks 8-K', async () => {
    const form4 = { 'x-brand': 'form4' };
    expect(await subscribe({ tickers: 'TSLA', forms: '4' }, undefined, form4)).toMatchObject({ status: 200 });
    expect(await subscribe({ tickers: 'TSLA', forms: '8-K' }, undefined, form4)).toMatchObject({
      status: 403,
      body: { error: 'form_locked' },
    });
  });

  it('NEW_LISTINGS is PRO-only; PRO and admins follow every form', async () => {
    expect(await subscribe({ tickers: 'AAPL', forms: 'NEW_LISTINGS' })).toMatchObject({
      status: 403,
      body: { locked_forms: ['NEW_LISTINGS'] },
    });
    const pro = await createSignedInUser(db, { email: 'pro-forms@example.com', planType: 'pro', planStatus: 'active' });
    const admin = await createSignedInUser(db, { email: 'admin-forms@example.com', isAdmin: true });
    const everything = '8-K,4,10-Q,10-K,13D,13G,13F,DEF 14A,3,5,6-K,20-F,new_listings';
    expect(await subscribe({ tickers: 'AAPL', forms: everything }, pro.session)).toMatchObject({ status: 200 });
    expect(await subscribe({ tickers: 'AAPL', forms: everything }, admin.session)).toMatchObject({ status: 200 });
    const lapsed = await createSignedInUser(db, {
      email: 'lapsed@example.com',
      planType: 'pro',
      planStatus: 'canceled',
    });
    expect(await subscribe({ tickers: 'AAPL', forms: '4' }, lapsed.session)).toMatchObject({ status: 403 });
  });
});

describe('ticker limits (SPEC.md sections 5, 6 and 9)', () => {
  const freeHint = 'Upgrade to PRO for up to 50 tickers.';
  const paidHint = 'Buy +20 more tickers for $5/month in Settings → Ticker Add-ons.';

  it('free: 10; existing tickers do not count again; the 11th gets the message and the upgrade hint', async () => {
    const first = await subscribe({ tickers: TOP.slice(0, 8).join(','), forms: '8-K' });
    const session = first.body.session as string;
    expect(await subscribe({ tickers: TOP.slice(0, 10).join(','), forms: '8-K' }, session)).toMatchObject({
      status: 200,
      body: { added: TOP.slice(8, 10), updated: TOP.slice(0, 8) },
    });
    const over = await subscribe({ tickers: `${TOP[0]}, ${TOP[10]}, ${TOP[11]}`, forms: '8-K' }, session);
    expect(over.status).toBe(403);
    expect(over.body).toEqual({
      error: 'ticker_limit_exceeded',
      message: `Adding 2 ticker(s) would exceed your limit of 10. ${freeHint}`,
      limit: 10,
      current: 10,
      adding: 2,
    });
    expect(await watchlistTickers(session)).toHaveLength(10);
  });

  it('PRO: 50 with the add-on hint; each add-on pack +20', async () => {
    const pro = await createSignedInUser(db, { email: 'pro-limit@example.com', planType: 'pro', planStatus: 'active' });
    expect((await subscribe({ tickers: TOP.slice(0, 50).join(','), forms: '8-K' }, pro.session)).status).toBe(200);
    const over = await subscribe({ tickers: TOP[50], forms: '8-K' }, pro.session);
    expect(over.body.message).toBe(`Adding 1 ticker(s) would exceed your limit of 50. ${paidHint}`);

    await db.execute(sql`update users set addon_packs = 1 where id = ${pro.user.id}`);
    expect((await subscribe({ tickers: TOP.slice(50, 60).join(','), forms: '8-K' }, pro.session)).status).toBe(200);
    const response = await fetch(`${url}/api/watchlist`, { headers: { 'x-session': pro.session } });
    expect(await response.json()).toMatchObject({ tickerLimit: 70, contact: { ticker_limit: 70 } });
  });

  it("an admin-set limit overrides the plan's", async () => {
    const capped = await createSignedInUser(db, { email: 'capped@example.com', planType: 'pro', planStatus: 'active' });
    await db.execute(sql`update users set ticker_limit_override = 3 where id = ${capped.user.id}`);
    const over = await subscribe({ tickers: TOP.slice(0, 4).join(','), forms: '8-K' }, capped.session);
    expect(over.body.message).toBe(`Adding 4 ticker(s) would exceed your limit of 3. ${paidHint}`);
    const free = await createSignedInUser(db, { email: 'free-raised@example.com' });
    await db.execute(sql`update users set ticker_limit_override = 12 where id = ${free.user.id}`);
    expect((await subscribe({ tickers: TOP.slice(0, 12).join(','), forms: '8-K' }, free.session)).status).toBe(200);
    expect((await subscribe({ tickers: TOP[12], forms: '8-K' }, free.session)).body.message).toBe(
      `Adding 1 ticker(s) would exceed your limit of 12. ${freeHint}`,
    );
  });

  it('holds under concurrency: 50 parallel adds for one free user leave exactly 10 items', async () => {
    const { session } = await createSignedInUser(db, { email: 'race@example.com' });
    const calls = await Promise.all(
      TOP.slice(0, 50).map((ticker) => subscribe({ tickers: ticker, forms: '8-K' }, session)),
    );
    const statuses = calls.map((c) => c.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.filter((s) => s === 403)).toHaveLength(40);
    expect(calls.filter((c) => c.status === 403).every((c) => c.body.error === 'ticker_limit_exceeded')).toBe(true);
    expect(await watchlistTickers(session)).toHaveLength(10);
  });
});

describe('POST /api/unsubscribe', () => {
  it('removes a ticker; removing one that is not there is a 404 with a message', async () => {
    const first = await subscribe({ tickers: 'AAPL, BRK-B', forms: '8-K' });
    const session = first.body.session as string;
    expect(await post('/unsubscribe', { ticker: 'aapl' }, { 'x-session': session })).toMatchObject({
      status: 200,
      body: { ticker: 'AAPL', removed: true },
    });
    expect(await post('/unsubscribe', { ticker: 'BRK.B' }, { 'x-session': session })).toMatchObject({ status: 200 });
    expect(await post('/unsubscribe', { ticker: 'AAPL' }, { 'x-session': session })).toMatchObject({
      status: 404,
      body: { error: 'not_in_watchlist', message: 'AAPL is not in your watchlist.' },
    });
    expect(await post('/unsubscribe', {}, { 'x-session': session })).toMatchObject({ status: 400 });
    expect(await post('/unsubscribe', { ticker: 'AAPL' })).toMatchObject({
      status: 401,
      body: { error: 'session_not_found' },
    });
  });

  it("one user can never remove another's ticker", async () => {
    const owner = (await subscribe({ tickers: 'NVDA', forms: '8-K' })).body.session as string;
    const other = (await subscribe({ tickers: 'AMZN', forms: '8-K' })).body.session as string;
    expect(await post('/unsubscribe', { ticker: 'NVDA' }, { 'x-session': other })).toMatchObject({ status: 404 });
    expect(await watchlistTickers(owner)).toEqual(['NVDA']);
  });
});
