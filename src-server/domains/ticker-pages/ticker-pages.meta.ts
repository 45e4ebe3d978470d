import { BRANDS } from '#shared/brands';
import { requestBrand } from '../../transport/rest/brand';
import type { MetaResolver } from '../../transport/web/spa';
import { tickerPageMeta } from './public-page.service';

const TICKER_PATH = /^\/(?:ticker|ticker-enhanced|ticker-old|public\/ticker)\/([^/]+)\/?$/;

/** Link previews of ticker pages (the public ones above all): title and description from our data. */
export const tickerMetaResolver: MetaResolver = async (deps, request) => {
  const match = TICKER_PATH.exec(request.url.split('?')[0] ?? '');
  if (!match) return null;
  let ticker: string;
  try {
    ticker = decodeURIComponent(match[1]!);
  } catch {
    return null;
  }
  const brandName = BRANDS[requestBrand(deps, request)].brandName;
  return tickerPageMeta(deps.db, { index: await deps.tickers.get(), ticker, brandName });
};
