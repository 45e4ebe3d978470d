/**
 * `filings.live`: a PRO user's newly scored filings as they are stored. Each event is tracked
 * by a cursor, the highest filing id delivered so far; a client reconnecting with it as
 * lastEventId first gets what it missed from the database, then the tail. The hub buffers from
 * before the replay query, and replayed ids are skipped in the buffer: no gap, no repeat.
 */
import { tracked } from '@trpc/server';
import type { AppDeps } from '../deps';
import { EventQueue } from './event-queue';
import type { LiveFilingEvent } from './live-hub';
import { missedFilings } from './live.repo';

/** Events a client may fall behind by before it is sent off to resume by replay. */
const BUFFER_LIMIT = 1_000;
/** Most filings replayed on reconnect (the newest of what was missed). */
const REPLAY_LIMIT = 100;

export function parseCursor(lastEventId: string | null | undefined): number | null {
  if (!lastEventId || !/^\d{1,15}$/.test(lastEventId)) return null;
  return Number(lastEventId);
}

/**
 * Registers with the hub before returning, so tRPC reports the subscription started only once
 * every later commit will reach it.
 */
export async function openLiveFeed(
  deps: AppDeps,
  { userId, lastEventId, signal }: { userId: string; lastEventId?: string | null; signal?: AbortSignal },
) {
  const queue = new EventQueue<LiveFilingEvent>(BUFFER_LIMIT);
  const unsubscribe = await deps.live.subscribe(userId, { queue });
  // Closed before tRPC started iterating, the generator below never runs its finally.
  const close = () => {
    unsubscribe();
    queue.end();
  };
  signal?.addEventListener('abort', close, { once: true });

  async function* feed() {
    try {
      let cursor = parseCursor(lastEventId);
      const replayed = new Set<number>();
      if (cursor != null) {
        for (const event of await missedFilings(deps.db, { userId, afterId: cursor, limit: REPLAY_LIMIT })) {
          replayed.add(event.id);
          cursor = Math.max(cursor, event.id);
          yield tracked(String(cursor), event);
        }
      }
      for (let event = await queue.next(); event; event = await queue.next()) {
        if (replayed.delete(event.id)) continue;
        cursor = Math.max(cursor ?? 0, event.id);
        yield tracked(String(cursor), event);
      }
    } finally {
      close();
    }
  }
  return feed();
}
