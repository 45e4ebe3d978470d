import { useCallback, useEffect, useRef, useState } from 'react';
import { trpc } from '../../lib/trpc';
import { applyLiveFiling, type LiveFilingEvent } from './live-filing';

const FLASH_MS = 6_000;
const NOTICE_MS = 10_000;

function unwrap(message: unknown): LiveFilingEvent | null {
  // Tracked events arrive as { id, data }.
  const value =
    message && typeof message === 'object' && 'data' in message ? (message as { data: unknown }).data : message;
  if (!value || typeof value !== 'object' || typeof (value as LiveFilingEvent).ticker !== 'string') return null;
  return value as LiveFilingEvent;
}

/**
 * PRO dashboards: new filings arrive over the websocket and update the cached watchlist in place
 * (card, table row, badge, counts), with a short notice and a highlight on the ticker.
 */
export function useLiveFilings(enabled: boolean) {
  const utils = trpc.useUtils();
  const [notice, setNotice] = useState<LiveFilingEvent | null>(null);
  const [flash, setFlash] = useState<ReadonlySet<string>>(new Set());
  const timers = useRef<number[]>([]);

  useEffect(
    () => () =>
      timers.current.forEach((t) => {
        window.clearTimeout(t);
      }),
    [],
  );

  const later = (fn: () => void, ms: number) => timers.current.push(window.setTimeout(fn, ms));

  const subscription = trpc.filings.live.useSubscription(
    {},
    {
      enabled,
      onData: (message) => {
        const event = unwrap(message);
        if (!event) return;
        utils.watchlist.get.setData(undefined, (current) => (current ? applyLiveFiling(current, event) : current));
        const ticker = event.ticker.toUpperCase();
        setNotice(event);
        setFlash((current) => new Set(current).add(ticker));
        later(
          () =>
            setFlash((current) => {
              const next = new Set(current);
              next.delete(ticker);
              return next;
            }),
          FLASH_MS,
        );
        later(() => setNotice((current) => (current === event ? null : current)), NOTICE_MS);
      },
    },
  );

  const dismiss = useCallback(() => setNotice(null), []);
  return { notice, flash, dismiss, status: enabled ? subscription.status : 'idle' };
}
