/** What a peer received, in order, with waiting for a message that may still arrive. */
export interface Inbox<T> {
  readonly items: T[];
  push(item: T): void;
  waitFor(match: (item: T) => boolean, timeoutMs: number, what: string): Promise<T>;
}

export function createInbox<T>(): Inbox<T> {
  const items: T[] = [];
  const waiters = new Set<{ match: (item: T) => boolean; resolve: (item: T) => void }>();
  return {
    items,
    push(item) {
      items.push(item);
      for (const waiter of waiters) {
        if (waiter.match(item)) {
          waiters.delete(waiter);
          waiter.resolve(item);
        }
      }
    },
    waitFor(match, timeoutMs, what) {
      const found = items.find(match);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const waiter = {
          match,
          resolve: (item: T) => {
            clearTimeout(timer);
            resolve(item);
          },
        };
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          reject(new Error(`no matching ${what} within ${timeoutMs} ms (${items.length} received)`));
        }, timeoutMs);
        waiters.add(waiter);
      });
    },
  };
}
