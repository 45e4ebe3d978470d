import { adminRouter } from '../../domains/admin/admin.router';
import { assistantRouter } from '../../domains/assistant/assistant.router';
import { apiTokensRouter } from '../../domains/auth/api-tokens.router';
import { authRouter } from '../../domains/auth/auth.router';
import { billingRouter } from '../../domains/billing/billing.router';
import { filingsRouter } from '../../domains/filings/filings.router';
import { reportsRouter } from '../../domains/reports/reports.router';
import { insidersRouter } from '../../domains/insiders/insiders.router';
import { latencyRouter } from '../../domains/latency/latency.router';
import { pushRouter } from '../../domains/push/push.router';
import { pricesRouter } from '../../domains/prices/prices.router';
import { systemRouter } from '../../domains/system/system.router';
import { threadsRouter } from '../../domains/threads/threads.router';
import { tickerPagesRouter } from '../../domains/ticker-pages/ticker-pages.router';
import { tickersRouter } from '../../domains/tickers/tickers.router';
import { watchlistRouter } from '../../domains/watchlist/watchlist.router';
import { webhooksRouter } from '../../domains/webhooks/webhooks.router';
import { liveRouter } from '../../live/live.router';
import { mergeRouters, router } from './init';

export const appRouter = router({
  system: systemRouter,
  auth: authRouter,
  watchlist: watchlistRouter,
  tickers: tickersRouter,
  admin: adminRouter,
  filings: mergeRouters(filingsRouter, liveRouter),
  tickerPages: tickerPagesRouter,
  reports: reportsRouter,
  insiders: insidersRouter,
  latency: latencyRouter,
  prices: pricesRouter,
  assistant: assistantRouter,
  billing: billingRouter,
  threads: threadsRouter,
  apiTokens: apiTokensRouter,
  webhooks: webhooksRouter,
  push: pushRouter,
});

export type AppRouter = typeof appRouter;
