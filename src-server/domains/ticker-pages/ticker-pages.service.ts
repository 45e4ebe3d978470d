/**
 * Ticker pages: the enhanced page's data in one call (company, quote line, the caller's seen
 * mark, filter facets, the first page of filings), further pages by cursor, the public page.
 */
import { AppError } from '../../core/app-error';
import { FORM_VALUES } from '../../core/forms';
import { IMPORTANCE_LEVELS, IMPORTANCE_RANK, importanceFromRank, type Importance } from '../../core/importance';
import type { Db } from '../../db/client';
import { historyQuote } from '../prices/prices.service';
import type { QuoteRefresher } from '../quotes/quote-refresher';
import type { TickerIndex } from '../tickers/ticker-index';
import { getTickerProfile, type TickerProfile } from '../tickers/tickers.service';
import * as repo from './ticker-pages.repo';
import { decodeCursor, encodeCursor, groupInsiderRows, toTickerFilingDto, type TickerFilingDto } from './timeline';

export const PAGE_SIZE = 50;
export const PUBLIC_PAGE_SIZE = 20;
const INSIDER_FORMS = new Set(['3', '4', '5']);

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
export interface QuoteLine {
  kind: 'live' | 'history';
  /** Quote fetch time (live) or the bar's trading day (history). */
  as_of: string | null;
  price: number | null;
  change_percent: number | null;
  market_cap: number | null;
  pe_ratio: number | null;
  eps: number | null;
  dividend_yield: number | null;
  volume: number | null;
  avg_volume: number | null;
  week_52_low: number | null;
  week_52_high: number | null;
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
  facets: { total: number; forms: { form: string; count: number }[]; importance: { level: Importance; count: number }[] };
  filings: FilingsPage;
}

/** Form and importance filters as the repo takes them; an unknown form is a 400. */
export function parseFilter(input: FilingFilterInput): repo.FilingFilter {
  const forms = (input.forms ?? []).map((raw) => {
    const form = raw.trim().toUpperCase() === 'OTHER' ? 'OTHER' : FORM_VALUES.find((v) => v.toUpperCase() === raw.trim().toUpperCase());
    if (!form) throw new AppError('BAD_REQUEST', `"${raw}" is not a form type we track.`, { reason: 'unknown_form', details: { form: raw } });
    return form;
  });
  return { forms: [...new Set(forms)], ranks: [...new Set((input.importance ?? []).map((level) => IMPORTANCE_RANK[level]))] };
}

export function companyDto(profile: TickerProfile, tickers: string[]): TickerCompany {
  return {
    ticker: profile.ticker,
    name: profile.name,
    cik: profile.cik,
    exchange: profile.exchange,
    sector: profile.sector,
    industry: profile.industry,
    sic: profile.sic,
    listed: profile.listed,
    tickers: tickers.length > 0 ? tickers : [profile.ticker],
    edgar_url: `https://www.sec.gov/edgar/browse/?CIK=${String(profile.cik).padStart(10, '0')}`,
  };
}

export async function resolveCompany(db: Db, params: { index: TickerIndex; ticker: string; quotes?: QuoteRefresher }): Promise<TickerProfile> {
  const symbol = params.ticker.trim().toUpperCase();
  if (!/^[A-Z0-9][A-Z0-9./\-]{0,9}$/.test(symbol)) {
    throw new AppError('NOT_FOUND', `${params.ticker.trim()} is not a ticker we know.`, { reason: 'ticker_not_found' });
  }
  return getTickerProfile(db, { index: params.index, ticker: symbol, quotes: params.quotes });
}

export async function quoteLine(db: Db, profile: TickerProfile): Promise<QuoteLine | null> {
  if (profile.current_price != null && profile.quote_updated_at) {
    const { current_price: price, ...fields } = profile;
    return {
      kind: 'live',
      as_of: profile.quote_updated_at,
      price,
      change_percent: fields.change_percent,
      market_cap: fields.market_cap,
      pe_ratio: fields.pe_ratio,
      eps: fields.eps,
      dividend_yield: fields.dividend_yield,
      volume: fields.volume,
      avg_volume: fields.avg_volume,
      week_52_low: fields.week_52_low,
      week_52_high: fields.week_52_high,
    };
  }
  const history = await historyQuote(db, { ticker: profile.ticker });
  if (!history) return null;
  return { kind: 'history', market_cap: null, pe_ratio: null, eps: null, dividend_yield: null, ...history };
}

/** One page of the company's timeline with Form 3/4/5 rows attached (two statements). */
export async function filingsPage(
  db: Db,
  params: { cik: number; filter: repo.FilingFilter; cursor: string | null; limit: number; newSince: string | null; viewer: Viewer },
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
  const insiderIds = page.filter((r) => INSIDER_FORMS.has(r.catalogue_form ?? '')).map((r) => r.id);
  const insider = groupInsiderRows(await repo.insiderRows(db, { filingIds: insiderIds }));
  return {
    items: page.map((row) => toTickerFilingDto(row, { pro: params.viewer.pro, insider: insider.get(row.id) })),
    next_cursor: rows.length > params.limit ? encodeCursor(page[page.length - 1]!) : null,
  };
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
    forms: [...forms].map(([form, count]) => ({ form, count })).sort((a, b) => b.count - a.count || a.form.localeCompare(b.form)),
    importance: IMPORTANCE_LEVELS.filter((l) => levels.has(l)).map((level) => ({ level, count: levels.get(level)! })),
  };
}

/**
 * The enhanced page in one call. Opening it marks the caller's filings of this company as seen;
 * the first page still flags what arrived since the previous visit.
 */
export async function getTickerPage(
  db: Db,
  params: { index: TickerIndex; quotes?: QuoteRefresher; ticker: string; viewer: Viewer; aiAvailable: boolean; filter: FilingFilterInput },
): Promise<TickerPageData> {
  const filter = parseFilter(params.filter);
  const profile = await resolveCompany(db, params);
  const { viewer } = params;
  const seen = viewer.userId ? repo.markCompanySeen(db, { userId: viewer.userId, cik: profile.cik }) : Promise.resolve({ watching: false, previousSeenAt: null });
  const [watch, quote, facetRows, tickers, filings] = await Promise.all([
    seen,
    quoteLine(db, profile),
    repo.facets(db, { cik: profile.cik }),
    repo.tickersOfCik(db, { cik: profile.cik }),
    seen.then((s) => filingsPage(db, { cik: profile.cik, filter, cursor: null, limit: PAGE_SIZE, newSince: s.previousSeenAt, viewer })),
  ]);
  return {
    company: companyDto(profile, tickers),
    quote,
    watchlist: { watching: watch.watching, previous_seen_at: watch.previousSeenAt },
    viewer: { pro: viewer.pro, signed_in: viewer.userId != null, ai_available: params.aiAvailable },
    facets: summariseFacets(facetRows),
    filings,
  };
}

/** "Load more": the next page after `cursor`, with the same filters. */
export async function getTickerFilings(
  db: Db,
  params: { index: TickerIndex; ticker: string; viewer: Viewer; filter: FilingFilterInput; cursor: string | null; newSince: string | null },
): Promise<FilingsPage> {
  const filter = parseFilter(params.filter);
  if (params.cursor && !decodeCursor(params.cursor)) throw new AppError('BAD_REQUEST', 'That page cursor is not valid.', { reason: 'bad_cursor' });
  const cik = params.index.get(params.ticker)?.cik ?? (await resolveCompany(db, params)).cik;
  return filingsPage(db, { cik, filter, cursor: params.cursor, limit: PAGE_SIZE, newSince: params.newSince, viewer: params.viewer });
}
