import { createTRPCClient, httpBatchLink } from '@trpc/client';
import { describe, expect, it } from 'vitest';
import { COPY } from '#shared/copy';
import { DEFAULT_PREFERENCES } from '#shared/preferences';
import { TRADING_URL_SCHEME_MESSAGE, tradingUrlProblem } from '#shared/trading-url';
import { startTestApp } from '../../test/app';
import { createSignedInUser } from '../../test/users';
import type { AppRouter } from '../../transport/trpc/app-router';

const { url, deps } = await startTestApp();
const client = (session?: string) =>
  createTRPCClient<AppRouter>({
    links: [httpBatchLink({ url: `${url}/trpc`, headers: session ? { 'x-session': session } : {} })],
  });

describe('trading platform URL rule (SPEC.md section 5)', () => {
  it.each([
    ['https://robinhood.com/stocks/{TICKER}', null],
    ['http://broker.example/q?s={TICKER}&x=1', null],
    ['https://broker.example/quote', COPY.customUrlNeedsTicker],
    ['javascript:alert(1)//{TICKER}', TRADING_URL_SCHEME_MESSAGE],
    ['data:text/html,{TICKER}', TRADING_URL_SCHEME_MESSAGE],
    ['/stocks/{TICKER}', TRADING_URL_SCHEME_MESSAGE],
    ['//evil.example/{TICKER}', TRADING_URL_SCHEME_MESSAGE],
    ['https:evil.example/{TICKER}', TRADING_URL_SCHEME_MESSAGE],
    ['ftp://files.example/{TICKER}', TRADING_URL_SCHEME_MESSAGE],
  ])('%s -> %s', (input, problem) => expect(tradingUrlProblem(input)).toBe(problem));
});

describe('watchlist.preferences / watchlist.updatePreferences', () => {
  it('defaults for a visitor without a session (none is created)', async () => {
    const response = await fetch(`${url}/trpc/watchlist.preferences`);
    expect(response.headers.get('x-session')).toBeNull();
    expect(((await response.json()) as { result: { data: unknown } }).result.data).toEqual(DEFAULT_PREFERENCES);
  });

  it('stores every preference server-side, per user', async () => {
    const { session } = await createSignedInUser(deps.db, { email: 'prefs@example.com' });
    const saved = await client(session).watchlist.updatePreferences.mutate({
      viewMode: 'table',
      sortField: 'market_cap',
      sortDirection: 'asc',
      filters: { sector: 'Information Technology', alertLevel: 'HIGH', formTypes: ['8-K', '4'] },
      showAllFilings: true,
      tradingPlatformUrl: ' https://robinhood.com/stocks/{TICKER} ',
      theme: 'dark',
    });
    const expected = {
      viewMode: 'table',
      sortField: 'market_cap',
      sortDirection: 'asc',
      filters: { sector: 'Information Technology', alertLevel: 'HIGH', formTypes: ['8-K', '4'] },
      showAllFilings: true,
      tradingPlatformUrl: 'https://robinhood.com/stocks/{TICKER}',
      theme: 'dark',
    };
    expect(saved).toEqual(expected);
    expect(await client(session).watchlist.preferences.query()).toEqual(expected);

    // A partial update leaves the rest alone; null clears the URL.
    const partial = await client(session).watchlist.updatePreferences.mutate({
      theme: 'light',
      tradingPlatformUrl: null,
    });
    expect(partial).toEqual({ ...expected, theme: 'light', tradingPlatformUrl: null });

    const other = await createSignedInUser(deps.db, { email: 'prefs-other@example.com' });
    expect(await client(other.session).watchlist.preferences.query()).toEqual(DEFAULT_PREFERENCES);
  });

  it('refuses URLs without {TICKER} with the spec message, and non-http(s) URLs, changing nothing', async () => {
    const { session } = await createSignedInUser(deps.db, { email: 'prefs-url@example.com' });
    await client(session).watchlist.updatePreferences.mutate({
      tradingPlatformUrl: 'https://www.webull.com/search?keyword={TICKER}',
      theme: 'dark',
    });
    for (const [bad, message] of [
      ['https://broker.example/', COPY.customUrlNeedsTicker],
      ['javascript:alert(document.cookie)//{TICKER}', TRADING_URL_SCHEME_MESSAGE],
      ['data:text/html;base64,PHNjcmlwdD4={TICKER}', TRADING_URL_SCHEME_MESSAGE],
      ['stocks/{TICKER}', TRADING_URL_SCHEME_MESSAGE],
    ] as const) {
      await expect(
        client(session).watchlist.updatePreferences.mutate({ tradingPlatformUrl: bad, theme: 'light' }),
      ).rejects.toMatchObject({
        message,
        data: { httpStatus: 400, reason: 'invalid_trading_url' },
      });
    }
    expect(await client(session).watchlist.preferences.query()).toMatchObject({
      tradingPlatformUrl: 'https://www.webull.com/search?keyword={TICKER}',
      theme: 'dark',
    });
  });

  it('rejects unknown values and fields with a 400', async () => {
    const { session } = await createSignedInUser(deps.db, { email: 'prefs-bad@example.com' });
    const bad = [
      { theme: 'sepia' },
      { sortField: 'random' },
      { viewMode: 'grid' },
      { filters: { formTypes: ['8-Q'] } },
      { colour: 'red' },
    ];
    for (const input of bad) {
      await expect(client(session).watchlist.updatePreferences.mutate(input as never)).rejects.toMatchObject({
        data: { httpStatus: 400 },
      });
    }
  });
});
