import { AppError } from '#shared/app-error';
import { isCompanyNameEntry } from '#shared/ticker-entry';
import type { Db } from '../../db/client';
import { withoutStateTag } from '../../edgar-model/company-name';
import type { QuoteRequests } from '../quotes/quote-requests';
import { pickQuoteFields, type QuoteFields } from '../quotes/quote-fields';
import { classifySic } from './sic';
import type { TickerIndex } from './ticker-index';
import * as repo from './tickers.repo';

/** GET /api/tickers?q= and tickers.search: SPEC.md's "ticker search result". */
export interface TickerSearchResult {
  ticker: string;
  name: string;
}

/**
 * The catalogue's matches, each named as the company's own cover writes it where a stored filing gave that name
 * ("NVIDIA Corporation", "JPMorgan Chase & Co"), as its card and ticker page do; else SEC's ("JPMORGAN CHASE & CO").
 */
export async function searchTickers(db: Db, index: TickerIndex, params: { q: string }): Promise<TickerSearchResult[]> {
  const found = index.search(params.q);
  const written = await repo.writtenCompanyNames(db, { ciks: [...new Set(found.map((e) => e.cik))] });
  return found.map(({ ticker, cik, name }) => ({ ticker, name: written.get(cik) ?? name }));
}

export type EntryResolution =
  | { entry: string; ticker: string; name: string; via: 'ticker' | 'name' }
  | { entry: string; ticker: null; name: null; via: 'unknown' };

/**
 * One add-form entry to a catalogue ticker (SPEC.md section 5): entries longer than 5 characters
 * are company names resolved by the same search, first match; otherwise, or when the lookup
 * finds nothing, the entry is kept as typed and must be a known ticker.
 */
export function resolveEntry(index: TickerIndex, params: { entry: string }): EntryResolution {
  const entry = params.entry.trim().toUpperCase();
  const direct = index.get(entry);
  if (direct) return { entry, ticker: direct.ticker, name: direct.name, via: 'ticker' };
  if (isCompanyNameEntry(entry)) {
    const [match] = index.search(entry);
    if (match) return { entry, ticker: match.ticker, name: match.name, via: 'name' };
  }
  return { entry, ticker: null, name: null, via: 'unknown' };
}

export interface CompanyProfileInput {
  cik: number;
  name: string;
  sic?: string | number | null;
  sicDescription?: string | null;
  exchange?: string | null;
  /** EDGAR's filer category and fiscal year end (MMDD): when its 10-Q/10-K are due. */
  filerCategory?: string | null;
  fiscalYearEnd?: string | null;
}

/**
 * Stores a company's EDGAR profile (submissions JSON: name, sic, sicDescription, exchanges[0])
 * with sector and industry derived from the SIC code, and marks the company as backfilled.
 * Idempotent; the EDGAR backfill calls it once per company.
 */
export async function upsertCompanyProfile(db: Db, params: CompanyProfileInput): Promise<repo.CompanyProfileRow> {
  const sic = params.sic == null || String(params.sic).trim() === '' ? null : String(params.sic).trim();
  const { sector, industry } = classifySic(sic, params.sicDescription);
  const row: repo.CompanyProfileRow = {
    cik: params.cik,
    // The submissions JSON keeps EDGAR's state tag ("1895 Bancorp of Wisconsin, Inc. /MD/"); people read the name.
    name: withoutStateTag(params.name.trim()),
    sic,
    sicDescription: params.sicDescription?.trim() || null,
    sector,
    industry,
    exchange: params.exchange?.trim() || null,
    filerCategory: params.filerCategory?.trim() || null,
    fiscalYearEnd: params.fiscalYearEnd?.trim() || null,
  };
  await repo.upsertCompany(db, row);
  return row;
}

/** Watched companies without a stored EDGAR profile: what the backfill should fetch next. */
export function companiesAwaitingProfile(db: Db, params: { limit?: number } = {}) {
  return repo.watchedCompaniesWithoutProfile(db, { limit: params.limit ?? 100 });
}

export interface TickerProfile extends QuoteFields {
  ticker: string;
  name: string;
  cik: number;
  /** False when SEC's current file no longer lists the ticker. */
  listed: boolean;
  sector: string | null;
  industry: string | null;
  sic: string | null;
  exchange: string | null;
  quote_updated_at: string | null;
}

/** A ticker's company facts and last cached quote (ticker pages); stale quotes are queued. */
export async function getTickerProfile(
  db: Db,
  params: { index: TickerIndex; ticker: string; quotes?: QuoteRequests | null },
): Promise<TickerProfile> {
  const symbol = params.index.get(params.ticker)?.ticker ?? params.ticker.trim().toUpperCase();
  const row = await repo.findTickerProfile(db, { ticker: symbol });
  if (!row) throw new AppError('NOT_FOUND', `${symbol} is not a ticker we know.`, { reason: 'ticker_not_found' });
  params.quotes?.requestIfStale([{ ticker: row.ticker, fetchedMs: row.quote_fetched_at?.getTime() }]);
  return {
    ticker: row.ticker,
    name: row.name,
    cik: row.cik,
    listed: row.listed,
    sector: row.sector,
    industry: row.industry,
    sic: row.sic,
    exchange: row.exchange,
    ...pickQuoteFields(row),
    quote_updated_at: row.quote_fetched_at?.toISOString() ?? null,
  };
}
