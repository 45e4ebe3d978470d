/**
 * Ticker pages: the enhanced page's data in one call (company, quote line, the caller's seen
 * mark, filter facets, the first page of filings), further pages by cursor, the public page.
 */
import { AppError } from '#shared/app-error';
import { FORM_VALUES } from '#shared/forms';
import { IMPORTANCE_LEVELS, IMPORTANCE_RANK, importanceFromRank, type Importance } from '#shared/importance';
import type { Db } from '../../db/client';
import { perDb } from '../../db/per-db';
import { pickQuoteFields, type QuoteFields } from '../quotes/quote-fields';
import type { QuoteRequests } from '../quotes/quote-requests';
import type { TickerIndex } from '../tickers/ticker-index';
import { companyActivity } from '../insiders/activity.service';
import type { InsiderActivity } from '#shared/insider-activity';
import * as repo from './ticker-pages.repo';
import { VersionedCache } from './versioned-cache';
import { decodeCursor, encodeCursor, toTickerFilingDto, type TickerFilingDto } from './timeline';

export const PAGE_SIZE = 50;
export const PUBLIC_PAGE_SIZE = 20;

export interface Viewer {
  userId: string | null;
  pro: boolean;
}

export interface FilingFilterInput {
  forms?: string[] | null;
  importance?: Importance[] | null;
}

export interface TickerCompany {
  ticker: string;
  name: string;
  cik: number;
  exchange: string | null;
  sector: string | null;
  industry: string | null;
  sic: string | null;
  /** False when SEC's current ticker file no longer lists the symbol. */
  listed: boolean;
  /** Every listed ticker of the company (filings are the company's, whichever ticker is open). */
  tickers: string[];
  edgar_url: string;
}

/** A live quote (provider) or, without one, the last stored daily bar with fields derived from history. */
export interface QuoteLine extends QuoteFields {
  kind: 'live' | 'history';
  /** Quote fetch time (live) or the bar's trading day (history). */
  as_of: string | null;
}

export interface FilingsPage {
  items: TickerFilingDto[];
  next_cursor: string | null;
}

export interface TickerPageData {
  company: TickerCompany;
  quote: QuoteLine | null;
  /** The caller's watchlist state for this company; previous_seen_at marks filings as new. */
  watchlist: { watching: boolean; previous_seen_at: string | null };
  viewer: { pro: boolean; signed_in: boolean; ai_available: boolean };
  facets: {
    total: number;
    forms: { form: string; count: number }[];
    importance: { level: Importance; count: number }[];
  };
  filings: FilingsPage;
  /** Open-market insider trades over the 90 days to the latest one on record, collapsed (null: none). */
  insider_activity: InsiderActivity | null;
}

/** Form and importance filters as the repo takes them; an unknown form is a 400. */
export function parseFilter(input: FilingFilterInput): repo.FilingFilter {
  const forms = (input.forms ?? []).map((raw) => {
    const form =
      raw.trim().toUpperCase() === 'OTHER'
        ? 'OTHER'
        : FORM_VALUES.find((v) => v.toUpperCase() === raw.trim().toUpperCase());
    if (!form)
      throw new AppError('BAD_REQUEST', `"${raw}" is not a form type we track.`, {
        reason: 'unknown_form',
        details: { form: raw },
      });
    return form;
  });
  return {
    forms: [...new Set(forms)],
    ranks: [...new Set((input.importance ?? []).map((level) => IMPORTANCE_RANK[level]))],
  };
}

export function companyDto(header: repo.HeaderRow): TickerCompany {
  return {
    ticker: header.ticker,
    name: header.name,
    cik: header.cik,
    exchange: header.exchange,
    sector: header.sector,
    industry: header.industry,
    sic: header.sic,
    listed: header.listed,
    tickers: header.tickers?.length ? header.tickers : [header.ticker],
    edgar_url: `https://www.sec.gov/edgar/browse/?CIK=${String(header.cik).padStart(10, '0')}`,
  };
}

/** The cached quote when there is one, else the quote line the stored daily bars give. */
export function quoteLine(header: repo.HeaderRow): QuoteLine | null {
  if (header.current_price != null && header.quote_fetched_ms != null) {
    return { kind: 'live', as_of: new Date(header.quote_fetched_ms).toISOString(), ...pickQuoteFields(header) };
  }
  if (header.bar_day == null || header.bar_close == null) return null;
  const previous = header.bar_prev_close;
  return {
    kind: 'history',
    as_of: header.bar_day,
    current_price: header.bar_close,
    change_percent: previous ? ((header.bar_close - previous) / previous) * 100 : null,
    market_cap: null,
    pe_ratio: null,
    eps: null,
    dividend_yield: null,
    volume: header.bar_volume,
    avg_volume: header.bar_avg_volume,
    week_52_low: header.bar_low,
    week_52_high: header.bar_high,
  };
}

const normalise = (ticker: string) => ticker.trim().toUpperCase();

/** The catalogue's CIK for a symbol without a query (undefined for symbols SEC no longer lists). */
export const cikHint = (index: TickerIndex, ticker: string): number | undefined => index.get(normalise(ticker))?.cik;

