/** The public ticker page (no login) and the link-preview text the server puts in its HTML. */
import { FILED_DATE_NOT_RECORDED_INLINE } from '#shared/filed-date';
import type { Db } from '../../db/client';
import type { QuoteRequests } from '../quotes/quote-requests';
import type { TickerIndex } from '../tickers/ticker-index';
import * as repo from './ticker-pages.repo';
import {
  companyDto,
  companyFacets,
  filingsPage,
  loadHeader,
  PUBLIC_PAGE_SIZE,
  quoteLine,
  type QuoteLine,
  type TickerCompany,
} from './ticker-pages.service';
import type { TickerFilingDto } from './timeline';

export interface PublicTickerPage {
  company: TickerCompany;
  quote: QuoteLine | null;
  /** The latest filings, newest first (AI analysis stays locked). */
  filings: TickerFilingDto[];
  total_filings: number;
}

export async function getPublicTickerPage(
  db: Db,
  params: { index: TickerIndex; quotes?: QuoteRequests | null; ticker: string },
): Promise<PublicTickerPage> {
  const header = await loadHeader(db, params);
  // The count comes from the facet cache the enhanced page keeps (recounted only when the company's filings change).
  const [page, facets] = await Promise.all([
    filingsPage(db, {
      cik: header.cik,
      filter: { forms: [], ranks: [] },
      cursor: null,
      limit: PUBLIC_PAGE_SIZE,
      newSince: null,
      viewer: { userId: null, pro: false },
    }),
    companyFacets(db, { cik: header.cik, version: header.filings_version }),
  ]);
  return { company: companyDto(header), quote: quoteLine(header), filings: page.items, total_filings: facets.total };
}

const DESCRIPTION_MAX = 300;

function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;
}

/** Title and description for a ticker page's link preview; null for a symbol we do not know. */
export async function tickerPageMeta(
  db: Db,
  params: { index: TickerIndex; ticker: string; brandName: string },
): Promise<{ title: string; description: string } | null> {
  const entry = params.index.get(params.ticker);
  if (!entry) return null;
  const latest = await repo.latestFiling(db, { cik: entry.cik });
  const title = `${entry.ticker} SEC filings: ${entry.name} | ${params.brandName}`;
  const description = latest
    ? `${latest.n.toLocaleString('en-US')} SEC filing${latest.n === 1 ? '' : 's'} of ${entry.name} (${entry.ticker}), each scored by importance. ` +
      `Latest, ${latest.filed_date_unknown ? FILED_DATE_NOT_RECORDED_INLINE : latest.filed_at.slice(0, 10)}: ${latest.one_liner}`
    : `Follow ${entry.name} (${entry.ticker}) SEC filings: 8-K events, insider trades, quarterly and annual reports, scored by importance.`;
  return { title, description: clip(description, DESCRIPTION_MAX) };
}
