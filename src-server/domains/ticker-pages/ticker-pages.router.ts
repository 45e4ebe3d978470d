import { isPro } from '#shared/plans';
import { adminProcedure, proProcedure, publicProcedure, router } from '../../transport/trpc/init';
import type { Context } from '../../transport/trpc/context';
import { getTickerChart } from './chart.service';
import { listAnalysisFeedback, setAnalysisFeedback } from './feedback.service';
import { getPublicTickerPage } from './public-page.service';
import {
  adminFeedbackInput,
  feedbackInput,
  publicTickerInput,
  tickerChartInput,
  tickerFilingsInput,
  tickerPageInput,
} from './ticker-pages.schemas';
import { getTickerFilings, getTickerPage, type Viewer } from './ticker-pages.service';

/** The caller, when a session is presented; ticker pages never create one. */
async function viewerOf(ctx: Context): Promise<Viewer> {
  const session = await ctx.getSession();
  return { userId: session?.user.id ?? null, pro: isPro(session?.user) };
}

export const tickerPagesRouter = router({
  /** Company, quote line, facets and the first 50 filings; marks the caller's filings of the company seen. */
  get: publicProcedure.input(tickerPageInput).query(async ({ ctx, input }) =>
    getTickerPage(ctx.deps.db, {
      index: await ctx.deps.tickers.get(),
      quotes: ctx.deps.quotes,
      ticker: input.ticker,
      viewer: await viewerOf(ctx),
      aiAvailable: Boolean(ctx.deps.llm),
      filter: input,
    }),
  ),
  /** The next page of filings (cursor from the previous page), same filters. */
  filings: publicProcedure.input(tickerFilingsInput).query(async ({ ctx, input }) =>
    getTickerFilings(ctx.deps.db, {
      index: await ctx.deps.tickers.get(),
      ticker: input.ticker,
      viewer: await viewerOf(ctx),
      filter: input,
      cursor: input.cursor ?? null,
      newSince: input.newSince ?? null,
    }),
  ),
  /** Daily (weekly past 1,300 points) closes with filing markers. */
  chart: publicProcedure.input(tickerChartInput).query(async ({ ctx, input }) =>
    getTickerChart(ctx.deps.db, {
      index: await ctx.deps.tickers.get(),
      ticker: input.ticker,
      range: input.range,
      filter: input,
    }),
  ),
  /** No login: company, quote line and the latest 20 filings. */
  public: publicProcedure.input(publicTickerInput).query(async ({ ctx, input }) =>
    getPublicTickerPage(ctx.deps.db, {
      index: await ctx.deps.tickers.get(),
      quotes: ctx.deps.quotes,
      ticker: input.ticker,
    }),
  ),
  /** PRO: thumbs up/down (or null to clear) on a filing's AI analysis. */
  analysisFeedback: proProcedure
    .input(feedbackInput)
    .mutation(({ ctx, input }) => setAnalysisFeedback(ctx.deps.db, { userId: ctx.user.id, ...input })),
});

/** Admin: the feedback list (mounted under admin.aiFeedback). */
export const aiFeedbackAdminProcedure = adminProcedure
  .input(adminFeedbackInput)
  .query(({ ctx, input }) => listAnalysisFeedback(ctx.deps.db, input));
