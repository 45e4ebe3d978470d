/**
 * Every PostgreSQL NOTIFY channel the app uses: who raises it, who listens, what the payload is.
 * Payloads carry ids only (a listener re-reads the database), and a lost notification only
 * delays work: each listener also has a periodic scan or a catch-up on reconnect. docs/architecture.md's
 * "What a write sets in motion" table is this list read from the writes' side.
 */
import type { Sql } from './client';

export interface Channel<P> {
  readonly name: string;
  /** Raised by (a trigger or a statement). */
  readonly raisedBy: string;
  /** Listened to by (the process parts that LISTEN). */
  readonly heardBy: string;
  /** The payload as the listener gets it; null for a malformed one (ignored). */
  parse(payload: string): P | null;
}

const positiveId = (payload: string) => {
  const id = Number(payload);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
};
const text = (payload: string) => (payload.length > 0 ? payload : null);

export const CHANNELS = {
  filingScored: {
    name: 'filing_scored',
    raisedBy:
      'filings.repo notifyFilingsScored: after a filing is stored or re-scored, at its commit (payload: filing id)',
    heardBy:
      'live/live-hub.ts (live dashboards of watchers of that ticker); alerts.workers.ts (matches watchers, queues alerts)',
    parse: positiveId,
  },
  watchlistChanged: {
    name: 'watchlist_changed',
    raisedBy:
      'trigger watchlist_items_changed_* (drizzle/0009): any insert, update or delete of a watchlist item (payload: user id)',
    heardBy: "live/live-hub.ts: reloads that user's followed tickers and forms for their live subscriptions",
    parse: text,
  },
  watchlistTickerAdded: {
    name: 'watchlist_ticker_added',
    raisedBy:
      'trigger watchlist_items_backfill_notify (drizzle/0005): a ticker inserted into a watchlist (payload: ticker)',
    heardBy:
      'filings.workers.ts backfill watcher: queues an edgar.backfill job for a company whose history is not loaded',
    parse: text,
  },
  quotesWanted: {
    name: 'quotes_wanted',
    raisedBy:
      'quotes.repo notifyQuotesWanted: a reader in any process found these quotes stale (payload: tickers, comma separated)',
    heardBy:
      'quotes.workers.ts: the quote refresher, in the one process holding its leader lock, fetches them (readers ask again after 10 s)',
    parse: (payload: string) => {
      const tickers = payload.split(',').filter((t) => /^[A-Z0-9][A-Z0-9./-]{0,14}$/.test(t));
      return tickers.length > 0 ? tickers : null;
    },
  },
  planChanged: {
    name: 'plan_changed',
    raisedBy: "billing.repo: a user's plan or billing state changed (payload: user id)",
    heardBy: 'billing/plan-hub.ts: billing.planChanges subscriptions of that user',
    parse: text,
  },
  signingKeyChanged: {
    name: 'signing_key_changed',
    raisedBy:
      'trigger signing_keys_changed (drizzle/0042_signing_keys_notify): any insert, update or delete of a signing_keys row (payload: key name)',
    heardBy: "domains/push/vapid.ts: drops this process's cached VAPID pair when the 'vapid' row changes",
    parse: text,
  },
} as const satisfies Record<string, Channel<unknown>>;

type Payload<C> = C extends Channel<infer P> ? P : never;

/**
 * LISTEN on one catalogued channel; malformed payloads are dropped. `onListen` runs on every
 * (re)connection, where a listener catches up on what it may have missed.
 */
export function listenTo<C extends Channel<unknown>>(
  sql: Sql,
  channel: C,
  onPayload: (payload: Payload<C>) => void,
  onListen?: () => void,
) {
  return sql.listen(
    channel.name,
    (raw) => {
      const payload = channel.parse(raw);
      if (payload !== null) onPayload(payload as Payload<C>);
    },
    onListen,
  );
}
