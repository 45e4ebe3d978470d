/**
 * Every domain's /api routes, in registration order (buildApp passes them to the REST plugin).
 * A domain with /api paths adds its `<name>.rest.ts` export here with one line.
 */
import { adminRest } from './domains/admin/admin.rest';
import { assistantRest } from './domains/assistant/assistant.rest';
import { apiTokensRest } from './domains/auth/api-tokens.rest';
import { authRest } from './domains/auth/auth.rest';
import { billingRest } from './domains/billing/billing.rest';
import { contactsRest } from './domains/auth/contacts.rest';
import { insidersRest } from './domains/insiders/insiders.rest';
import { latencyRest } from './domains/latency/latency.rest';
import { systemRest } from './domains/system/system.rest';
import { threadsRest } from './domains/threads/threads.rest';
import { tickerPagesRest } from './domains/ticker-pages/ticker-pages.rest';
import { tickersRest } from './domains/tickers/tickers.rest';
import { watchlistRest } from './domains/watchlist/watchlist.rest';
import { webhooksRest } from './domains/webhooks/webhooks.rest';
import type { RestRoutes } from './transport/rest/plugin';

export const REST_ROUTES: readonly RestRoutes[] = [
  systemRest,
  authRest,
  contactsRest,
  watchlistRest,
  tickersRest,
  tickerPagesRest,
  threadsRest,
  insidersRest,
  assistantRest,
  billingRest,
  latencyRest,
  adminRest,
  apiTokensRest,
  webhooksRest,
];
