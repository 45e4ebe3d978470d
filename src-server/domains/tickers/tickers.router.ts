import { publicProcedure, router } from '../../transport/trpc/init';
import { tickerEntryInput, tickerSearchInput, tickerSymbolInput } from './tickers.schemas';
import { getTickerProfile, resolveEntry, searchTickers } from './tickers.service';

export const tickersRouter = router({
  /** Typeahead: [{ticker, name}], at most 10 (exact, ticker prefix A-Z, then company names). */
  search: publicProcedure
    .input(tickerSearchInput)
    .query(async ({ ctx, input }) => searchTickers(ctx.deps.db, await ctx.deps.tickers.get(), input)),
  /** What an add-form entry becomes: a ticker, a company name's first match, or unknown. */
  resolve: publicProcedure
    .input(tickerEntryInput)
    .query(async ({ ctx, input }) => resolveEntry(await ctx.deps.tickers.get(), input)),
  /** Company facts (sector, industry, SIC, exchange) and the cached quote of one ticker. */
  profile: publicProcedure.input(tickerSymbolInput).query(async ({ ctx, input }) =>
    getTickerProfile(ctx.deps.db, {
      index: await ctx.deps.tickers.get(),
      ticker: input.ticker,
      quotes: ctx.deps.quotes,
    }),
  ),
});
