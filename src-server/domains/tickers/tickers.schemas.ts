import { z } from 'zod';

/** GET /api/tickers?q= and tickers.search; a blank query finds nothing. */
export const tickerSearchInput = z.object({ q: z.string().max(100).default('') });
export const tickerEntryInput = z.object({ entry: z.string().trim().min(1, 'entry is required').max(100) });
export const tickerSymbolInput = z.object({ ticker: z.string().trim().min(1, 'ticker is required').max(20) });
