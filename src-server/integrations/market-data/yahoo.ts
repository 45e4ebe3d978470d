import { z } from 'zod';
import type { MarketDataProvider, MarketQuote, ProviderGate } from './market-data';

/**
 * Yahoo Finance's v7 quote API (the endpoint yahoo-finance2's `quote()` calls), spoken directly:
 * an anonymous cookie, a crumb bound to it, then batched `quote?symbols=A,B&crumb=`. One call
 * returns price, change %, market cap, P/E, EPS, dividend yield, volume, average volume and the
 * 52-week range for up to 50 symbols. `baseUrl` replaces all three Yahoo hosts (a proxy, or the
 * loopback peer in tests that replays Yahoo's recorded responses).
 */
export interface YahooOptions {
  baseUrl?: string;
  timeoutMs?: number;
  /** Awaited before every request (handshake included): the shared request budget. */
  gate?: ProviderGate;
}

const HOSTS = {
  cookie: 'https://fc.yahoo.com/',
  crumb: 'https://query1.finance.yahoo.com/v1/test/getcrumb',
  quote: 'https://query2.finance.yahoo.com/v7/finance/quote',
};
/** The quote and chart clients present themselves the same way. */
export const USER_AGENT = 'Mozilla/5.0 (compatible; filing-alerts/1.0)';

const num = z.number().nullish().catch(null);
const quoteSchema = z.object({
  symbol: z.string(),
  currency: z.string().nullish().catch(null),
  regularMarketPrice: num,
  regularMarketChangePercent: num,
  marketCap: num,
  trailingPE: num,
  epsTrailingTwelveMonths: num,
  dividendYield: num,
  regularMarketVolume: num,
  averageDailyVolume3Month: num,
  fiftyTwoWeekLow: num,
  fiftyTwoWeekHigh: num,
  regularMarketTime: num,
});
const responseSchema = z.object({
  quoteResponse: z.object({ result: z.array(z.unknown()).nullish(), error: z.unknown().nullish() }),
});

export class YahooQuoteError extends Error {
  override name = 'YahooQuoteError';
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

function toQuote(raw: z.infer<typeof quoteSchema>): MarketQuote {
  return {
    ticker: raw.symbol.toUpperCase(),
    price: raw.regularMarketPrice ?? null,
    changePercent: raw.regularMarketChangePercent ?? null,
    marketCap: raw.marketCap ?? null,
    peRatio: raw.trailingPE ?? null,
    eps: raw.epsTrailingTwelveMonths ?? null,
    dividendYield: raw.dividendYield ?? null,
    volume: raw.regularMarketVolume ?? null,
    avgVolume: raw.averageDailyVolume3Month ?? null,
    week52Low: raw.fiftyTwoWeekLow ?? null,
    week52High: raw.fiftyTwoWeekHigh ?? null,
    currency: raw.currency ?? null,
    marketTime: raw.regularMarketTime ? new Date(raw.regularMarketTime * 1000) : null,
  };
}

/** Parses a v7 quote body; results that are not quotes (delisted, quoteType NONE) are dropped. */
export function parseYahooQuotes(body: unknown): MarketQuote[] {
  const parsed = responseSchema.safeParse(body);
  if (!parsed.success) throw new YahooQuoteError('Yahoo answered without a quoteResponse');
  if (parsed.data.quoteResponse.error)
    throw new YahooQuoteError(`Yahoo quote error: ${JSON.stringify(parsed.data.quoteResponse.error)}`);
  return (parsed.data.quoteResponse.result ?? []).flatMap((item) => {
    const quote = quoteSchema.safeParse(item);
    return quote.success ? [toQuote(quote.data)] : [];
  });
}

interface YahooSession {
  cookie: string;
  crumb: string;
}

export function createYahooQuotes(options: YahooOptions = {}): MarketDataProvider {
  const base = options.baseUrl?.replace(/\/+$/, '');
  const urls = base
    ? { cookie: `${base}/`, crumb: `${base}/v1/test/getcrumb`, quote: `${base}/v7/finance/quote` }
    : HOSTS;
  const timeoutMs = options.timeoutMs ?? 10_000;
  let session: Promise<YahooSession> | undefined;

  const signalFor = (signal?: AbortSignal) =>
    signal ? AbortSignal.any([signal, AbortSignal.timeout(timeoutMs)]) : AbortSignal.timeout(timeoutMs);

  const pass = async (signal?: AbortSignal) => options.gate?.(signal);

  async function handshake(signal?: AbortSignal): Promise<YahooSession> {
    await pass(signal);
    const first = await fetch(urls.cookie, {
      headers: { 'User-Agent': USER_AGENT },
      redirect: 'manual',
      signal: signalFor(signal),
    });
    await first.body?.cancel();
    const cookie = first.headers
      .getSetCookie()
      .map((c) => c.split(';')[0]!.trim())
      .filter(Boolean)
      .join('; ');
    if (!cookie) throw new YahooQuoteError('Yahoo set no cookie', first.status);
    await pass(signal);
    const crumbResponse = await fetch(urls.crumb, {
      headers: { 'User-Agent': USER_AGENT, Cookie: cookie },
      signal: signalFor(signal),
    });
    const crumb = (await crumbResponse.text()).trim();
    if (!crumbResponse.ok || !crumb || crumb.includes('<'))
      throw new YahooQuoteError('Yahoo gave no crumb', crumbResponse.status);
    return { cookie, crumb };
  }

  async function quoteOnce(tickers: string[], signal?: AbortSignal): Promise<Response> {
    session ??= handshake(signal);
    const current = await session.catch((error) => {
      session = undefined;
      throw error;
    });
    const url = `${urls.quote}?${new URLSearchParams({ symbols: tickers.join(','), crumb: current.crumb })}`;
    await pass(signal);
    return fetch(url, {
      headers: { 'User-Agent': USER_AGENT, Cookie: current.cookie, Accept: 'application/json' },
      signal: signalFor(signal),
    });
  }

  return {
    name: 'yahoo',
    maxBatch: 50,
    async fetchQuotes(tickers, opts = {}) {
      if (tickers.length === 0) return [];
      let response = await quoteOnce(tickers, opts.signal);
      if (response.status === 401 || response.status === 403) {
        // The crumb expired with its cookie: one fresh handshake, then give up.
        await response.body?.cancel();
        session = undefined;
        response = await quoteOnce(tickers, opts.signal);
      }
      if (!response.ok) {
        await response.body?.cancel();
        throw new YahooQuoteError(`Yahoo quote answered ${response.status}`, response.status);
      }
      return parseYahooQuotes(await response.json());
    },
  };
}