/** The page header for a symbol (BRK.B finds BRK-B); stale quotes are queued for a background fetch. */
export async function loadHeader(
  db: Db,
  params: { index: TickerIndex; ticker: string; quotes?: QuoteRequests | null },
): Promise<repo.HeaderRow> {
  const symbol = normalise(params.ticker);
  const notFound = new AppError('NOT_FOUND', `${params.ticker.trim()} is not a ticker we know.`, {
    reason: 'ticker_not_found',
  });
  if (!/^[A-Z0-9][A-Z0-9./-]{0,9}$/.test(symbol)) throw notFound;
  const header = await repo.companyHeader(db, { ticker: params.index.get(symbol)?.ticker ?? symbol });
  if (!header) throw notFound;
  params.quotes?.requestIfStale([{ ticker: header.ticker, fetchedMs: header.quote_fetched_ms }]);
  return header;
}

/** One page of the company's timeline, Form 3/4/5 rows included (one statement). */
export async function filingsPage(
  db: Db,
  params: {
    cik: number;
    filter: repo.FilingFilter;
    cursor: string | null;
    limit: number;
    newSince: string | null;
    viewer: Viewer;
  },
): Promise<FilingsPage> {
  const rows = await repo.timelinePage(db, {
    cik: params.cik,
    filter: params.filter,
    cursor: decodeCursor(params.cursor),
    limit: params.limit + 1,
    newSince: params.newSince,
    userId: params.viewer.userId,
    withAnalysis: params.viewer.pro,
  });
  const page = rows.slice(0, params.limit);
  return {
    items: page.map((row) => toTickerFilingDto(row, { pro: params.viewer.pro })),
    next_cursor: rows.length > params.limit ? encodeCursor(page[page.length - 1]!) : null,
  };
}

const facetCaches = perDb((_db: Db) => new VersionedCache<TickerPageData['facets']>());

/** Filter facets, recounted only when the company's filings changed (its filings version moved). */
export function companyFacets(
  db: Db,
  { cik, version }: { cik: number; version: number | null },
): Promise<TickerPageData['facets']> {
  return facetCaches(db).get(cik, version, async () => summariseFacets(await repo.facets(db, { cik })));
}

function summariseFacets(rows: repo.FacetRow[]): TickerPageData['facets'] {
  const forms = new Map<string, number>();
  const levels = new Map<Importance, number>();
  let total = 0;
  for (const row of rows) {
    total += row.n;
    const form = row.form ?? 'OTHER';
    forms.set(form, (forms.get(form) ?? 0) + row.n);
    const level = importanceFromRank(row.rank);
    if (level) levels.set(level, (levels.get(level) ?? 0) + row.n);
  }
  return {
    total,
    forms: [...forms]
      .map(([form, count]) => ({ form, count }))
      .sort((a, b) => b.count - a.count || a.form.localeCompare(b.form)),
    importance: IMPORTANCE_LEVELS.filter((l) => levels.has(l)).map((level) => ({ level, count: levels.get(level)! })),
  };
}

/**
 * The enhanced page in one call. Opening it marks the caller's filings of this company as seen;
 * the first page still flags what arrived since the previous visit.
 */
export async function getTickerPage(
  db: Db,
  params: {
    index: TickerIndex;
    quotes?: QuoteRequests | null;
    ticker: string;
    viewer: Viewer;
    aiAvailable: boolean;
    filter: FilingFilterInput;
  },
): Promise<TickerPageData> {
  const filter = parseFilter(params.filter);
  const { viewer } = params;
  const header = loadHeader(db, params);
  // The catalogue knows the CIK of listed tickers: the filings start without waiting for the header.
  const cik = cikHint(params.index, params.ticker) ?? (await header).cik;
  const seen = viewer.userId
    ? repo.markCompanySeen(db, { userId: viewer.userId, cik })
    : Promise.resolve({ watching: false, previousSeenAt: null });
  const filings = seen.then((s) =>
    filingsPage(db, { cik, filter, cursor: null, limit: PAGE_SIZE, newSince: s.previousSeenAt, viewer }),
  );
  const facets = header.then((h) => companyFacets(db, { cik, version: h.filings_version }));
  const activity = companyActivity(db, { cik });
  const [head, watch, page, facetCounts, insiderActivity] = await Promise.all([
    header,
    seen,
    filings,
    facets,
    activity,
  ]);
  return {
    company: companyDto(head),
    quote: quoteLine(head),
    watchlist: { watching: watch.watching, previous_seen_at: watch.previousSeenAt },
    viewer: { pro: viewer.pro, signed_in: viewer.userId != null, ai_available: params.aiAvailable },
    facets: facetCounts,
    filings: page,
    insider_activity: insiderActivity,
  };
}

/** "Load more": the next page after `cursor`, with the same filters. */
export async function getTickerFilings(
  db: Db,
  params: {
    index: TickerIndex;
    ticker: string;
    viewer: Viewer;
    filter: FilingFilterInput;
    cursor: string | null;
    newSince: string | null;
  },
): Promise<FilingsPage> {
  const filter = parseFilter(params.filter);
  if (params.cursor && !decodeCursor(params.cursor))
    throw new AppError('BAD_REQUEST', 'That page cursor is not valid.', { reason: 'bad_cursor' });
  const cik = cikHint(params.index, params.ticker) ?? (await loadHeader(db, params)).cik;
  return filingsPage(db, {
    cik,
    filter,
    cursor: params.cursor,
    limit: PAGE_SIZE,
    newSince: params.newSince,
    viewer: params.viewer,
  });
}
