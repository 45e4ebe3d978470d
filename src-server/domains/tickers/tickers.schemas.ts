import { z } from 'zod';
import { text } from '#shared/input';

/** GET /api/tickers?q= and tickers.search; a blank query finds nothing. */
export const tickerSearchInput = z.object({ q: text().max(100).default('') });
export const tickerEntryInput = z.object({ entry: text().trim().min(1, 'entry is required').max(100) });
export const tickerSymbolInput = z.object({ ticker: text().trim().min(1, 'ticker is required').max(20) });
