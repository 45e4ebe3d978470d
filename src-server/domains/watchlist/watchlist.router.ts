import { publicProcedure, router, signedInProcedure, withSession } from '../../transport/trpc/init';
import { getPreferences, updatePreferences } from './preferences.service';
import { getWatchlist, watchlistReadDeps } from './watchlist-read.service';
import { preferencesUpdateInput, subscribeInput, tickerInput } from './watchlist.schemas';
import { addTickers, markTickerSeen, parseSubscription, removeTicker } from './watchlist.service';

/** The dashboard's data, in the REST shapes of SPEC.md sections 3 and 7 (snake_case items). */
export const watchlistRouter = router({
  get: publicProcedure.query(async ({ ctx }) => {
    const session = await ctx.getSession();
    return getWatchlist(ctx.deps.db, { ...watchlistReadDeps(ctx.deps), user: session?.user ?? null });
  }),
  subscribe: publicProcedure.input(subscribeInput).mutation(async ({ ctx, input }) => {
    const subscription = parseSubscription(await ctx.deps.tickers.get(), input);
    const session = await ctx.ensureSession();
    return addTickers(ctx.deps.db, { userId: session.user.id, brand: ctx.brand, subscription });
  }),
  unsubscribe: signedInProcedure
    .input(tickerInput)
    .mutation(async ({ ctx, input }) =>
      removeTicker(ctx.deps.db, { userId: ctx.user.id, index: await ctx.deps.tickers.get(), ticker: input.ticker }),
    ),
  markSeen: signedInProcedure
    .input(tickerInput)
    .mutation(async ({ ctx, input }) =>
      markTickerSeen(ctx.deps.db, { userId: ctx.user.id, index: await ctx.deps.tickers.get(), ticker: input.ticker }),
    ),
  preferences: publicProcedure.query(async ({ ctx }) => {
    const session = await ctx.getSession();
    return getPreferences(ctx.deps.db, { userId: session?.user.id ?? null });
  }),
  updatePreferences: publicProcedure
    .input(preferencesUpdateInput)
    .use(withSession)
    .mutation(({ ctx, input }) => updatePreferences(ctx.deps.db, { userId: ctx.user.id, changes: input })),
});
